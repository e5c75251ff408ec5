export { ProposalsModule } from './proposals.module';
export { ProposalsRepository } from './read-models/proposals/proposals.repository';
export { ProposalsService } from './proposals.service';
export { ProposalModel } from './read-models/proposals/proposal.model';
export { PROPOSALS_PROJECTION } from './read-models/proposals/proposals.projection';
export { ProposalInstruments, type AssignedInstrumentsSource } from './proposal-instruments';
export { ProposalReaders, type ProposalReadRule } from './proposal-readers';
export { evolveProposal, initialProposalState } from './domain/proposal.decide';
