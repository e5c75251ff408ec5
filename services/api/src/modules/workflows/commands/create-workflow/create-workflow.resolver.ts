import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Role, WorkflowType } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { WorkflowModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class CreateWorkflowResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => WorkflowModel, {
    nullable: true,
    description: 'Creates a workflow starting at its initial status (DRAFT, AWAITING_ESF); returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async createWorkflow(
    @Args('name') name: string,
    @Args('description', { type: () => String, nullable: true }) description: string | null,
    @Args('entityType', { type: () => WorkflowType }) entityType: WorkflowType,
  ): Promise<WorkflowModel | null> {
    const workflowId = await this.workflows.createWorkflow({
      name,
      description: description ?? undefined,
      entityType,
    });
    return this.repository.workflow(workflowId);
  }
}
