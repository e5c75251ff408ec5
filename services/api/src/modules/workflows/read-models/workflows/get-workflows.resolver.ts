import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Role, WorkflowType } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { WorkflowModel } from './workflow.model';
import { WorkflowsRepository } from './workflows.repository';

/** Officers read the workflow definitions (the workflow editors). */
@Resolver()
export class GetWorkflowsResolver {
  constructor(private readonly repository: WorkflowsRepository) {}

  @Query(() => [WorkflowModel], {
    description: 'The workflows of an entity type (all when none is given), by id',
  })
  @RolesAllowed(Role.USER_OFFICER)
  getWorkflows(
    @Args('entityType', { type: () => WorkflowType, nullable: true }) entityType?: WorkflowType | null,
  ): Promise<WorkflowModel[]> {
    return this.repository.workflows(entityType ?? null);
  }

  @Query(() => WorkflowModel, { nullable: true, description: 'A workflow with its connection groups' })
  @RolesAllowed(Role.USER_OFFICER)
  getWorkflow(@Args('workflowId', { type: () => Int }) workflowId: number): Promise<WorkflowModel | null> {
    return this.repository.workflow(workflowId);
  }
}
