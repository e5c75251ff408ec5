import { useState } from 'react';
import {
  Alert,
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

/** Clone proposal(s) to call (§2 dialog, §7 cloneProposals): into a call open now (the server checks the rules). */
export function CloneDialog({
  proposalPks,
  open,
  onClose,
}: {
  proposalPks: number[];
  open: boolean;
  onClose(cloned: boolean): void;
}) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const { data: calls = [] } = useGetList(
    'Calls',
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { isActive: true },
    },
    { enabled: open },
  );
  const [callId, setCallId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (callId === '') {
      setError(t('console.proposals.clone.required'));
      return;
    }
    setBusy(true);
    try {
      await dataProvider.cloneProposals(callId, proposalPks);
      notify(t('success.proposalCloned'), { type: 'success' });
      onClose(true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => onClose(false)} fullWidth maxWidth="xs" aria-labelledby="clone-title">
      <DialogTitle id="clone-title">{t('console.proposals.clone.title')}</DialogTitle>
      <DialogContent>
        {calls.length === 0 ? (
          <Alert severity="info">{t('console.proposals.clone.noCalls')}</Alert>
        ) : (
          <FormControl fullWidth margin="dense" error={error !== null}>
            <InputLabel id="clone-call-label">{t('console.proposals.clone.call')}</InputLabel>
            <Select
              labelId="clone-call-label"
              label={t('console.proposals.clone.call')}
              value={callId}
              onChange={(e) => {
                setCallId((e.target.value as number | '') === '' ? '' : Number(e.target.value));
                setError(null);
              }}
            >
              {calls.map((c: { id: number; shortCode: string }) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.shortCode}
                </MenuItem>
              ))}
            </Select>
            {error ? <FormHelperText role="alert">{error}</FormHelperText> : null}
          </FormControl>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('console.proposals.cancel')}</Button>
        <Button variant="contained" disabled={busy || calls.length === 0} onClick={() => void submit()}>
          {t('console.proposals.clone.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
