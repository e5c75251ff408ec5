import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { IndexWithGroupIdInput, WorkflowModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class MoveWorkflowStatusResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => WorkflowModel, {
    nullable: true,
    description:
      'Moves the status at `from` (index in a connection group) to `to` (same or another existing group); returns the workflow',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async moveWorkflowStatus(
    @Args('from', { type: () => IndexWithGroupIdInput }) from: IndexWithGroupIdInput,
    @Args('to', { type: () => IndexWithGroupIdInput }) to: IndexWithGroupIdInput,
    @Args('workflowId', { type: () => Int }) workflowId: number,
  ): Promise<WorkflowModel | null> {
    await this.workflows.moveWorkflowStatus({
      workflowId,
      from: { index: from.index, droppableId: from.droppableId },
      to: { index: to.index, droppableId: to.droppableId },
    });
    return this.repository.workflow(workflowId);
  }
}
