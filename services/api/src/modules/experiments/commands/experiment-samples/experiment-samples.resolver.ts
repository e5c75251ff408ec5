import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ExperimentSafetyService } from '../../experiment-safety.service';
import { ExperimentSampleModel } from '../../read-models/experiment-safety/experiment-safety.model';

/** The experiment's samples (§7 Experiment samples): chosen from the proposal's, each with its sample ESI. */
@Resolver()
export class ExperimentSamplesResolver {
  constructor(private readonly service: ExperimentSafetyService) {}

  @Mutation(() => ExperimentSampleModel, {
    description: "Adds one of the proposal's samples to the experiment, with a sample ESI questionary",
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER, Role.USER_OFFICER)
  addSampleToExperiment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
    @Args('sampleId', { type: () => Int }) sampleId: number,
  ): Promise<ExperimentSampleModel> {
    return this.service.addSample(session, experimentPk, sampleId);
  }

  @Mutation(() => ExperimentSampleModel, {
    description:
      "Clones one of the proposal's samples (post-submission, titled newSampleTitle) onto the experiment, with a " +
      'copy of its sample ESI answers when the source is on the experiment',
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER, Role.USER_OFFICER)
  cloneExperimentSample(
    @CurrentUser() session: SessionUser,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
    @Args('sampleId', { type: () => Int }) sampleId: number,
    @Args('newSampleTitle', { type: () => String, nullable: true }) newSampleTitle: string | null,
  ): Promise<ExperimentSampleModel> {
    return this.service.cloneSample(session, experimentPk, sampleId, newSampleTitle);
  }

  @Mutation(() => ExperimentSampleModel, {
    description:
      'Removes the sample from the experiment (its sample ESI answers are lost); returns it as it was',
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER, Role.USER_OFFICER)
  removeSampleFromExperiment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
    @Args('sampleId', { type: () => Int }) sampleId: number,
  ): Promise<ExperimentSampleModel> {
    return this.service.removeSample(session, experimentPk, sampleId);
  }

  @Mutation(() => ExperimentSampleModel, {
    description:
      "Confirms (isSubmitted true: green; its sample ESI must be complete) or unconfirms the sample's ESI",
  })
  @RequiresFeature(FeatureId.EXPERIMENT_SAFETY_REVIEW)
  @RolesAllowed(Role.USER, Role.USER_OFFICER)
  updateExperimentSample(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
    @Args('sampleId', { type: () => Int }) sampleId: number,
    @Args('isSubmitted') isSubmitted: boolean,
  ): Promise<ExperimentSampleModel> {
    return this.service.updateSample(session, experimentPk, sampleId, isSubmitted);
  }
}
