import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { WorkflowConnectionModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class AddWorkflowStatusResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => WorkflowConnectionModel, {
    nullable: true,
    description:
      'Adds a status to a workflow at sortOrder of group droppableGroupId (a new group, a branch, needs parentDroppableGroupId); prevStatusId and nextStatusId, when given, must match the position; returns the new connection',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async addWorkflowStatus(
    @Args('workflowId', { type: () => Int }) workflowId: number,
    @Args('statusId', { type: () => Int }) statusId: number,
    @Args('sortOrder', { type: () => Int }) sortOrder: number,
    @Args('droppableGroupId') droppableGroupId: string,
    @Args('parentDroppableGroupId', { type: () => String, nullable: true })
    parentDroppableGroupId: string | null,
    @Args('nextStatusId', { type: () => Int, nullable: true }) nextStatusId: number | null,
    @Args('prevStatusId', { type: () => Int, nullable: true }) prevStatusId: number | null,
  ): Promise<WorkflowConnectionModel | null> {
    const connectionId = await this.workflows.addWorkflowStatus({
      workflowId,
      statusId,
      sortOrder,
      droppableGroupId,
      parentDroppableGroupId,
      nextStatusId,
      prevStatusId,
    });
    return this.repository.connection(connectionId);
  }
}
