import { Args, Query, Resolver } from '@nestjs/graphql';
import { WorkflowType } from '@user-office/contracts';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { StatusModel } from './workflow.model';
import { WorkflowsRepository } from './workflows.repository';

/** Any logged-in user reads the statuses (proposal lists and filters show them). */
@Resolver()
export class GetStatusesResolver {
  constructor(private readonly repository: WorkflowsRepository) {}

  @Query(() => [StatusModel], {
    description: 'The statuses of an entity type (all when none is given), by id',
  })
  @Authenticated()
  getStatuses(
    @Args('entityType', { type: () => WorkflowType, nullable: true }) entityType?: WorkflowType | null,
  ): Promise<StatusModel[]> {
    return this.repository.statuses(entityType ?? null);
  }
}
