import { useState } from 'react';
import { Button } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Email from '@mui/icons-material/Email';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import PersonSearch from '@mui/icons-material/PersonSearch';
import Groups from '@mui/icons-material/Groups';
import Science from '@mui/icons-material/Science';
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
import type { ProposalRow } from '../proposals.operations';
import { useRowCommand } from '../../../components/use-row-command';
import { commonInstruments, technicalReviewsToSubmit } from '../technical-review-actions';
import { AssignFapDialog } from './AssignFapDialog';
import { AssignInstrumentDialog } from './AssignInstrumentDialog';
import { ChangeStatusDialog } from './ChangeStatusDialog';
import { CloneDialog } from './CloneDialog';
import { DownloadMenu } from './DownloadMenu';
import { ReassignReviewerDialog } from './ReassignReviewerDialog';
import { useStaffRole } from './use-staff-role';

type Open = 'status' | 'clone' | 'notify' | 'delete' | 'instrument' | 'reassign' | 'fap' | null;

/**
 * The bulk actions of the staff table (§2 toolbar), by role (§6): the officer's download, submit technical
 * reviews, reassign technical reviewer, change status, notify, clone, assign to FAP, assign to instrument, delete; the instrument
 * scientist's download, submit technical reviews and reassign. Instrument and technical review actions need their
 * features (INSTRUMENT_MANAGEMENT, TECHNICAL_REVIEW).
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
  const role = useStaffRole();
  const { confirmThenRun, confirmDialog } = useRowCommand();
  // the selection's rows (from every page loaded): their instruments and technical reviews
  const [rows, setRows] = useState<ProposalRow[]>([]);
  const openWithRows = async (what: 'instrument' | 'reassign' | 'fap') => {
    setRows(await dataProvider.loadedProposals(pks));
    setOpen(what);
  };

  const submitReviews = async () => {
    const { reviews, incomplete } = technicalReviewsToSubmit(await dataProvider.loadedProposals(pks), role);
    if (reviews.length === 0) {
      notify(t('console.proposals.submitReviews.nothing'), { type: 'info' });
      return;
    }
    await confirmThenRun(
      incomplete.length > 0
        ? t('console.proposals.submitReviews.incomplete', { ids: incomplete.join(', ') })
        : t('console.proposals.submitReviews.confirm', { count: reviews.length }),
      () => dataProvider.submitTechnicalReviews(reviews),
      t('console.proposals.submitReviews.done'),
    );
  };

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
      {role.technicalReviews && (role.isOfficer || role.isScientist) ? (
        <Button size="small" startIcon={<AssignmentTurnedIn />} onClick={() => void submitReviews()}>
          {t('console.proposals.submitReviews.button')}
        </Button>
      ) : null}
      {role.technicalReviews && role.instruments && (role.isOfficer || role.isScientist) ? (
        <Button size="small" startIcon={<PersonSearch />} onClick={() => void openWithRows('reassign')}>
          {t('console.proposals.reassign.button')}
        </Button>
      ) : null}
      {role.isOfficer ? officerActions() : null}
      {confirmDialog}
      <ReassignReviewerDialog rows={rows} open={open === 'reassign'} onClose={done} />
    </>
  );

  // called, not rendered as a component: its dialogs keep their state across renders
  function officerActions() {
    return (
      <>
        <Button size="small" startIcon={<SwapHoriz />} onClick={() => setOpen('status')}>
          {t('console.proposals.changeStatus.button')}
        </Button>
        <Button size="small" startIcon={<Email />} onClick={() => setOpen('notify')}>
          {t('console.proposals.notify.button')}
        </Button>
        <Button size="small" startIcon={<ContentCopy />} onClick={() => setOpen('clone')}>
          {t('console.proposals.clone.button')}
        </Button>
        {role.faps ? (
          <Button size="small" startIcon={<Groups />} onClick={() => void openWithRows('fap')}>
            {t('console.faps.assign.button')}
          </Button>
        ) : null}
        {role.instruments ? (
          <Button size="small" startIcon={<Science />} onClick={() => void openWithRows('instrument')}>
            {t('console.proposals.assignInstrument.button')}
          </Button>
        ) : null}
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
        {role.faps ? <AssignFapDialog rows={rows} open={open === 'fap'} onClose={done} /> : null}
        <AssignInstrumentDialog
          proposalPks={pks}
          initial={commonInstruments(rows)}
          open={open === 'instrument'}
          onClose={done}
        />
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
}
