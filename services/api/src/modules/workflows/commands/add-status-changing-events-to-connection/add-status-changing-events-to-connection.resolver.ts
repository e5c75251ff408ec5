import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { WorkflowConnectionModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class AddStatusChangingEventsToConnectionResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => WorkflowConnectionModel, {
    nullable: true,
    description:
      'Sets the status-changing events a connection waits for (all must happen; replaces its list); returns the connection',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async addStatusChangingEventsToConnection(
    @Args('workflowConnectionId', { type: () => Int }) workflowConnectionId: number,
    @Args('statusChangingEvents', { type: () => [String] }) statusChangingEvents: string[],
  ): Promise<WorkflowConnectionModel | null> {
    const connection = await this.workflows.setStatusChangingEvents({
      workflowConnectionId,
      statusChangingEvents,
    });
    return this.repository.connection(connection.id);
  }
}
