import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  EXPERIMENT_CREATED,
  EXPERIMENT_SAFETY_DECIDED,
  EXPERIMENT_SAFETY_SUBMITTED,
  experimentSafetyWorkflowEvents,
  FEEDBACK_SUBMITTED,
  feedbackWorkflowEvents,
  SHIPMENT_SUBMITTED,
  shipmentWorkflowEvents,
  VISIT_WORKFLOW_EVENT_TYPES,
  visitWorkflowEvents,
  type ExperimentSafetyEvent,
  type WorkflowStep,
} from '@user-office/contracts';
import { RequestContext } from '../../../platform/context/request-context';
import { AppError } from '../../../platform/errors/app-error';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { RegisterProjection } from '../../../platform/projections/register-projection.decorator';
import { WorkflowsRepository } from '../../workflows';
import { ExecuteExperimentCommand } from '../commands/execute-experiment-command';
import { ExperimentsRepository } from '../read-models/experiments/experiments.repository';

/** The experiment workflow engine's checkpoint name. */
export const EXPERIMENT_WORKFLOW_ENGINE = 'advance_experiment_workflow_on_domain_event';

/**
 * The experiment workflow engine (the proposal engine's twin, sharing its pure step `nextWorkflowStep`): after an
 * experiment is created (EXPERIMENT_CREATED) and after its safety input is submitted or decided
 * (EXPERIMENT_ESF_SUBMITTED / _APPROVED / _REJECTED), after the visit steps (EXPERIMENT_VISIT_*, the visits
 * module's events carry the experimentPk), after a shipment of it or a user's feedback on it is submitted
 * (EXPERIMENT_SHIPMENT_SUBMITTED, EXPERIMENT_FEEDBACK_SUBMITTED),
 * each recorded on the experiment once per source event, the experiment moves along every connection of its workflow whose events all happened since it entered its status.
 */
@Injectable()
@RegisterProjection()
export class AdvanceExperimentWorkflowOnDomainEventReaction implements Projection {
  readonly name = EXPERIMENT_WORKFLOW_ENGINE;
  readonly kind = 'reaction' as const;
  readonly version = 1;
  readonly mode = 'async' as const;
  readonly eventTypes = [
    EXPERIMENT_CREATED,
    EXPERIMENT_SAFETY_SUBMITTED,
    EXPERIMENT_SAFETY_DECIDED,
    ...VISIT_WORKFLOW_EVENT_TYPES,
    SHIPMENT_SUBMITTED,
    FEEDBACK_SUBMITTED,
  ];
  readonly tables = [];
  private readonly logger = new Logger('ExperimentWorkflowEngine');

  constructor(
    private readonly commands: CommandBus,
    private readonly experiments: ExperimentsRepository,
    private readonly workflows: WorkflowsRepository,
  ) {}

  async apply(_tx: unknown, event: StoredEvent): Promise<void> {
    await RequestContext.run({}, async () => {
      const { experimentPk } = event.data as { experimentPk: number | null };
      if (experimentPk === null || experimentPk === undefined) return; // a shipment of no experiment
      const experiment = await this.experiments.get(experimentPk);
      if (!experiment || experiment.workflowId === null) return;
      const connections: WorkflowStep[] = (await this.workflows.connections(experiment.workflowId)).map(
        (c) => ({
          connectionId: c.id,
          sortOrder: c.sortOrder,
          prevStatusId: c.prevStatusId,
          statusId: c.statusId,
          statusChangingEvents: c.statusChangingEvents,
        }),
      );
      const [name] =
        event.type === EXPERIMENT_CREATED
          ? []
          : VISIT_WORKFLOW_EVENT_TYPES.includes(event.type)
            ? visitWorkflowEvents(event)
            : event.type === SHIPMENT_SUBMITTED
              ? shipmentWorkflowEvents(event)
              : event.type === FEEDBACK_SUBMITTED
                ? feedbackWorkflowEvents(event)
                : experimentSafetyWorkflowEvents(event as unknown as ExperimentSafetyEvent);
      if (event.type !== EXPERIMENT_CREATED && !name) return;
      try {
        await this.commands.execute(
          new ExecuteExperimentCommand({
            type: 'AdvanceExperimentWorkflow',
            experimentPk,
            connections,
            external: name ? { name, sourceEventId: event.eventId } : undefined,
          }),
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return;
        this.logger.warn(`Experiment ${experimentPk} not advanced: ${(error as Error).message}`);
        throw error;
      }
    });
  }
}
