import { AnswersSummary, ConfirmDialog } from '@user-office/frontend-shared/questionary';
import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import GetApp from '@mui/icons-material/GetApp';
import Send from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { ProposalsSubmissionDetailsDocument, ProposalsSubmitDocument } from '../../../gql/graphql';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { toQuestionaryStep, userName, type LoadedProposal, type ReadOnlyReason } from '../lib/proposal-model';

/**
 * The final Review step: a summary of every answered question per step, the (pre-submission) reference, Submit
 * (confirmed; then the call's submission message) and Download PDF.
 */
export function ProposalReview({
  proposal,
  readonly,
  readOnlyReason,
  submissionMessage,
  onSubmitted,
}: {
  proposal: LoadedProposal;
  /** the wizard's read-only flag for this step (previous steps incomplete, or the proposal read-only) */
  readonly: boolean;
  readOnlyReason: ReadOnlyReason;
  /** shown after a submission (kept by the page across the reload) */
  submissionMessage: string | null;
  onSubmitted(message: string): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const { download } = useDownloads();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const steps = (proposal.questionary?.steps ?? []).filter((s) => s.topic.isEnabled);
  const complete = proposal.questionary?.isCompleted ?? steps.every((s) => s.isCompleted);
  const canSubmit = !proposal.submitted && complete && !readonly && readOnlyReason === null;

  const submit = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      await request(ProposalsSubmitDocument, { proposalPk: proposal.primaryKey });
      const details = await request(ProposalsSubmissionDetailsDocument, { callId: proposal.callId }).catch(
        () => null,
      );
      const message =
        details?.getCallSubmissionDetails?.submissionMessage?.trim() || t('success.submittedDefault');
      await onSubmitted(message);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Typography component="h2" variant="h6" gutterBottom>
        {t('proposals.review.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="proposal-reference">
        {proposal.submitted ? t('proposals.edit.reference') : t('proposals.edit.preSubmissionReference')}:{' '}
        <strong>{proposal.proposalId}</strong>
        {proposal.submitted && proposal.submittedDate
          ? ` · ${t('proposals.review.submittedOn', { date: dates.dateTime(proposal.submittedDate) })}`
          : null}
      </Typography>
      {submissionMessage ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {submissionMessage}
        </Alert>
      ) : null}
      <AnswersSummary
        steps={steps.map(toQuestionaryStep)}
        basisRows={[
          { key: 'title', question: t('proposals.basis.title'), answer: proposal.title },
          { key: 'abstract', question: t('proposals.basis.abstract'), answer: proposal.abstract },
          {
            key: 'pi',
            question: t('proposals.basis.principalInvestigator'),
            answer: proposal.proposer ? userName(proposal.proposer) : '',
          },
          {
            key: 'co-proposers',
            question: t('proposals.basis.coProposers'),
            answer: proposal.users.map(userName).join(', ') || t('proposals.review.none'),
          },
        ]}
      />
      {!proposal.submitted && !complete ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('proposals.review.incomplete')}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button
          startIcon={<GetApp />}
          variant="outlined"
          onClick={() =>
            void download(
              `/download/pdf/proposal/${proposal.primaryKey}`,
              proposal.title || proposal.proposalId,
            )
          }
        >
          {t('proposals.review.downloadPdf')}
        </Button>
        <Button
          startIcon={<Send />}
          variant="contained"
          disabled={!canSubmit || busy}
          onClick={() => setConfirming(true)}
        >
          {proposal.submitted ? t('proposals.review.submitted') : t('proposals.review.submit')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        text={t('proposals.review.submitConfirm')}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
