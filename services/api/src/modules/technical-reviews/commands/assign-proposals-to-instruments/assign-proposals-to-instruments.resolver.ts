import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { TechnicalReviewsService } from '../../technical-reviews.service';

@Resolver()
export class AssignProposalsToInstrumentsResolver {
  constructor(private readonly service: TechnicalReviewsService) {}

  @Mutation(() => Boolean, {
    description:
      "Each proposal's instruments become exactly these (an empty list removes them all); a new (proposal, " +
      'instrument) gets a technical review stub (UNFEASIBLE, not submitted, assigned to the manager or first ' +
      'scientist); a removed instrument loses its review',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async assignProposalsToInstruments(
    @Args('proposalPks', { type: () => [Int] }) proposalPks: number[],
    @Args('instrumentIds', { type: () => [Int] }) instrumentIds: number[],
  ): Promise<boolean> {
    await this.service.assignProposalsToInstruments(proposalPks, instrumentIds);
    return true;
  }
}
