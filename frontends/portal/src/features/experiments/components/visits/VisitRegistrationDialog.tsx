import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { request } from '@user-office/frontend-shared/graphql-client';
import {
  AnswersSummary,
  questionaryStepDefinitions,
  useConfirm,
  useQuestionary,
  Wizard,
  type QuestionaryStepData,
  type WizardStepDefinition,
} from '@user-office/frontend-shared/questionary';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import {
  ExperimentsCancelVisitRegistrationDocument,
  ExperimentsCreateVisitRegistrationDocument,
  ExperimentsSubmitVisitRegistrationDocument,
  ExperimentsUpdateVisitRegistrationDocument,
  ExperimentsVisitRegistrationDocument,
  type ExperimentsVisitRegistrationFragment,
  type VisitRegistrationStatus,
} from '../../../../gql/graphql';
import type { ExperimentRow } from '../../lib/experiment-rows';
import { dateInputValue, visitBasis } from './visit-basis';

type Registration = ExperimentsVisitRegistrationFragment;

/** §4: editable while drafted or change requested (submitted: locked, pending approval). */
const EDITABLE: readonly VisitRegistrationStatus[] = ['DRAFTED', 'CHANGE_REQUESTED'];
/** §4: "Cancellation by the user or the facility is offered for drafted, submitted and change-requested". */
const CANCELLABLE: readonly VisitRegistrationStatus[] = ['DRAFTED', 'SUBMITTED', 'CHANGE_REQUESTED'];

export interface VisitRegistrationDialogProps {
  experiment: ExperimentRow;
  visitId: number;
  userId: number;
  onClose(): void;
  /** after a submission or a cancellation (the table's icon changes) */
  onChanged(): void;
}

/**
 * §2 "visit registration" dialog: the caller's own registration for the visit of an experiment. Its questionary
 * (the active visit registration template's, started with createVisitRegistration on first opening) in the wizard,
 * the VISIT_BASIS dates first; the review step submits with confirmation ("Submit", or "Submit changes" when the
 * user office asked for changes); submitted, it is read-only. Cancel is offered while drafted, submitted or
 * change-requested.
 */
