import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { StatusModel } from '../../read-models/workflows/workflow.model';
import { WorkflowsService } from '../../workflows.service';

@Resolver()
export class DeleteStatusResolver {
  constructor(private readonly workflows: WorkflowsService) {}

  @Mutation(() => StatusModel, {
    nullable: true,
    description: 'Deletes a status that is not a default one and that no workflow uses; returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  deleteStatus(@Args('id', { type: () => Int }) id: number): Promise<StatusModel> {
    return this.workflows.deleteStatus({ id });
  }
}
