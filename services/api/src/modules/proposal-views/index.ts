export { ProposalViewsModule } from './proposal-views.module';
export {
  ProposalViewsRepository,
  type ViewScope,
} from './read-models/proposal-views/proposal-views.repository';
export {
  ProposalsFilterInput,
  ProposalsViewResultModel,
  ProposalViewBasicModel,
} from './read-models/proposal-views/proposal-view.model';
export { PROPOSAL_VIEWS_PROJECTION } from './read-models/proposal-views/proposal-views.projection';
