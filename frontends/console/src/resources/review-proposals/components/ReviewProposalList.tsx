import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import RateReview from '@mui/icons-material/RateReview';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loadReviewProposals, type ReviewProposalRow } from '../review-proposals-data';

const ReviewModal = lazy(() =>
  import('../../proposals/components/ReviewModal').then((m) => ({ default: m.ReviewModal })),
);

/** The review modal's tab of technical reviews for an internal reviewer (tabs: Proposal information, Technical reviews). */
const TECHNICAL_REVIEWS_TAB = 1;

type Person = { firstname: string; lastname: string; preferredname?: string | null };
const personName = (p: Person | null | undefined) =>
  p ? `${p.preferredname || p.firstname} ${p.lastname}`.trim() : '';

/**
 * Review Proposals (§6, the internal reviewer's home): the proposals on whose technical reviews they have an
 * internal review; each opens the review modal on its Technical reviews tab, read-only but for their own review.
 */
export function ReviewProposalList() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [rows, setRows] = useState<ReviewProposalRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reviewModal = Number(searchParams.get('reviewModal')) || null;

  useEffect(() => {
    let current = true;
    loadReviewProposals()
      .then((found) => current && setRows(found))
      .catch((e: Error) => current && setError(e.message));
    return () => {
      current = false;
    };
  }, [reviewModal]);

  const open = (primaryKey: number) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      next.set('reviewModal', String(primaryKey));
      next.set('modalTab', String(TECHNICAL_REVIEWS_TAB));
      return next;
    });

  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.reviewProposals.title')}
      </Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      {!rows && !error ? <CircularProgress aria-label={t('app.loading')} /> : null}
      {rows && rows.length === 0 ? (
        <Typography color="text.secondary">{t('console.reviewProposals.none')}</Typography>
      ) : null}
      {rows && rows.length > 0 ? (
        <Table size="small" aria-label={t('console.reviewProposals.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('console.common.actions')}</TableCell>
              <TableCell>{t('console.reviewProposals.proposalId')}</TableCell>
              <TableCell>{t('console.reviewProposals.proposalTitle')}</TableCell>
              <TableCell>{t('console.reviewProposals.principalInvestigator')}</TableCell>
              <TableCell>{t('console.reviewProposals.status')}</TableCell>
              <TableCell>{t('console.reviewProposals.call')}</TableCell>
              <TableCell>{t('console.reviewProposals.internalReview')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ proposal, internalReviews }) => (
              <TableRow key={proposal.primaryKey} hover>
                <TableCell>
                  <Button
                    size="small"
                    startIcon={<RateReview />}
                    aria-label={t('console.reviewProposals.open', { id: proposal.proposalId })}
                    onClick={() => open(proposal.primaryKey)}
                  >
                    {t('console.common.edit')}
                  </Button>
                </TableCell>
                <TableCell>{proposal.proposalId}</TableCell>
                <TableCell>{proposal.title}</TableCell>
                <TableCell>{personName(proposal.proposer)}</TableCell>
                <TableCell>{proposal.status?.name}</TableCell>
                <TableCell>{proposal.call?.shortCode}</TableCell>
                <TableCell>{internalReviews.map((r) => r.title).join(', ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {reviewModal ? (
        <Suspense fallback={null}>
          <ReviewModal proposalPk={reviewModal} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
