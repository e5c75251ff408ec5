import { useEffect, useState } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useTranslation } from 'react-i18next';
import {
  ProposalsInstrumentNamesDocument,
  ProposalsTechnicalReviewsDocument,
  type ProposalsTechnicalReviewsQuery,
} from '../../../gql/graphql';

/** The visible text of the sanitised public comment (shown as text: no markup reaches the page). */
function commentText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

type Review = NonNullable<ProposalsTechnicalReviewsQuery['getProposal']>['technicalReviews'][number];

/**
 * The technical reviews of a submitted proposal as its proposers see them (§4: the public comment reaches the
 * applicant): per instrument, the status and the public comment of each submitted review. The api gives the
 * proposers only the submitted reviews, without the internal comment; nothing shows while there are none.
 */
export function ProposalTechnicalReviews({ proposalPk }: { proposalPk: number }) {
  const { t } = useTranslation();
  const [reviews, setReviews] = useState<Review[]>([]);
  const [names, setNames] = useState<Record<number, string>>({});

  useEffect(() => {
    let current = true;
    (async () => {
      const found = (
        (await request(ProposalsTechnicalReviewsDocument, { primaryKey: proposalPk })).getProposal
          ?.technicalReviews ?? []
      ).filter((r) => r.submitted);
      if (!current) return;
      setReviews(found);
      const ids = [...new Set(found.map((r) => r.instrumentId))];
      if (ids.length === 0) return;
      const instruments = (await request(ProposalsInstrumentNamesDocument, { instrumentIds: ids }))
        .getInstrumentsByIdsMinimal;
      if (current) setNames(Object.fromEntries(instruments.map((i) => [i.id, i.name])));
    })().catch(() => undefined);
    return () => {
      current = false;
    };
  }, [proposalPk]);

  if (reviews.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="technical-reviews-title"
      sx={{ p: 2, mb: 2 }}
    >
      <Typography id="technical-reviews-title" component="h2" variant="h6" gutterBottom>
        {t('proposals.technicalReviews.title')}
      </Typography>
      <Stack spacing={2}>
        {reviews.map((review) => (
          <Box key={review.id} data-testid="proposal-technical-review">
            <Typography>
              <strong>{t('proposals.technicalReviews.instrument')}:</strong>{' '}
              {names[review.instrumentId] ?? `#${review.instrumentId}`}
              {' · '}
              <strong>{t('proposals.technicalReviews.status')}:</strong>{' '}
              {review.status ? t(`proposals.technicalReviews.statuses.${review.status}`) : ''}
            </Typography>
            {review.publicComment ? (
              <Box>
                <Typography component="span" sx={{ fontWeight: 'bold' }}>
                  {t('proposals.technicalReviews.comment')}:
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="public-comment">
                  {commentText(review.publicComment)}
                </Typography>
              </Box>
            ) : null}
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
