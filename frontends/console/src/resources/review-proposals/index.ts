import RateReview from '@mui/icons-material/RateReview';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const ReviewProposalList = lazyPage(() => import('./components/ReviewProposalList'), 'ReviewProposalList');

/**
 * Review Proposals (`/console/ReviewProposals`, §6: the internal reviewer's only menu entry and their home): the
 * proposals whose technical reviews they review, each opening the review modal on its Technical reviews tab.
 */
export const reviewProposals: ConsoleResource = {
  name: 'ReviewProposals',
  label: 'console.menu.reviewProposals',
  icon: RateReview,
  roles: ['INTERNAL_REVIEWER'],
  list: ReviewProposalList,
};
