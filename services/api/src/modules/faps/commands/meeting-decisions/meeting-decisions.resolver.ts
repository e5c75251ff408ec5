import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { FAP_STAFF } from '../../faps.policy';
import { FapsService } from '../../faps.service';
import {
  FapMeetingDecisionModel,
  ReorderFapMeetingDecisionProposalsInput,
  SaveFapMeetingDecisionInput,
  SubmitFapMeetingDecisionsInput,
  SubmitFapMeetingDecisionsResultModel,
} from '../../read-models/faps/fap.models';

/** The meeting: decisions per proposal and instrument, their order, submitting the complete ones. */
@Resolver()
export class MeetingDecisionsResolver {
  constructor(private readonly service: FapsService) {}

  @Mutation(() => FapMeetingDecisionModel, {
    description:
      "Saves the meeting decision of (proposal, instrument) (officers, the panel's chair/secretary); comments may be cleared; a submitted decision only officers",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  saveFapMeetingDecision(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('saveFapMeetingDecisionInput') input: SaveFapMeetingDecisionInput,
  ): Promise<FapMeetingDecisionModel> {
    return this.service.saveFapMeetingDecision(session, { ...input });
  }

  @Mutation(() => Boolean, { description: 'Sets the rank order of meeting decisions (officers)' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  async reorderFapMeetingDecisionProposals(
    @Args('reorderFapMeetingDecisionProposalsInput') input: ReorderFapMeetingDecisionProposalsInput,
  ): Promise<boolean> {
    await this.service.reorderFapMeetingDecisionProposals(input.proposals);
    return true;
  }

  @Mutation(() => SubmitFapMeetingDecisionsResultModel, {
    description:
      'Submits the complete decisions of the panel (a recommendation set); returns them and the incomplete ones',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async submitFapMeetingDecisions(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('submitFapMeetingDecisionsInput') input: SubmitFapMeetingDecisionsInput,
  ): Promise<SubmitFapMeetingDecisionsResultModel> {
    await this.service.existingFap(input.fapId);
    return this.service.submitFapMeetingDecisions(
      session,
      input.fapId,
      input.callId ?? null,
      input.instrumentId ?? null,
    );
  }
}
