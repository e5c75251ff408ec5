import { Injectable, Logger } from '@nestjs/common';
import { DEFAULT_STATUSES, WorkflowType } from '@user-office/contracts';
import { RequestContext } from '../../platform/context/request-context';
import { AppError } from '../../platform/errors/app-error';
import { DEFAULT_WORKFLOWS, type DefaultWorkflow } from './domain/default-workflows';
import { WorkflowsRepository } from './read-models/workflows/workflows.repository';
import { WorkflowsService } from './workflows.service';

/**
 * The first start of the api creates the default statuses (fixed ids, DEFAULT_STATUSES) and then the default
 * workflows (DEFAULT_WORKFLOWS), as the System, through the same validation and commands as the mutations.
 * Statuses are due when none was ever created; a default workflow when no workflow of its type ever was. Two
 * api processes starting at once: the second's creations are refused by the deciders (the ids exist) and
 * skipped.
 */
@Injectable()
export class WorkflowDefaults {
  private readonly logger = new Logger('Workflows');

  constructor(
    private readonly service: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  async seed(): Promise<void> {
    await RequestContext.run({}, async () => {
      if (!(await this.repository.anyStatus())) await this.seedStatuses();
      for (const workflow of DEFAULT_WORKFLOWS) {
        if (!(await this.repository.anyWorkflow(workflow.entityType))) await this.seedWorkflow(workflow);
      }
    });
  }

  private async seedStatuses(): Promise<void> {
    let created = 0;
    for (const { id, ...status } of DEFAULT_STATUSES) {
      try {
        await this.service.createStatus(status, { id });
        created++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        this.logger.warn(`Default status ${status.shortCode} not created: ${error.message}`);
      }
    }
    this.logger.log(`Created ${created} default statuses`);
  }

  private async seedWorkflow(workflow: DefaultWorkflow): Promise<void> {
    const { workflowId, name, description, entityType } = workflow;
    try {
      await this.service.createWorkflow({ name, description, entityType }, { id: workflowId });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.logger.warn(`Default workflow ${JSON.stringify(name)} not created: ${error.message}`);
      return;
    }
    try {
      for (const step of workflow.steps) {
        const status = await this.repository.statusByShortCode(entityType, step.shortCode);
        if (!status) throw new AppError('NOT_FOUND', `Status ${step.shortCode} not found`);
        const connectionId = await this.service.addWorkflowStatus({
          workflowId,
          statusId: status.id,
          sortOrder: Number.MAX_SAFE_INTEGER,
          droppableGroupId: step.droppableGroupId,
          parentDroppableGroupId: step.parentDroppableGroupId,
        });
        await this.service.setStatusChangingEvents({
          workflowConnectionId: connectionId,
          statusChangingEvents: step.statusChangingEvents,
        });
        if (step.actions.length > 0)
          await this.service.setConnectionStatusActions({
            workflowConnectionId: connectionId,
            workflowId,
            actions: step.actions,
          });
      }
      this.logger.log(
        `Created the default ${entityType === WorkflowType.PROPOSAL ? 'proposal' : 'experiment'} workflow`,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.logger.warn(`Default workflow ${JSON.stringify(name)} not completed: ${error.message}`);
    }
  }
}
