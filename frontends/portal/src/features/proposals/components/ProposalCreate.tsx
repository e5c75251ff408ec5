import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { questionaryStepDefinitions, Wizard } from '@user-office/frontend-shared/questionary';
import type { WizardStepDefinition } from '@user-office/frontend-shared/questionary';
import { useCurrentSession } from '@user-office/frontend-shared/session';
import {
  ProposalsBlankStepsDocument,
  ProposalsUserDetailsDocument,
  type ProposalsBlankStepsQuery,
} from '../../../gql/graphql';
import { request } from '@user-office/frontend-shared/graphql-client';
import { toQuestionaryStep, type ProposalUser } from '../lib/proposal-model';
import { ProposalBasisContext, useProposalBasis } from './basis/ProposalBasis';

interface Blank {
  steps: ProposalsBlankStepsQuery['getBlankQuestionaryStepsByCallId'];
  call: ProposalsBlankStepsQuery['getCall'];
  creator: ProposalUser | null;
}

/**
 * /ProposalCreate/{callId}/{templateId}: the call's blank steps; nothing exists until the first save (id 0, §4),
 * which creates the proposal and moves on to /ProposalEdit/{pk}.
 */
export function ProposalCreate() {
  const { t } = useTranslation();
  const { callId: rawCallId } = useParams();
  const callId = Number(rawCallId);
  const session = useCurrentSession();
  const navigate = useNavigate();
  const [blank, setBlank] = useState<Blank | null>(null);
  const [error, setError] = useState<string | null>(null);
  const createdPk = useRef<number | null>(null);

  useEffect(() => {
    if (!Number.isInteger(callId) || callId <= 0) {
      setError(t('proposals.create.callNotFound'));
      return;
    }
    Promise.all([
      request(ProposalsBlankStepsDocument, { callId }),
      request(ProposalsUserDetailsDocument, { userId: session.userId }).catch(() => null),
    ])
      .then(([data, me]) =>
        setBlank({
          steps: data.getBlankQuestionaryStepsByCallId,
          call: data.getCall,
          creator: me?.getBasicUserDetails ?? null,
        }),
      )
      .catch((e: Error) => setError(e.message));
  }, [callId, session.userId, t]);

  const afterCreation = useCallback(() => {
    if (createdPk.current !== null) navigate(`/ProposalEdit/${createdPk.current}`, { replace: true });
  }, [navigate]);

  const { basis, context } = useProposalBasis({
    proposal: null,
    callId,
    session,
    creator: blank?.creator ?? null,
    onCreated: (pk) => {
      createdPk.current = pk;
    },
  });

  const steps = useMemo<WizardStepDefinition[]>(() => {
    if (!blank) return [];
    const questionarySteps = questionaryStepDefinitions({
      steps: blank.steps.map(toQuestionaryStep),
      questionaryId: null,
      owner: { proposalPk: null, callId, submitted: false },
      basis,
    });
    const review: WizardStepDefinition = {
      key: 'review',
      title: t('proposals.review.title'),
      isCompleted: false,
      isReview: true,
      render: () => <Alert severity="info">{t('proposals.review.notCreated')}</Alert>,
    };
    return [...questionarySteps, review];
  }, [blank, basis, callId, t]);

  const callName = blank?.call ? blank.call.title || blank.call.shortCode : null;
  return (
    <Box>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('proposals.create.title')}
      </Typography>
      {callName ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('proposals.edit.call')}: {callName}
        </Typography>
      ) : null}
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!blank && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {blank ? (
        <ProposalBasisContext.Provider value={context}>
          <Wizard steps={steps} initialStep={0} reload={async () => afterCreation()} />
        </ProposalBasisContext.Provider>
      ) : null}
    </Box>
  );
}
