export { FapsModule } from './faps.module';
export { FapsRepository } from './read-models/faps/faps.repository';
export { FAPS_PROJECTION } from './read-models/faps/faps.projection';
export { evolveFapProposal, initialFapProposalState } from './domain/fap-proposal.decide';
