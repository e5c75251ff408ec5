import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { StatusModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsRepository } from '../../read-models/workflows/workflows.repository';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class UpdateStatusResolver {
  constructor(
    private readonly workflows: WorkflowsService,
    private readonly repository: WorkflowsRepository,
  ) {}

  @Mutation(() => StatusModel, {
    nullable: true,
    description: 'Changes the name or description of a status (its short code stays); returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateStatus(
    @Args('id', { type: () => Int }) id: number,
    @Args('name', { type: () => String, nullable: true }) name: string | null,
    @Args('description', { type: () => String, nullable: true }) description: string | null,
  ): Promise<StatusModel | null> {
    await this.workflows.updateStatus({ id, name: name ?? undefined, description: description ?? undefined });
    return this.repository.status(id);
  }
}
