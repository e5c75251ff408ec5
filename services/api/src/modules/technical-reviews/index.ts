export { TechnicalReviewsModule } from './technical-reviews.module';
export { TechnicalReviewsRepository } from './read-models/technical-reviews/technical-reviews.repository';
export { TECHNICAL_REVIEWS_PROJECTION } from './read-models/technical-reviews/technical-reviews.projection';
export { ProposalStaff } from './proposal-staff';
export {
  evolveProposalAssessment,
  initialProposalAssessmentState,
} from './domain/proposal-assessment.decide';
