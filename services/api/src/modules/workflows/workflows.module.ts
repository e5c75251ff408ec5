import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, runsApi, type AppConfig } from '../../platform/config/app-config';
import { AddConnectionStatusActionsResolver } from './commands/add-connection-status-actions/add-connection-status-actions.resolver';
import { AddStatusChangingEventsToConnectionResolver } from './commands/add-status-changing-events-to-connection/add-status-changing-events-to-connection.resolver';
import { AddWorkflowStatusResolver } from './commands/add-workflow-status/add-workflow-status.resolver';
import { CreateStatusResolver } from './commands/create-status/create-status.resolver';
import { CreateWorkflowResolver } from './commands/create-workflow/create-workflow.resolver';
import { DeleteStatusResolver } from './commands/delete-status/delete-status.resolver';
import { DeleteWorkflowResolver } from './commands/delete-workflow/delete-workflow.resolver';
import { DeleteWorkflowStatusResolver } from './commands/delete-workflow-status/delete-workflow-status.resolver';
import { ExecuteWorkflowsCommandHandler } from './commands/execute-workflows-command';
import { MoveWorkflowStatusResolver } from './commands/move-workflow-status/move-workflow-status.resolver';
import { UpdateStatusResolver } from './commands/update-status/update-status.resolver';
import { UpdateWorkflowResolver } from './commands/update-workflow/update-workflow.resolver';
import { GetWorkflowCataloguesResolver } from './read-models/catalogues/get-workflow-catalogues.resolver';
import { GetStatusesResolver } from './read-models/workflows/get-statuses.resolver';
import { GetWorkflowsResolver } from './read-models/workflows/get-workflows.resolver';
import { WorkflowsProjection } from './read-models/workflows/workflows.projection';
import { WorkflowsRepository } from './read-models/workflows/workflows.repository';
import { WorkflowDefaults } from './workflow-defaults';
import { WorkflowUsage } from './workflow-usage';
import { WorkflowsService } from './workflows.service';

/**
 * Statuses and workflow definitions (§1, §3, §7 "Workflows and status actions"): officers define statuses and
 * workflows (connections, the status-changing events they wait for, the status actions they run); logged-in
 * users read statuses and the event catalogue. The engine that moves proposals and the execution of actions
 * come later and read the definitions through WorkflowsRepository.
 */
@Module({
  providers: [
    WorkflowsProjection,
    WorkflowsRepository,
    WorkflowUsage,
    WorkflowsService,
    WorkflowDefaults,
    ExecuteWorkflowsCommandHandler,
    GetStatusesResolver,
    GetWorkflowsResolver,
    GetWorkflowCataloguesResolver,
    CreateStatusResolver,
    UpdateStatusResolver,
    DeleteStatusResolver,
    CreateWorkflowResolver,
    UpdateWorkflowResolver,
    DeleteWorkflowResolver,
    AddWorkflowStatusResolver,
    MoveWorkflowStatusResolver,
    DeleteWorkflowStatusResolver,
    AddStatusChangingEventsToConnectionResolver,
    AddConnectionStatusActionsResolver,
  ],
  exports: [WorkflowsRepository, WorkflowUsage],
})
export class WorkflowsModule implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly defaults: WorkflowDefaults,
  ) {}

  /** The first start of the api creates the default statuses, then the default workflows (see WorkflowDefaults). */
  async onApplicationBootstrap(): Promise<void> {
    if (runsApi(this.config)) await this.defaults.seed();
  }
}
