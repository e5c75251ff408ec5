import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role, updateExperimentSchema } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { ExperimentsService } from '../../experiments.service';
import { ExperimentModel } from '../../read-models/experiments/experiment.model';
import { UpdateExperimentInput } from './update-experiment.input';

@Resolver()
export class UpdateExperimentResolver {
  constructor(private readonly experiments: ExperimentsService) {}

  @Mutation(() => ExperimentModel, {
    description:
      'Updates (moves, re-times) an experiment; refuses an overlap with another experiment on the instrument',
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async updateExperiment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('input') input: UpdateExperimentInput,
  ): Promise<ExperimentModel> {
    return this.experiments.update(session, await validateInput(updateExperimentSchema, input));
  }
}
