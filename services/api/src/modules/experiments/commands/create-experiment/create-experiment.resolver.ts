import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { createExperimentSchema, FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { validateInput } from '../../../../platform/validation/validate-input';
import { ExperimentsService } from '../../experiments.service';
import { ExperimentModel } from '../../read-models/experiments/experiment.model';
import { CreateExperimentInput } from './create-experiment.input';

@Resolver()
export class CreateExperimentResolver {
  constructor(private readonly experiments: ExperimentsService) {}

  @Mutation(() => ExperimentModel, {
    description:
      'Creates an experiment of an accepted proposal (decision submitted) on one of its instruments; refuses an ' +
      'overlap with another experiment on the instrument',
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST)
  async createExperiment(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('input') input: CreateExperimentInput,
  ): Promise<ExperimentModel> {
    return this.experiments.create(session, await validateInput(createExperimentSchema, input));
  }
}
