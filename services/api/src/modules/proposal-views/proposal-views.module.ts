import { Module } from '@nestjs/common';
import { GetProposalsCoreResolver } from './read-models/proposal-views/get-proposals-core.resolver';
import { ProposalViewsProjection } from './read-models/proposal-views/proposal-views.projection';
import { ProposalViewsRepository } from './read-models/proposal-views/proposal-views.repository';

/** The staff proposals table (§2, §3 Proposal view, §7 getProposalsCore). */
@Module({
  providers: [ProposalViewsProjection, ProposalViewsRepository, GetProposalsCoreResolver],
  exports: [ProposalViewsRepository],
})
export class ProposalViewsModule {}
