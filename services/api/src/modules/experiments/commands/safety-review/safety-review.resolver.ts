import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { ExperimentSafetyDecision, FeatureId, Role, SafetyStatus } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ExperimentSafetyService } from '../../experiment-safety.service';
import { ExperimentSafetyModel } from '../../read-models/experiment-safety/experiment-safety.model';

/**
 * The safety review: two decisions in turn (the experiment's instrument scientist, then a safety reviewer), each
 * on the ESI version the reviewer saw; a changes request reopening the ESI; the risk level.
 */
@Resolver()
export class SafetyReviewResolver {
  constructor(private readonly service: ExperimentSafetyService) {}

  @Mutation(() => ExperimentSafetyModel, {
    description:
      "The instrument scientist's decision (a scientist of the experiment's instrument), on ESI version esiVersion",
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  submitInstrumentScientistDecision(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentSafetyPk', { type: () => Int }) experimentSafetyPk: number,
    @Args('esiVersion', { type: () => Int }) esiVersion: number,
    @Args('decision', { type: () => ExperimentSafetyDecision }) decision: ExperimentSafetyDecision,
    @Args('comment', { type: () => String, nullable: true }) comment: string | null,
  ): Promise<ExperimentSafetyModel> {
    return this.service.decide(
      session,
      experimentSafetyPk,
      'INSTRUMENT_SCIENTIST',
      esiVersion,
      decision,
      comment,
    );
  }

  @Mutation(() => ExperimentSafetyModel, {
    description:
      "The safety reviewer's decision, after the instrument scientist accepted, on ESI version esiVersion",
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER_OFFICER, Role.EXPERIMENT_SAFETY_REVIEWER)
  submitExperimentSafetyReviewerDecision(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentSafetyPk', { type: () => Int }) experimentSafetyPk: number,
    @Args('esiVersion', { type: () => Int }) esiVersion: number,
    @Args('decision', { type: () => ExperimentSafetyDecision }) decision: ExperimentSafetyDecision,
    @Args('comment', { type: () => String, nullable: true }) comment: string | null,
  ): Promise<ExperimentSafetyModel> {
    return this.service.decide(session, experimentSafetyPk, 'SAFETY_REVIEWER', esiVersion, decision, comment);
  }

  @Mutation(() => ExperimentSafetyModel, {
    description:
      'Reopens the submitted ESI (version esiVersion) to the applicant with a question; its version moves on',
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST, Role.EXPERIMENT_SAFETY_REVIEWER)
  requestExperimentSafetyChanges(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentSafetyPk', { type: () => Int }) experimentSafetyPk: number,
    @Args('esiVersion', { type: () => Int }) esiVersion: number,
    @Args('comment') comment: string,
  ): Promise<ExperimentSafetyModel> {
    return this.service.requestChanges(session, experimentSafetyPk, esiVersion, comment);
  }

  @Mutation(() => ExperimentSafetyModel, { description: "Sets the experiment's risk level" })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER_OFFICER, Role.EXPERIMENT_SAFETY_REVIEWER)
  setExperimentRiskLevel(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentSafetyPk', { type: () => Int }) experimentSafetyPk: number,
    @Args('riskLevel', { type: () => SafetyStatus }) riskLevel: SafetyStatus,
  ): Promise<ExperimentSafetyModel> {
    return this.service.setRiskLevel(session, experimentSafetyPk, riskLevel);
  }
}
