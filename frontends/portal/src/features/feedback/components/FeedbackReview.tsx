import { Alert, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { request } from '@user-office/frontend-shared/graphql-client';
import {
  AnswersSummary,
  useConfirmedSubmit,
  type QuestionaryStepData,
} from '@user-office/frontend-shared/questionary';
import { FeedbackSubmitDocument } from '../../../gql/graphql';

/**
 * The feedback's last step: its answers and Submit (confirmed; updateFeedback(feedbackId, SUBMITTED)). Once
 * submitted the button shows Submitted and is disabled. Whether the answers are complete is the server's to say.
 */
export function FeedbackReview({
  feedbackId,
  steps,
  locked,
  goBack,
  reload,
}: {
  feedbackId: number;
  steps: QuestionaryStepData[];
  locked: boolean;
  goBack(): void;
  reload(): Promise<void>;
}) {
  const { t } = useTranslation();
  const {
    run: submit,
    busy,
    error,
    dialog: confirmDialog,
  } = useConfirmedSubmit(
    t('feedback.submitConfirm'),
    () => request(FeedbackSubmitDocument, { feedbackId }),
    reload,
  );

  return (
    <Stack spacing={3}>
      <AnswersSummary steps={steps} />
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={goBack}>{t('questionary.back')}</Button>
        <Button variant="contained" disabled={locked || busy} onClick={() => void submit()}>
          {locked ? t('feedback.submitted') : t('feedback.submit')}
        </Button>
      </Stack>
      {confirmDialog}
    </Stack>
  );
}
