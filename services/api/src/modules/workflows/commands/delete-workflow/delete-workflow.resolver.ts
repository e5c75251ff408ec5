import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { WorkflowModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class DeleteWorkflowResolver {
  constructor(private readonly workflows: WorkflowsService) {}

  @Mutation(() => WorkflowModel, {
    nullable: true,
    description: 'Deletes a workflow that is not a default one and that nothing uses; returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  deleteWorkflow(@Args('workflowId', { type: () => Int }) workflowId: number): Promise<WorkflowModel> {
    return this.workflows.deleteWorkflow({ workflowId });
  }
}
