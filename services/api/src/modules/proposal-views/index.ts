export { ProposalViewsModule } from './proposal-views.module';
export { ProposalViewsRepository } from './read-models/proposal-views/proposal-views.repository';
export { PROPOSAL_VIEWS_PROJECTION } from './read-models/proposal-views/proposal-views.projection';
