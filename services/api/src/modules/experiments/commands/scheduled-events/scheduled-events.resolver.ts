import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { experimentMessages, FeatureId, Role, scheduledExperimentSchema } from '@user-office/contracts';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput, notFound } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { ExperimentsService } from '../../experiments.service';
import { ExperimentModel } from '../../read-models/experiments/experiment.model';
import { ScheduledExperimentInput } from './scheduled-experiment.input';

/** create, update, activate and complete always end with the experiment (or refuse) */
const experimentOf = (experiment: ExperimentModel | null): ExperimentModel => {
  if (!experiment) throw notFound(experimentMessages.experimentNotFound);
  return experiment;
};

const eventId = (scheduledEventId: string): string => {
  const id = scheduledEventId.trim();
  if (!id) throw badInput(experimentMessages.scheduledEventIdRequired);
  return id;
};

/**
 * The facility scheduler's messages as mutations (officers, API access tokens naming them): each is idempotent
 * by the scheduler's event id, so a message delivered twice changes nothing the second time. The scheduler's
 * RabbitMQ consumer (a later issue) calls `ExperimentsService.applyScheduledEvent` the same way. Five mutations
 * of one message kind share this folder.
 */
@Resolver()
export class ScheduledEventsResolver {
  constructor(private readonly experiments: ExperimentsService) {}

  @Mutation(() => ExperimentModel, {
    description: "Creates the experiment of a scheduler's event (once: again, it is the update)",
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER_OFFICER)
  async createScheduledExperiment(@Args('input') input: ScheduledExperimentInput): Promise<ExperimentModel> {
    const valid = await validateInput(scheduledExperimentSchema, input);
    return experimentOf(await this.experiments.applyScheduledEvent({ kind: 'create', input: valid }));
  }

  @Mutation(() => ExperimentModel, {
    description: "Updates the experiment of a scheduler's event; refused when it was never created",
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER_OFFICER)
  async updateScheduledExperiment(@Args('input') input: ScheduledExperimentInput): Promise<ExperimentModel> {
    const valid = await validateInput(scheduledExperimentSchema, input);
    return experimentOf(await this.experiments.applyScheduledEvent({ kind: 'update', input: valid }));
  }

  @Mutation(() => ExperimentModel, {
    description: "Activates the experiment of a scheduler's event (ACTIVE)",
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER_OFFICER)
  async activateScheduledExperiment(
    @Args('scheduledEventId') scheduledEventId: string,
  ): Promise<ExperimentModel> {
    return experimentOf(
      await this.experiments.applyScheduledEvent({
        kind: 'activate',
        scheduledEventId: eventId(scheduledEventId),
      }),
    );
  }

  @Mutation(() => ExperimentModel, {
    description: "Completes the experiment of a scheduler's event (COMPLETED)",
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER_OFFICER)
  async completeScheduledExperiment(
    @Args('scheduledEventId') scheduledEventId: string,
  ): Promise<ExperimentModel> {
    return experimentOf(
      await this.experiments.applyScheduledEvent({
        kind: 'complete',
        scheduledEventId: eventId(scheduledEventId),
      }),
    );
  }

  @Mutation(() => Boolean, {
    description: "Removes the experiment of a scheduler's event; false when there was none (nothing to do)",
  })
  @RequiresFeature(FeatureId.SCHEDULER)
  @RolesAllowed(Role.USER_OFFICER)
  async removeScheduledExperiment(@Args('scheduledEventId') scheduledEventId: string): Promise<boolean> {
    const removed = await this.experiments.applyScheduledEvent({
      kind: 'remove',
      scheduledEventId: eventId(scheduledEventId),
    });
    return removed !== null;
  }
}
