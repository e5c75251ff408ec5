import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { questionaryStepDefinitions, Wizard } from '@user-office/frontend-shared/questionary';
import type { WizardStepDefinition } from '@user-office/frontend-shared/questionary';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import { ProposalsProposalDocument } from '../../../gql/graphql';
import { ApiError, request } from '@user-office/frontend-shared/graphql-client';
import { readOnlyReason, toQuestionaryStep, type LoadedProposal } from '../lib/proposal-model';
import { ProposalBasisContext, useProposalBasis } from './basis/ProposalBasis';
import { ProposalReview } from './ProposalReview';
import { ProposalTechnicalReviews } from './ProposalTechnicalReviews';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; proposal: LoadedProposal };

/** /ProposalEdit/{proposalPk}: the proposal's wizard (its questionary steps, then Review). */
export function ProposalEdit() {
  const { t } = useTranslation();
  const { proposalPk } = useParams();
  const pk = Number(proposalPk);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  const load = useCallback(async () => {
    if (!Number.isInteger(pk) || pk <= 0) {
      setState({ kind: 'notFound' });
      return;
    }
    try {
      const data = await request(ProposalsProposalDocument, { primaryKey: pk });
      setState(data.getProposal ? { kind: 'loaded', proposal: data.getProposal } : { kind: 'notFound' });
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN'))
        setState({ kind: 'notFound' });
      else setState((s) => (s.kind === 'loaded' ? s : { kind: 'error', message: (e as Error).message }));
    }
  }, [pk]);

  useEffect(() => {
    setState({ kind: 'loading' });
    void load();
  }, [load]);

  if (state.kind === 'loading') return <CircularProgress aria-label={t('app.loading')} />;
  if (state.kind === 'notFound' || state.kind === 'error') {
    return (
      <Box>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('proposals.edit.title')}
        </Typography>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void load()}>
              {t('errors.retry')}
            </Button>
          }
        >
          {state.kind === 'notFound' ? t('errors.proposalNotFound') : state.message}
        </Alert>
      </Box>
    );
  }
  return <LoadedProposalEdit key={state.proposal.primaryKey} proposal={state.proposal} reload={load} />;
}

function LoadedProposalEdit({ proposal, reload }: { proposal: LoadedProposal; reload(): Promise<void> }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const [submissionMessage, setSubmissionMessage] = useState<string | null>(null);
  const reason = readOnlyReason(proposal, session);
  const { basis, context } = useProposalBasis({
    proposal,
    callId: proposal.callId,
    session,
    creator: null,
  });

  const steps = useMemo<WizardStepDefinition[]>(() => {
    const questionary = proposal.questionary;
    const questionarySteps = questionaryStepDefinitions({
      steps: (questionary?.steps ?? []).map(toQuestionaryStep),
      questionaryId: proposal.questionaryId,
      owner: { proposalPk: proposal.primaryKey, callId: proposal.callId, submitted: proposal.submitted },
      basis,
    });
    const review: WizardStepDefinition = {
      key: 'review',
      title: t('proposals.review.title'),
      isCompleted: proposal.submitted,
      isReview: true,
      render: (ctx) => (
        <ProposalReview
          proposal={proposal}
          readonly={ctx.readonly}
          readOnlyReason={reason}
          submissionMessage={submissionMessage}
          onSubmitted={async (message) => {
            setSubmissionMessage(message);
            await reload();
          }}
        />
      ),
    };
    return [...questionarySteps, review];
  }, [proposal, basis, t, reason, submissionMessage, reload]);

  const heading = proposal.title || t('proposals.edit.titleWithId', { id: proposal.proposalId });
  return (
    <Box>
      <Typography component="h1" variant="h5" gutterBottom>
        {heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {[
          `${proposal.submitted ? t('proposals.edit.reference') : t('proposals.edit.preSubmissionReference')}: ${proposal.proposalId}`,
          proposal.status ? `${t('proposals.edit.status')}: ${proposal.status.name}` : null,
          proposal.call ? `${t('proposals.edit.call')}: ${proposal.call.shortCode}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {reason === 'submitted' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('proposals.edit.readOnlySubmitted')}
        </Alert>
      ) : null}
      {reason === 'callClosed' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('proposals.edit.readOnlyCallClosed')}
        </Alert>
      ) : null}
      {proposal.submitted ? <ProposalTechnicalReviews proposalPk={proposal.primaryKey} /> : null}
      <ProposalBasisContext.Provider value={context}>
        <Wizard
          steps={steps}
          readonly={reason !== null}
          canJumpAnywhere={session.currentRole === 'USER_OFFICER'}
          reload={reload}
          stepParam="step"
        />
      </ProposalBasisContext.Provider>
    </Box>
  );
}
