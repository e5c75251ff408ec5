import { useState } from 'react';
import {
  Alert,
  AppBar,
  Box,
  Button,
  CircularProgress,
  Dialog,
  IconButton,
  Tab,
  Tabs,
  Toolbar,
  Typography,
} from '@mui/material';
import Close from '@mui/icons-material/Close';
import Edit from '@mui/icons-material/Edit';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { useSettings } from '@user-office/frontend-shared/settings';
import { useGetOne, useRefresh } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProposalRecord } from '../proposals.operations';
import { AdminTab } from './review/AdminTab';
import { FapReviewsTab } from './review/FapReviewsTab';
import { GradeTab } from './review/GradeTab';
import { InformationTab } from './review/InformationTab';
import { HistoryTab } from './review/HistoryTab';
import { LogsTab } from './review/LogsTab';
import { reviewTabs } from './review/technical-review-access';
import { TechnicalReviewsTab } from './review/TechnicalReviewsTab';
import { ChangeStatusDialog } from './ChangeStatusDialog';

/**
 * The review modal (§2): full screen, opened by the reviewModal address parameter, its tab in modalTab (tab 0
 * removes the parameter). Tabs by role (§2 order, §6): Proposal information; Technical reviews (officers,
 * scientists, internal reviewers, FAP chair/secretary, feature TECHNICAL_REVIEW); FAP reviews (officers), Admin
 * (officers), Grade (FAP reviewers, chairs, secretaries: their own review), Logs and History (officers); the FAP tabs need
 * FAP_REVIEW.
 */
export function ReviewModal({ proposalPk }: { proposalPk: number }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const refresh = useRefresh();
  const session = useCurrentSession();
  const settings = useSettings();
  const TABS = reviewTabs(session.currentRole, settings.isEnabled);
  const tab = Math.min(Math.max(Number(searchParams.get('modalTab')) || 0, 0), TABS.length - 1);
  const { data, error, refetch } = useGetOne<ProposalRecord>('Proposals', { id: proposalPk });
  // react-admin starts from the table's row (its list cache): the modal waits for the whole proposal
  const proposal = data && 'questionary' in data ? data : undefined;
  const [changingStatus, setChangingStatus] = useState(false);
  // §6: the officer toggles editing of the proposal; the editing itself is the portal's wizard (one sign-in)
  const isOfficer = session.currentRole === 'USER_OFFICER';
  const [editing, setEditing] = useState(false);

  const setTab = (next: number) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 0) params.delete('modalTab');
        else params.set('modalTab', String(next));
        return params;
      },
      { replace: true },
    );

  const close = () =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete('reviewModal');
      params.delete('modalTab');
      return params;
    });

  const title = proposal ? t('console.review.title', { id: proposal.proposalId }) : '';
  return (
    <Dialog fullScreen open onClose={close} aria-labelledby="review-modal-title">
      <AppBar position="sticky">
        <Toolbar>
          <IconButton edge="start" color="inherit" onClick={close} aria-label={t('console.review.close')}>
            <Close />
          </IconButton>
          <Typography id="review-modal-title" component="h2" variant="h6" sx={{ ml: 2, flex: 1 }} noWrap>
            {title} {proposal ? `— ${proposal.title}` : null}
          </Typography>
          {proposal ? (
            <Typography sx={{ mr: 2 }} data-testid="review-status">
              {proposal.status?.name}
            </Typography>
          ) : null}
          {isOfficer ? (
            <>
              <Button
                color="inherit"
                variant={editing ? 'contained' : 'text'}
                startIcon={<Edit />}
                aria-pressed={editing}
                disabled={!proposal}
                onClick={() => {
                  setEditing((on) => !on);
                  setTab(0);
                }}
                sx={{ mr: 1, ...(editing ? { bgcolor: 'primary.dark' } : {}) }}
              >
                {t('console.review.editProposal')}
              </Button>
              <Button
                color="inherit"
                startIcon={<OpenInNew />}
                href={`/ProposalEdit/${proposalPk}`}
                sx={{ mr: 1 }}
              >
                {t('console.review.openInPortal')}
              </Button>
            </>
          ) : null}
          {isOfficer ? (
            <Button
              color="inherit"
              variant="outlined"
              disabled={!proposal}
              onClick={() => setChangingStatus(true)}
            >
              {t('console.review.changeStatus')}
            </Button>
          ) : null}
        </Toolbar>
        <Tabs
          value={tab}
          onChange={(_e, next: number) => setTab(next)}
          textColor="inherit"
          indicatorColor="secondary"
          aria-label={title}
          sx={{ bgcolor: 'primary.dark' }}
        >
          {TABS.map((name) => (
            <Tab key={name} label={t(`console.review.tabs.${name}`)} id={`review-tab-${name}`} />
          ))}
        </Tabs>
      </AppBar>
      <Box component="main" sx={{ p: 3 }} role="tabpanel" aria-labelledby={`review-tab-${TABS[tab]}`}>
        {error ? (
          <Alert severity="error">{(error as Error).message || t('errors.proposalNotFound')}</Alert>
        ) : null}
        {!proposal && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {proposal && TABS[tab] === 'information' ? (
          <InformationTab proposal={proposal} editing={editing} />
        ) : null}
        {proposal && TABS[tab] === 'technical' ? <TechnicalReviewsTab proposal={proposal} /> : null}
        {proposal && TABS[tab] === 'admin' ? (
          <AdminTab
            proposal={proposal}
            onSaved={() => {
              void refetch();
              refresh();
            }}
          />
        ) : null}
        {proposal && TABS[tab] === 'fapReviews' ? <FapReviewsTab proposal={proposal} /> : null}
        {proposal && TABS[tab] === 'grade' ? <GradeTab proposal={proposal} onSaved={refresh} /> : null}
        {proposal && TABS[tab] === 'logs' ? <LogsTab proposal={proposal} /> : null}
        {proposal && TABS[tab] === 'history' ? <HistoryTab proposal={proposal} /> : null}
      </Box>
      {proposal ? (
        <ChangeStatusDialog
          proposalPks={[proposal.primaryKey]}
          open={changingStatus}
          onClose={(changed) => {
            setChangingStatus(false);
            if (changed) {
              void refetch();
              refresh();
            }
          }}
        />
      ) : null}
    </Dialog>
  );
}
