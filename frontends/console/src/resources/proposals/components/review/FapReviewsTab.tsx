import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { ConfirmIconButton } from '../../../../components/ConfirmButton';
import { AddReviewerDialog } from '../../../faps/components/AddReviewerDialog';
import { personName } from '../../../faps/fap-commands';
import { gradingCommands, type FapReview } from '../../../proposals-to-grade/grading-commands';
import type { ProposalRecord } from '../../proposals.operations';
import { plainText } from './technical-review-access';

/**
 * FAP reviews (§2 review modal, officers §6): every panel review of the proposal with its grade, status (a draft
 * shown as Pre-submission), reviewer and comment; the officer toggles a review's submitted state, removes a
 * reviewer and adds one (conflicts of interest flagged by the server).
 */
export function FapReviewsTab({ proposal }: { proposal: ProposalRecord }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [reviews, setReviews] = useState<FapReview[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState<number | null>(null);

  const load = useCallback(() => {
    gradingCommands
      .proposalReviews(proposal.primaryKey)
      .then(setReviews)
      .catch((e: Error) => setError(e.message));
  }, [proposal.primaryKey]);
  useEffect(load, [load]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(done, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    load();
  };

  // the proposal's panels
  const panels = (proposal.faps ?? []).map((f) => ({ fapId: f.id, code: f.code }));

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!reviews) return <CircularProgress aria-label={t('app.loading')} />;
  return (
    <Stack spacing={2}>
      {reviews.length === 0 ? (
        <Typography color="text.secondary">{t('console.grading.fapReviews.none')}</Typography>
      ) : (
        <Table size="small" aria-label={t('console.review.tabs.fapReviews')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('console.grading.fapReviews.reviewer')}</TableCell>
              <TableCell>{t('console.grading.fapReviews.fap')}</TableCell>
              <TableCell>{t('console.grading.fapReviews.grade')}</TableCell>
              <TableCell>{t('console.grading.fapReviews.status')}</TableCell>
              <TableCell>{t('console.grading.fapReviews.comment')}</TableCell>
              <TableCell>{t('console.grading.fapReviews.submitted')}</TableCell>
              <TableCell>{t('console.common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {reviews.map((review) => {
              const name = personName(review.reviewer);
              const submitted = review.status === 'SUBMITTED';
              return (
                <TableRow key={review.id} data-testid={`fap-review-${review.id}`}>
                  <TableCell>{name}</TableCell>
                  <TableCell>{panels.find((p) => p.fapId === review.fapID)?.code ?? review.fapID}</TableCell>
                  <TableCell>{review.grade ?? ''}</TableCell>
                  <TableCell>{t(`console.grading.statuses.${review.status}`)}</TableCell>
                  <TableCell sx={{ maxWidth: 400 }}>{plainText(review.comment)}</TableCell>
                  <TableCell>
                    <Switch
                      checked={submitted}
                      slotProps={{
                        input: { 'aria-label': t('console.grading.fapReviews.toggleSubmitted', { name }) },
                      }}
                      onChange={() =>
                        void run(
                          () =>
                            gradingCommands.updateReview(review, {
                              grade: review.grade ?? null,
                              comment: review.comment ?? null,
                              status: submitted ? 'DRAFT' : 'SUBMITTED',
                            }),
                          t('success.updated'),
                        )
                      }
                    />
                  </TableCell>
                  <TableCell>
                    <ConfirmIconButton
                      label={t('console.grading.fapReviews.remove', { name })}
                      icon={<Delete fontSize="small" />}
                      title={t('console.grading.fapReviews.remove', { name })}
                      content={t('console.grading.fapReviews.removeConfirm', { name })}
                      onConfirm={() =>
                        run(
                          () => gradingCommands.removeReviewer(review.id, review.fapID),
                          t('console.grading.fapReviews.removed'),
                        )
                      }
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {panels.length === 0 ? (
        <Alert severity="info">{t('console.grading.fapReviews.noFap')}</Alert>
      ) : (
        <Box>
          {panels.map((panel) => (
            <Button key={panel.fapId} startIcon={<PersonAdd />} onClick={() => setAdding(panel.fapId)}>
              {t('console.grading.fapReviews.addTo', { code: panel.code })}
            </Button>
          ))}
        </Box>
      )}
      {adding !== null ? (
        <AddReviewerDialog
          open
          fapId={adding}
          proposalPk={proposal.primaryKey}
          proposalId={proposal.proposalId}
          assigned={reviews.filter((r) => r.fapID === adding).map((r) => r.userID)}
          onClose={(added) => {
            setAdding(null);
            if (added) load();
          }}
        />
      ) : null}
    </Stack>
  );
}
