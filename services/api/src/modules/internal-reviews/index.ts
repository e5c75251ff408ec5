export { InternalReviewsModule } from './internal-reviews.module';
export {
  InternalReviewsRepository,
  type InternalReviewRow,
} from './read-models/internal-reviews/internal-reviews.repository';
export { INTERNAL_REVIEWS_PROJECTION } from './read-models/internal-reviews/internal-reviews.projection';
