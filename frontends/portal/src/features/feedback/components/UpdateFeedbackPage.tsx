import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { request } from '@user-office/frontend-shared/graphql-client';
import {
  questionaryStepDefinitions,
  useQuestionary,
  Wizard,
  type BasisExtension,
  type WizardStepDefinition,
} from '@user-office/frontend-shared/questionary';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { FeedbackPageDocument, type FeedbackPageQuery } from '../../../gql/graphql';
import '../translations';
import { FeedbackReview } from './FeedbackReview';
import { FeedbackSummary } from './FeedbackSummary';

type LoadedFeedback = NonNullable<FeedbackPageQuery['getFeedback']>;

type LoadState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; feedback: LoadedFeedback };

/**
 * /UpdateFeedback/{feedbackId} (§2): the feedback wizard (§2 Wizards: "feedback") — the FEEDBACK_BASIS question
 * (what the feedback is about: it has no value of its own) and the active feedback template's questions — then
 * Review and submit (confirmed; DRAFT → SUBMITTED, read-only afterwards, §4).
 */
export function UpdateFeedbackPage() {
  const { t } = useTranslation();
  const id = Number(useParams().feedbackId);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  const load = useCallback(async () => {
    if (!Number.isInteger(id) || id <= 0) return setState({ kind: 'notFound' });
    try {
      const { getFeedback } = await request(FeedbackPageDocument, { feedbackId: id });
      setState(getFeedback ? { kind: 'loaded', feedback: getFeedback } : { kind: 'notFound' });
    } catch (e) {
      setState((s) => (s.kind === 'loaded' ? s : { kind: 'error', message: (e as Error).message }));
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  const heading = (
    <Typography component="h1" variant="h5" gutterBottom>
      {t('feedback.title')}
    </Typography>
  );
  if (state.kind === 'loading') return <CircularProgress aria-label={t('app.loading')} />;
  if (state.kind !== 'loaded') {
    return (
      <Box>
        {heading}
        <Alert severity="error">{state.kind === 'notFound' ? t('feedback.notFound') : state.message}</Alert>
      </Box>
    );
  }
  return (
    <Box>
      {heading}
      {state.feedback.experiment ? <FeedbackSummary experiment={state.feedback.experiment} /> : null}
      <FeedbackWizard feedback={state.feedback} reload={load} />
    </Box>
  );
}

function FeedbackWizard({ feedback, reload }: { feedback: LoadedFeedback; reload(): Promise<void> }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const locked = feedback.status === 'SUBMITTED';
  const questionary = useQuestionary(feedback.questionaryId);
  const reloadQuestionary = questionary.reload;
  const reloadAll = useCallback(async () => {
    await Promise.all([reload(), reloadQuestionary()]);
  }, [reload, reloadQuestionary]);
  const experiment = feedback.experiment;

  // FEEDBACK_BASIS: says what the feedback is about; nothing to save (the server gives its answer)
  const basis = useMemo<BasisExtension>(
    () => ({
      initialValues: {},
      schema: {},
      Component: () => (
        <Typography>
          {t('feedback.basis', {
            experimentId: experiment?.experimentId ?? feedback.experimentPk,
            proposalId: experiment?.proposal?.proposalId ?? '',
            title: experiment?.proposal?.title ?? '',
          })}
        </Typography>
      ),
      save: async () => undefined,
    }),
    [experiment, feedback.experimentPk, t],
  );

  const questionarySteps = questionary.steps;
  const steps = useMemo<WizardStepDefinition[]>(
    () => [
      ...questionaryStepDefinitions({
        steps: questionarySteps,
        questionaryId: feedback.questionaryId,
        owner: { proposalPk: feedback.proposalPk },
        basis,
      }),
      {
        key: 'review',
        title: t('feedback.review'),
        isCompleted: locked,
        isReview: true,
        render: (ctx) => (
          <FeedbackReview
            feedbackId={feedback.id}
            steps={questionarySteps}
            locked={locked}
            goBack={ctx.goBack}
            reload={reloadAll}
          />
        ),
      },
    ],
    [questionarySteps, feedback.questionaryId, feedback.proposalPk, feedback.id, basis, locked, reloadAll, t],
  );

  if (questionary.error) return <Alert severity="error">{questionary.error}</Alert>;
  if (!questionary.questionary) return <CircularProgress aria-label={t('app.loading')} />;
  return (
    <>
      {locked ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('feedback.readOnlySubmitted')}
          {feedback.submittedAt
            ? ` ${t('feedback.submittedOn', { date: dates.dateTime(feedback.submittedAt) })}`
            : null}
        </Alert>
      ) : null}
      <Wizard steps={steps} readonly={locked} reload={reloadAll} stepParam="step" />
    </>
  );
}
