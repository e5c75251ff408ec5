import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Tooltip } from '@mui/material';
import { useDataProvider, useGetList, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { statusButtons, type StatusChoice } from '../technique-status';
import type { TechniqueProposalRow } from '../technique-proposals.operations';

/**
 * Change the status of technique proposals (§4 technique table): one button per status of the table (EXPIRED for
 * officers only), greyed with the rule it breaks for a non-officer; the server enforces the same rules, and its
 * message is shown when it refuses.
 */
export function TechniqueStatusDialog({
  rows,
  isOfficer,
  open,
  onClose,
}: {
  rows: TechniqueProposalRow[];
  isOfficer: boolean;
  open: boolean;
  onClose(changed: boolean): void;
}) {
  const { t } = useTranslation();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const { data: statuses = [] } = useGetList<StatusChoice>(
    'Statuses',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: open },
  );
  const change = async (status: StatusChoice) => {
    setBusy(true);
    try {
      await dataProvider.changeTechniqueProposalsStatus(
        rows.map((r) => r.primaryKey),
        status.id,
      );
      notify(t('console.techniqueProposals.status.done', { count: rows.length }), { type: 'success' });
      onClose(true);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={() => onClose(false)} aria-labelledby="technique-status-title">
      <DialogTitle id="technique-status-title">{t('console.techniqueProposals.status.title')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 1 }}>
          {statusButtons(statuses, rows, isOfficer).map(({ status, refusal }) => (
            <Tooltip key={status.id} title={refusal ?? ''}>
              <span>
                <Button
                  variant="outlined"
                  disabled={busy || refusal !== null}
                  onClick={() => void change(status)}
                >
                  {status.name}
                </Button>
              </span>
            </Tooltip>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('console.proposals.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
