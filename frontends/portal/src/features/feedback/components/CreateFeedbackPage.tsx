import { useEffect, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { request } from '@user-office/frontend-shared/graphql-client';
import {
  FeedbackCreateDocument,
  FeedbackUserExperimentsDocument,
  type FeedbackExperimentFragment,
} from '../../../gql/graphql';
import '../translations';
import { FeedbackSummary } from './FeedbackSummary';

type State =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'notCompleted'; experiment: FeedbackExperimentFragment }
  | { kind: 'error'; message: string; experiment: FeedbackExperimentFragment | null };

/** The caller's experiment, or null when it is not one of theirs. */
async function experimentOf(experimentPk: number): Promise<FeedbackExperimentFragment | null> {
  const data = await request(FeedbackUserExperimentsDocument);
  return data.getUserExperiments.find((e) => e.experimentPk === experimentPk) ?? null;
}

/**
 * /CreateFeedback/{experimentPk} (§2): the caller's feedback on their completed experiment. On first use it starts
 * the feedback (createFeedback); then, and whenever the feedback exists already, it goes on to
 * /UpdateFeedback/{feedbackId}. An experiment not completed yet says so (§4 "inactive (experiment not completed)").
 */
export function CreateFeedbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pk = Number(useParams().experimentPk);
  const [state, setState] = useState<State>({ kind: 'loading' });
  // one start per page (a re-run of the effect must not start a second feedback)
  const started = useRef<number | null>(null);

  useEffect(() => {
    if (!Number.isInteger(pk) || pk <= 0) {
      setState({ kind: 'notFound' });
      return;
    }
    if (started.current === pk) return;
    started.current = pk;
    const toFeedback = (feedbackId: number) => navigate(`/UpdateFeedback/${feedbackId}`, { replace: true });
    void (async () => {
      let experiment: FeedbackExperimentFragment | null = null;
      try {
        experiment = await experimentOf(pk);
        if (!experiment) return setState({ kind: 'notFound' });
        if (experiment.feedback) return void toFeedback(experiment.feedback.id);
        if (experiment.status !== 'COMPLETED') return setState({ kind: 'notCompleted', experiment });
        const created = await request(FeedbackCreateDocument, { experimentPk: pk });
        void toFeedback(created.createFeedback.id);
      } catch (e) {
        // started meanwhile (another tab): go on to it
        const again = await experimentOf(pk).catch(() => null);
        if (again?.feedback) return void toFeedback(again.feedback.id);
        setState({ kind: 'error', message: (e as Error).message, experiment });
      }
    })();
  }, [pk, navigate]);

  const heading = (
    <Typography component="h1" variant="h5" gutterBottom>
      {t('feedback.title')}
    </Typography>
  );
  if (state.kind === 'loading') {
    return (
      <Box>
        {heading}
        <CircularProgress aria-label={t('feedback.creating')} />
      </Box>
    );
  }
  return (
    <Box>
      {heading}
      {state.kind !== 'notFound' && state.experiment ? (
        <FeedbackSummary experiment={state.experiment} />
      ) : null}
      {state.kind === 'notFound' ? <Alert severity="error">{t('feedback.experimentNotFound')}</Alert> : null}
      {state.kind === 'notCompleted' ? <Alert severity="info">{t('feedback.notCompleted')}</Alert> : null}
      {state.kind === 'error' ? (
        <Alert severity="error" role="alert">
          {state.message}
        </Alert>
      ) : null}
    </Box>
  );
}
