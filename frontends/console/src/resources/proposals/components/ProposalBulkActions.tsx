import { useState } from 'react';
import { Button } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Email from '@mui/icons-material/Email';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import {
  Confirm,
  useDataProvider,
  useDeleteMany,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { ChangeStatusDialog } from './ChangeStatusDialog';
import { CloneDialog } from './CloneDialog';
import { DownloadMenu } from './DownloadMenu';

type Open = 'status' | 'clone' | 'notify' | 'delete' | null;

/**
 * The bulk actions of the staff table (§2 toolbar): download, change status, notify, clone, delete. Later parts
 * (assign to instrument, FAP, technical reviews) add their buttons here.
 */
export function ProposalBulkActions() {
  const { t } = useTranslation();
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('Proposals');
  const [deleteMany, { isPending: deleting }] = useDeleteMany();
  const [open, setOpen] = useState<Open>(null);
  const pks = selectedIds.map(Number);

  const done = (changed: boolean) => {
    setOpen(null);
    if (changed) refresh();
  };

  const notifyAll = async () => {
    setOpen(null);
    let sent = 0;
    for (const pk of pks) {
      try {
        await dataProvider.notifyProposal(pk);
        sent += 1;
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
      }
    }
    if (sent > 0) notify(t('console.proposals.notify.done', { count: sent }), { type: 'success' });
    refresh();
  };

  const deleteAll = () => {
    setOpen(null);
    deleteMany(
      'Proposals',
      { ids: pks },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(t('console.proposals.delete.done', { count: pks.length }), { type: 'success' });
          unselectAll();
          refresh();
        },
        onError: (e) => {
          notify((e as Error).message, { type: 'error' });
          refresh();
        },
      },
    );
  };

  return (
    <>
      <DownloadMenu proposalPks={pks} />
      <Button size="small" startIcon={<SwapHoriz />} onClick={() => setOpen('status')}>
        {t('console.proposals.changeStatus.button')}
      </Button>
      <Button size="small" startIcon={<Email />} onClick={() => setOpen('notify')}>
        {t('console.proposals.notify.button')}
      </Button>
      <Button size="small" startIcon={<ContentCopy />} onClick={() => setOpen('clone')}>
        {t('console.proposals.clone.button')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<Delete />}
        disabled={deleting}
        onClick={() => setOpen('delete')}
      >
        {t('console.proposals.delete.button')}
      </Button>
      <ChangeStatusDialog proposalPks={pks} open={open === 'status'} onClose={done} />
      <CloneDialog proposalPks={pks} open={open === 'clone'} onClose={done} />
      <Confirm
        isOpen={open === 'notify'}
        title={t('confirm.title')}
        content={t('console.proposals.notify.confirm', { count: pks.length })}
        onConfirm={() => void notifyAll()}
        onClose={() => setOpen(null)}
      />
      <Confirm
        isOpen={open === 'delete'}
        title={t('confirm.title')}
        content={t('console.proposals.delete.confirm', { count: pks.length })}
        onConfirm={deleteAll}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
