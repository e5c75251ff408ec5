import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalReaders } from '../../../proposals';
import { SCIENTIST_COMMENT_ROLES } from '../../proposal-scientist-comments.policy';
import { ProposalScientistCommentsService } from '../../proposal-scientist-comments.service';
import { ProposalScientistCommentModel } from './proposal-scientist-comment.model';
import { ProposalScientistCommentsRepository } from './proposal-scientist-comments.repository';

@Resolver()
export class GetProposalScientistCommentResolver {
  constructor(
    private readonly repository: ProposalScientistCommentsRepository,
    private readonly service: ProposalScientistCommentsService,
    private readonly readers: ProposalReaders,
  ) {}

  @Query(() => ProposalScientistCommentModel, {
    nullable: true,
    description:
      'The scientist comment of a proposal (officers, instrument scientists); null when it has none',
  })
  @RolesAllowed(...SCIENTIST_COMMENT_ROLES)
  async proposalScientistComment(
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @CurrentUser({ allowApiToken: true }) caller: SessionUser | null,
  ): Promise<ProposalScientistCommentModel | null> {
    // the one read rule (a missing proposal refused alike for all but officers), then the comment's own
    await this.readers.readable(caller, proposalPk);
    await this.service.assertProposal(caller, proposalPk);
    return this.repository.ofProposal(proposalPk);
  }
}
