import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ExperimentSafetyService } from '../../experiment-safety.service';
import { ExperimentSafetyModel } from '../../read-models/experiment-safety/experiment-safety.model';

/** The applicant's side of the experiment safety input: create it, submit it (§4 "Finish experiment safety form"). */
@Resolver()
export class ExperimentSafetyResolver {
  constructor(private readonly service: ExperimentSafetyService) {}

  @Mutation(() => ExperimentSafetyModel, {
    description:
      "Creates the experiment's safety input (the PI or a co-proposer; accepted proposal, decision submitted)",
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER)
  createExperimentSafety(
    @CurrentUser() session: SessionUser,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
  ): Promise<ExperimentSafetyModel> {
    return this.service.create(session, experimentPk);
  }

  @Mutation(() => ExperimentSafetyModel, {
    description:
      'isSubmitted true submits the ESI ("All experiment safety inputs must be completed"; then locked); ' +
      'false reopens a submitted one (the user office)',
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER, Role.USER_OFFICER)
  submitExperimentSafety(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentSafetyPk', { type: () => Int }) experimentSafetyPk: number,
    @Args('isSubmitted', { nullable: true, defaultValue: true }) isSubmitted: boolean,
  ): Promise<ExperimentSafetyModel> {
    return this.service.submit(session, experimentSafetyPk, isSubmitted);
  }
}
