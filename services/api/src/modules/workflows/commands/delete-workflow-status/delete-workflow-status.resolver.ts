import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { WorkflowModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class DeleteWorkflowStatusResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => WorkflowModel, {
    nullable: true,
    description:
      'Removes a status (at sortOrder of its group) from a workflow, with its events and actions; returns the workflow',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteWorkflowStatus(
    @Args('statusId', { type: () => Int }) statusId: number,
    @Args('workflowId', { type: () => Int }) workflowId: number,
    @Args('sortOrder', { type: () => Int }) sortOrder: number,
  ): Promise<WorkflowModel | null> {
    await this.workflows.deleteWorkflowStatus({ statusId, workflowId, sortOrder });
    return this.repository.workflow(workflowId);
  }
}
