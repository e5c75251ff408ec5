import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import {
  ConnectionStatusActionInput,
  WorkflowConnectionModel,
} from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class AddConnectionStatusActionsResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => WorkflowConnectionModel, {
    nullable: true,
    description:
      'Sets the status actions a connection runs (replaces its list; each config is JSON text, validated); returns the connection',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async addConnectionStatusActions(
    @Args('workflowConnectionId', { type: () => Int }) workflowConnectionId: number,
    @Args('workflowId', { type: () => Int }) workflowId: number,
    @Args('actions', { type: () => [ConnectionStatusActionInput] }) actions: ConnectionStatusActionInput[],
  ): Promise<WorkflowConnectionModel | null> {
    const connection = await this.workflows.setConnectionStatusActions({
      workflowConnectionId,
      workflowId,
      actions: actions.map((a) => ({
        actionId: a.actionId,
        actionType: a.actionType,
        config: a.config ?? null,
      })),
    });
    return this.repository.connection(connection.id);
  }
}
