import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
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
import { ExperimentsCreateSafetyDocument, ExperimentsSafetyPageDocument } from '../../../gql/graphql';
import { EsiContext, type EsiContextValue, type LoadedExperiment, type LoadedSafety } from './esi-context';
import { EsiReview } from './EsiReview';
import { EsiSamples } from './EsiSamples';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; experiment: LoadedExperiment; safety: LoadedSafety | null };

/** PROPOSAL_ESI_BASIS: the proposal and its samples (the server fills the answer in with the proposal). */
const ESI_BASIS: BasisExtension = {
  initialValues: {},
  schema: {},
  Component: EsiSamples,
  save: async () => undefined,
};

/** /ExperimentSafety/{experimentPk}: the experiment safety input (ESI) wizard of one of the caller's experiments. */
export function ExperimentSafetyPage() {
  const { t } = useTranslation();
  const { experimentPk } = useParams();
  const pk = Number(experimentPk);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!Number.isInteger(pk) || pk <= 0) {
      setState({ kind: 'notFound' });
      return;
    }
    try {
      const data = await request(ExperimentsSafetyPageDocument);
      const experiment = data.getUserExperiments.find((e) => e.experimentPk === pk);
      setState(
        experiment
          ? { kind: 'loaded', experiment, safety: experiment.experimentSafety ?? null }
          : { kind: 'notFound' },
      );
    } catch (e) {
      setState((s) => (s.kind === 'loaded' ? s : { kind: 'error', message: (e as Error).message }));
    }
  }, [pk]);

  useEffect(() => {
    void load();
  }, [load]);

  const create = async () => {
    setCreating(true);
    setCreateError(null);
    try {
      await request(ExperimentsCreateSafetyDocument, { experimentPk: pk });
      await load();
    } catch (e) {
      setCreateError((e as Error).message);
    } finally {
      setCreating(false);
    }
  };

  const heading = (
    <Typography component="h1" variant="h5" gutterBottom>
      {t('experiments.esi.title')}
    </Typography>
  );
  if (state.kind === 'loading') return <CircularProgress aria-label={t('app.loading')} />;
  if (state.kind !== 'loaded') {
    return (
      <Box>
        {heading}
        <Alert severity="error">
          {state.kind === 'notFound' ? t('experiments.esi.notFound') : state.message}
        </Alert>
      </Box>
    );
  }
  if (!state.safety) {
    return (
      <Box>
        {heading}
        <ExperimentSummary experiment={state.experiment} />
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" disabled={creating} onClick={() => void create()}>
              {t('experiments.esi.create')}
            </Button>
          }
        >
          {t('experiments.esi.noneYet')}
        </Alert>
        {createError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {createError}
          </Alert>
        ) : null}
      </Box>
    );
  }
  return (
    <Box>
      {heading}
      <ExperimentSummary experiment={state.experiment} />
      <LoadedEsi experiment={state.experiment} safety={state.safety} reload={load} />
    </Box>
  );
}

function ExperimentSummary({ experiment }: { experiment: LoadedExperiment }) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  return (
    <Typography color="text.secondary" sx={{ mb: 2 }}>
      {[
        `${t('experiments.columns.proposalId')}: ${experiment.proposal?.proposalId ?? ''}`,
        experiment.proposal?.title,
        `${t('experiments.esi.experiment')}: ${experiment.experimentId}`,
        experiment.instrument?.name,
        `${dates.dateTime(experiment.startsAt)} – ${dates.dateTime(experiment.endsAt)}`,
      ]
        .filter(Boolean)
        .join(' · ')}
    </Typography>
  );
}

function LoadedEsi({
  experiment,
  safety,
  reload,
}: {
  experiment: LoadedExperiment;
  safety: LoadedSafety;
  reload(): Promise<void>;
}) {
  const { t } = useTranslation();
  const locked = safety.esiQuestionarySubmittedAt !== null && safety.esiQuestionarySubmittedAt !== undefined;
  const questionary = useQuestionary(safety.esiQuestionaryId);
  const reloadQuestionary = questionary.reload;
  const reloadAll = useCallback(async () => {
    await Promise.all([reload(), reloadQuestionary()]);
  }, [reload, reloadQuestionary]);
  const context = useMemo<EsiContextValue>(
    () => ({ experiment, safety, locked, reload }),
    [experiment, safety, locked, reload],
  );

  const questionarySteps = questionary.steps;
  const steps = useMemo<WizardStepDefinition[]>(() => {
    const review: WizardStepDefinition = {
      key: 'review',
      title: t('experiments.esi.review'),
      isCompleted: locked,
      isReview: true,
      render: (ctx) => <EsiReview steps={questionarySteps} goBack={ctx.goBack} />,
    };
    return [
      ...questionaryStepDefinitions({
        steps: questionarySteps,
        questionaryId: safety.esiQuestionaryId,
        owner: { proposalPk: safety.proposalPk },
        basis: ESI_BASIS,
      }),
      review,
    ];
  }, [questionarySteps, safety.esiQuestionaryId, safety.proposalPk, locked, t]);

  if (questionary.error) return <Alert severity="error">{questionary.error}</Alert>;
  if (!questionary.questionary) return <CircularProgress aria-label={t('app.loading')} />;
  return (
    <EsiContext.Provider value={context}>
      {safety.status === 'CHANGES_REQUESTED' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
            {t('experiments.esi.changesRequested')}
          </Typography>
          {safety.changesRequestedComment}
        </Alert>
      ) : null}
      {locked ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('experiments.esi.readOnlySubmitted')}
        </Alert>
      ) : null}
      <Wizard steps={steps} readonly={locked} reload={reloadAll} stepParam="step" />
    </EsiContext.Provider>
  );
}
