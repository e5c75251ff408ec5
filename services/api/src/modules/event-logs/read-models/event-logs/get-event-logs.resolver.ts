import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { SYSTEM_ACTOR } from '../../../../platform/identity/user-directory.port';
import { AccessRegistry } from '../../../../platform/auth/access-registry';

import { EventLogModel } from './event-log.model';
import { EventLogsRepository } from './event-logs.repository';

@Resolver(() => EventLogModel)
export class GetEventLogsResolver {
  constructor(
    private readonly repository: EventLogsRepository,
    private readonly access: AccessRegistry,
  ) {}

  @Query(() => [EventLogModel], {
    description:
      'The event log (officers), newest 1,000 rows: of an object (changedObjectId, with objectType to tell a ' +
      'proposal 1 from a status 1), of an event or object type (eventType), of a kind of object (objectType), ' +
      'and of a proposal with everything that hangs off it (proposalPk: reviewer assignments and their ' +
      'conflict overrides, technical and FAP reviews, decisions)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async getEventLogs(
    @Args('changedObjectId', { type: () => String, nullable: true }) changedObjectId: string | null,
    @Args('eventType', { type: () => String, nullable: true }) eventType: string | null,
    @Args('objectType', { type: () => String, nullable: true }) objectType: string | null,
    @Args('proposalPk', { type: () => Int, nullable: true }) proposalPk: number | null,
  ): Promise<EventLogModel[]> {
    const rows = await this.repository.find({ changedObjectId, eventType, objectType, proposalPk });
    return rows.map((r) => ({ ...r, id: String(r.id) }));
  }

  @ResolveField(() => String, { description: 'the name of who made the change, or "System"' })
  async changedBy(@Parent() log: EventLogModel, @Context() ctx: GraphqlContext): Promise<string> {
    if (log.changedById === null) return SYSTEM_ACTOR;
    return this.name(ctx, log.changedById);
  }

  @ResolveField(() => String, {
    nullable: true,
    description: 'the name of the officer who was impersonating changedBy, when impersonating',
  })
  async impersonatedBy(@Parent() log: EventLogModel, @Context() ctx: GraphqlContext): Promise<string | null> {
    return log.impersonatedById === null ? null : this.name(ctx, log.impersonatedById);
  }

  private name(ctx: GraphqlContext, id: number): Promise<string> {
    const loader = ctx.loaders.get<number, string>('user-display-name', async (ids) => {
      const names = await this.access.userDirectory.displayNames(ids);
      return ids.map((i) => names.get(i) ?? `User #${i}`);
    });
    return loader.load(id);
  }
}
