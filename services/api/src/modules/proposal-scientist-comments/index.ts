export { ProposalScientistCommentsModule } from './proposal-scientist-comments.module';
export { ProposalScientistCommentsRepository } from './read-models/proposal-scientist-comments/proposal-scientist-comments.repository';
export { assertMayCommentOn } from './proposal-scientist-comments.policy';
