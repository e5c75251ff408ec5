export { FeedbackModule } from './feedback.module';
export { FeedbackRepository } from './read-models/feedback/feedback.repository';
export { FEEDBACK_PROJECTION } from './read-models/feedback/feedback.projection';
