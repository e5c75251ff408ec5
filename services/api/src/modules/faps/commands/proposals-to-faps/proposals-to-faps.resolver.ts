import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { FAP_STAFF } from '../../faps.policy';
import { FapsService } from '../../faps.service';
import { FapInstrumentInput } from '../../read-models/faps/fap.models';

/** Proposals on panels, which panel reviews an instrument in a call, instrument availability per panel. */
@Resolver()
export class ProposalsToFapsResolver {
  constructor(private readonly service: FapsService) {}

  @Mutation(() => Boolean, {
    description:
      "Each proposal's panels become exactly these (fapId, instrumentId) pairs; an empty list removes the proposals from their panels and deletes their reviews",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  async assignProposalsToFaps(
    @Args('proposalPks', { type: () => [Int] }) proposalPks: number[],
    @Args('fapInstruments', { type: () => [FapInstrumentInput] }) fapInstruments: FapInstrumentInput[],
  ): Promise<boolean> {
    await this.service.assignProposalsToFaps(proposalPks, fapInstruments);
    return true;
  }

  @Mutation(() => Boolean, {
    description: 'Removes the proposals from these panels (and their reviews there)',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  async removeProposalsFromFaps(
    @Args('proposalPks', { type: () => [Int] }) proposalPks: number[],
    @Args('fapIds', { type: () => [Int] }) fapIds: number[],
  ): Promise<boolean> {
    await this.service.removeProposalsFromFaps(proposalPks, fapIds);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Which panel reviews these instruments of the call (null: none)' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  async updateFapToCallInstrument(
    @Args('instrumentIds', { type: () => [Int] }) instrumentIds: number[],
    @Args('callId', { type: () => Int }) callId: number,
    @Args('fapId', { type: () => Int, nullable: true }) fapId?: number | null,
  ): Promise<boolean> {
    await this.service.updateFapToCallInstrument(instrumentIds, callId, fapId ?? null);
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      "Submits the instrument's availability in the panel for the call (officers, the panel's chair/secretary)",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async submitInstrumentInFap(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('callId', { type: () => Int }) callId: number,
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
  ): Promise<boolean> {
    await this.service.existingFap(fapId);
    await this.service.submitInstrument(session, fapId, callId, instrumentId, true);
    return true;
  }

  @Mutation(() => Boolean, { description: "Unsubmits the instrument's availability in the panel (officers)" })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  async unsubmitInstrumentInFap(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('callId', { type: () => Int }) callId: number,
    @Args('instrumentId', { type: () => Int }) instrumentId: number,
  ): Promise<boolean> {
    await this.service.existingFap(fapId);
    await this.service.submitInstrument(session, fapId, callId, instrumentId, false);
    return true;
  }
}
