import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { TechnicalReviewsService } from '../../technical-reviews.service';

@Resolver()
export class RemoveProposalsFromInstrumentResolver {
  constructor(private readonly service: TechnicalReviewsService) {}

  @Mutation(() => Boolean, {
    description:
      'Removes the proposals from the instrument (from every instrument without one), with its reviews',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async removeProposalsFromInstrument(
    @Args('proposalPks', { type: () => [Int] }) proposalPks: number[],
    @Args('instrumentId', { type: () => Int, nullable: true }) instrumentId?: number | null,
  ): Promise<boolean> {
    await this.service.removeProposalsFromInstrument(proposalPks, instrumentId ?? null);
    return true;
  }
}
