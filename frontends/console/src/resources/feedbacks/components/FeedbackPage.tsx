import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { AnswersSummary, type QuestionaryStepData } from '@user-office/frontend-shared/questionary';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { authorName, feedbackCommands, type FeedbackRow } from '../feedback-commands';

interface Loaded {
  feedback: FeedbackRow;
  answers: QuestionaryStepData[];
}

/**
 * One feedback, read-only (`/console/Feedbacks/{feedbackId}`): who gave it on which experiment, its status, and
 * its answers (the portal's review summary).
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const feedbackId = Number(useParams().feedbackId);
  const list = (useLocation().state as { list?: string } | null)?.list ?? '';
  const [loaded, setLoaded] = useState<Loaded | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const feedback = await feedbackCommands.feedback(feedbackId);
      if (!feedback) return null;
      return { feedback, answers: await feedbackCommands.answers(feedback.questionaryId) };
    })()
      .then((found) => live && setLoaded(found))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [feedbackId]);

  const back = (
    <Button component={Link} to={`/Feedbacks${list ? `?${list}` : ''}`} startIcon={<ArrowBack />}>
      {t('console.feedbacks.back')}
    </Button>
  );
  if (error || loaded === null) {
    return (
      <Paper sx={{ p: 2, mt: 2 }}>
        <Title title={t('console.feedbacks.title')} />
        {back}
        <Alert severity="error">{error ?? t('console.feedbacks.notFound')}</Alert>
      </Paper>
    );
  }
  if (loaded === undefined) return <CircularProgress aria-label={t('app.loading')} />;
  const { feedback, answers } = loaded;
  const e = feedback.experiment;
  const experimentId = e?.experimentId ?? String(feedback.experimentPk);
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Title title={t('console.feedbacks.title')} />
      {back}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <Typography component="h1" variant="h5">
          {t('console.feedbacks.columns.experimentId')} {experimentId} · {authorName(feedback)}
        </Typography>
        <Chip
          size="small"
          color={feedback.status === 'SUBMITTED' ? 'success' : 'default'}
          label={t(`console.feedbacks.statuses.${feedback.status}`)}
        />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {[
          `${t('console.feedbacks.columns.proposalId')}: ${e?.proposal?.proposalId ?? ''}`,
          e?.proposal?.title,
          e?.instrument?.name,
          e ? `${dates.dateTime(e.startsAt)} – ${dates.dateTime(e.endsAt)}` : null,
          feedback.submittedAt
            ? `${t('console.feedbacks.columns.submittedAt')}: ${dates.dateTime(feedback.submittedAt)}`
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      {feedback.status !== 'SUBMITTED' ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('console.feedbacks.draftNotice')}
        </Alert>
      ) : null}
      <Box component="section" aria-label={t('console.feedbacks.answers')}>
        <AnswersSummary steps={answers} />
      </Box>
    </Paper>
  );
}
