import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Role, WorkflowType } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { StatusModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class CreateStatusResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => StatusModel, { nullable: true, description: 'Creates a status; returns it' })
  @RolesAllowed(Role.USER_OFFICER)
  async createStatus(
    @Args('shortCode') shortCode: string,
    @Args('name') name: string,
    @Args('description', { type: () => String, nullable: true }) description: string | null,
    @Args('entityType', { type: () => WorkflowType }) entityType: WorkflowType,
  ): Promise<StatusModel | null> {
    const statusId = await this.workflows.createStatus({
      shortCode,
      name,
      description: description ?? undefined,
      entityType,
    });
    return this.repository.status(statusId);
  }
}
