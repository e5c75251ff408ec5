import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ExperimentsService } from '../../experiments.service';
import { ExperimentModel } from '../../read-models/experiments/experiment.model';

@Resolver()
export class DeleteExperimentResolver {
  constructor(private readonly experiments: ExperimentsService) {}

  @Mutation(() => ExperimentModel, { description: 'Deletes an experiment; returns it as it was' })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  deleteExperiment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
  ): Promise<ExperimentModel> {
    return this.experiments.delete(session, experimentPk);
  }
}
