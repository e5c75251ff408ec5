import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
} from '@mui/material';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';

/** Change proposal(s) status (§2 toolbar, §7 changeProposalsStatus): "You must select proposal status" without one. */
export function ChangeStatusDialog({
  proposalPks,
  open,
  onClose,
}: {
  proposalPks: number[];
  open: boolean;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const { data: statuses = [] } = useGetList('Statuses', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const [statusId, setStatusId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (statusId === '') {
      setError(t('console.proposals.changeStatus.required'));
      return;
    }
    setBusy(true);
    try {
      await dataProvider.changeProposalsStatus(proposalPks, statusId);
      notify(t('console.proposals.changeStatus.done', { count: proposalPks.length }), { type: 'success' });
      setStatusId('');
      onClose(true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-status-title"
    >
      <DialogTitle id="change-status-title">{t('console.proposals.changeStatus.title')}</DialogTitle>
      <DialogContent>
        <FormControl fullWidth margin="dense" error={error !== null}>
          <InputLabel id="change-status-label">{t('console.proposals.changeStatus.status')}</InputLabel>
          <Select
            labelId="change-status-label"
            label={t('console.proposals.changeStatus.status')}
            value={statusId}
            onChange={(e) => {
              setStatusId((e.target.value as number | '') === '' ? '' : Number(e.target.value));
              setError(null);
            }}
          >
            {statuses.map((s: { id: number; name: string }) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </Select>
          {error ? <FormHelperText role="alert">{error}</FormHelperText> : null}
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('console.proposals.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {t('console.proposals.changeStatus.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
