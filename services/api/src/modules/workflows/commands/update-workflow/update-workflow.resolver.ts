import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { WorkflowModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class UpdateWorkflowResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => WorkflowModel, {
    nullable: true,
    description: 'Renames or re-describes a workflow; returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateWorkflow(
    @Args('id', { type: () => Int }) id: number,
    @Args('name', { type: () => String, nullable: true }) name: string | null,
    @Args('description', { type: () => String, nullable: true }) description: string | null,
  ): Promise<WorkflowModel | null> {
    await this.workflows.updateWorkflow({
      id,
      name: name ?? undefined,
      description: description ?? undefined,
    });
    return this.repository.workflow(id);
  }
}
