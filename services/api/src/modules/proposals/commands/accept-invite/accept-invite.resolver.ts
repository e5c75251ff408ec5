import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalsService } from '../../proposals.service';
import { ProposalModel, RedeemCodeModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';

@Resolver()
export class AcceptInviteResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
  ) {}

  @Mutation(() => ProposalModel, {
    nullable: true,
    description: 'Joins the proposal of an invitation code as co-proposer',
  })
  @Authenticated()
  async acceptInvite(
    @CurrentUser() user: SessionUser,
    @Args('code') code: string,
  ): Promise<ProposalModel | null> {
    return this.repository.proposal(await this.proposals.acceptInvite(user, code));
  }

  @Mutation(() => RedeemCodeModel, {
    nullable: true,
    description: 'Redeems an invitation code (Join proposal): the caller joins its proposal as co-proposer',
  })
  @Authenticated()
  async redeemCode(
    @CurrentUser() user: SessionUser,
    @Args('code') code: string,
  ): Promise<RedeemCodeModel | null> {
    await this.proposals.acceptInvite(user, code);
    const invite = await this.repository.inviteByCode(code.trim());
    if (!invite) return null;
    return {
      code: invite.code,
      placeholderUserId: null,
      createdBy: invite.createdByUserId,
      createdAt: invite.createdAt,
      claimedAt: invite.claimedAt,
    };
  }
}