export function VisitRegistrationDialog({
  experiment,
  visitId,
  userId,
  onClose,
  onChanged,
}: VisitRegistrationDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const found = (await request(ExperimentsVisitRegistrationDocument, { visitId, userId }))
        .getVisitRegistration;
      if (!found) throw new Error(t('experiments.visits.registration.notFound'));
      // first opening: the questionary of the active template (refused with "There is no active visit
      // registration template" when there is none)
      const started =
        found.registrationQuestionaryId === null && EDITABLE.includes(found.status)
          ? (await request(ExperimentsCreateVisitRegistrationDocument, { visitId, userId }))
              .createVisitRegistration
          : found;
      setRegistration(started);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [visitId, userId, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const cancel = async () => {
    if (!(await confirm(t('experiments.visits.registration.cancelConfirm')))) return;
    setBusy(true);
    try {
      await request(ExperimentsCancelVisitRegistrationDocument, { visitId, userId });
      await load();
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>
        {t('experiments.visits.registration.title', { id: experiment.proposal?.proposalId ?? '' })}
      </DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {!registration && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
        {registration ? (
          <RegistrationWizard
            experiment={experiment}
            registration={registration}
            reload={load}
            onChanged={onChanged}
          />
        ) : null}
        {confirmDialog}
      </DialogContent>
      <DialogActions>
        {registration && CANCELLABLE.includes(registration.status) ? (
          <Button color="error" disabled={busy} onClick={() => void cancel()}>
            {t('experiments.visits.registration.cancel')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('experiments.visits.registration.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function RegistrationWizard({
  experiment,
  registration,
  reload,
  onChanged,
}: {
  experiment: ExperimentRow;
  registration: Registration;
  reload(): Promise<void>;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const editable = EDITABLE.includes(registration.status);
  const questionary = useQuestionary(registration.registrationQuestionaryId);
  const reloadQuestionary = questionary.reload;
  const reloadAll = useCallback(async () => {
    await Promise.all([reload(), reloadQuestionary()]);
  }, [reload, reloadQuestionary]);

  const { visitId, startsAt, endsAt, status } = registration;
  const basis = useMemo(
    () =>
      visitBasis({ startsAt: dateInputValue(startsAt), endsAt: dateInputValue(endsAt) }, async (dates) => {
        await request(ExperimentsUpdateVisitRegistrationDocument, {
          visitId,
          startsAt: dates.startsAt,
          endsAt: dates.endsAt,
        });
      }),
    [visitId, startsAt, endsAt],
  );

  const questionarySteps = questionary.steps;
  const steps = useMemo<WizardStepDefinition[]>(() => {
    const review: WizardStepDefinition = {
      key: 'review',
      title: t('experiments.visits.registration.review'),
      isCompleted: !editable,
      isReview: true,
      render: (ctx) => (
        <RegistrationReview
          registration={registration}
          steps={questionarySteps}
          goBack={ctx.goBack}
          reload={reloadAll}
          onChanged={onChanged}
        />
      ),
    };
    return [
      ...questionaryStepDefinitions({
        steps: questionarySteps,
        questionaryId: registration.registrationQuestionaryId,
        owner: { proposalPk: experiment.proposalPk },
        basis,
      }),
      review,
    ];
  }, [questionarySteps, registration, experiment.proposalPk, basis, editable, reloadAll, onChanged, t]);

  if (questionary.error) return <Alert severity="error">{questionary.error}</Alert>;
  if (!questionary.questionary) return <CircularProgress aria-label={t('app.loading')} />;
  return (
    <Box>
      <StatusNotice status={status} />
      <Wizard steps={steps} readonly={!editable} reload={reloadAll} guardNavigation={false} />
    </Box>
  );
}

/** What the status means for the registrant (§4). */
function StatusNotice({ status }: { status: VisitRegistrationStatus }) {
  const { t } = useTranslation();
  if (status === 'DRAFTED') return null;
  const severity =
    status === 'CHANGE_REQUESTED' ? 'warning' : status === 'APPROVED' ? 'success' : ('info' as const);
  return (
    <Alert severity={severity} sx={{ mb: 2 }}>
      {t(`experiments.visits.registration.notice.${status}`)}
    </Alert>
  );
}

function RegistrationReview({
  registration,
  steps,
  goBack,
  reload,
  onChanged,
}: {
  registration: Registration;
  steps: QuestionaryStepData[];
  goBack(): void;
  reload(): Promise<void>;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [confirm, confirmDialog] = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = EDITABLE.includes(registration.status);
  const label =
    registration.status === 'CHANGE_REQUESTED'
      ? t('experiments.visits.registration.submitChanges')
      : editable
        ? t('experiments.visits.registration.submit')
        : t('experiments.visits.registration.submitted');

  const submit = async () => {
    if (!(await confirm(t('experiments.visits.registration.submitConfirm')))) return;
    setBusy(true);
    setError(null);
    try {
      await request(ExperimentsSubmitVisitRegistrationDocument, { visitId: registration.visitId });
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      await reload();
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('experiments.visits.registration.dates')}
        </Typography>
        <Typography>
          {`${t('experiments.visits.registration.startsAt')}: ${dates.date(registration.startsAt) || '–'} · ${t(
            'experiments.visits.registration.endsAt',
          )}: ${dates.date(registration.endsAt) || '–'}`}
        </Typography>
      </Box>
      <AnswersSummary steps={steps} />
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={goBack}>{t('questionary.back')}</Button>
        <Button variant="contained" disabled={!editable || busy} onClick={() => void submit()}>
          {label}
        </Button>
      </Stack>
      {confirmDialog}
    </Stack>
  );
}
