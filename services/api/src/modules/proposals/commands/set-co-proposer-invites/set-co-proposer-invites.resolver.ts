import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId } from '@user-office/contracts';
import { Authenticated, RequiresFeature } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { ProposalsService } from '../../proposals.service';
import { InviteModel } from '../../read-models/proposals/proposal.model';
import { ProposalsRepository } from '../../read-models/proposals/proposals.repository';

@Resolver()
export class SetCoProposerInvitesResolver {
  constructor(
    private readonly proposals: ProposalsService,
    private readonly repository: ProposalsRepository,
  ) {}

  @Mutation(() => [InviteModel], {
    description:
      'The e-mail addresses invited to join as co-proposers: new ones get an invitation e-mail with a code, ' +
      'addresses left out have their pending invitation withdrawn',
  })
  @Authenticated()
  @RequiresFeature(FeatureId.EMAIL_INVITE)
  async setCoProposerInvites(
    @CurrentUser() user: SessionUser,
    @Args('proposalPk', { type: () => Int }) proposalPk: number,
    @Args('emails', { type: () => [String] }) emails: string[],
  ): Promise<InviteModel[]> {
    await this.proposals.setInvites(user, proposalPk, emails);
    return (await this.repository.invites([proposalPk])).get(proposalPk) ?? [];
  }
}
