import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { CallModel } from '../../../calls';
import { FAP_MEMBERS } from '../../faps.policy';
import { FapsService } from '../../faps.service';
import { FapModel } from './fap.models';
import { FapsRepository } from './faps.repository';

/**
 * `Call.faps`: the call's review panels, for the staff who see panels elsewhere (officers, FAP chairs, secretaries
 * and reviewers, as a proposal's `faps`); anyone else reads none. Batched over the calls of one request.
 */
@Resolver(() => CallModel)
export class CallFapsResolver {
  constructor(
    private readonly service: FapsService,
    private readonly repository: FapsRepository,
  ) {}

  @ResolveField(() => [FapModel], {
    description: 'its review panels (officers and FAP staff; none for anyone else)',
  })
  async faps(
    @CurrentUser() session: SessionUser | null,
    @Parent() call: CallModel,
    @Context() context: GraphqlContext,
  ): Promise<FapModel[]> {
    if (!session || !(FAP_MEMBERS as readonly Role[]).includes(session.currentRole)) return [];
    if (call.fapIds.length === 0) return [];
    const faps = await context.loaders
      .get<number, FapModel | null>('faps.ofCall', async (ids) => {
        const models = await this.service.toModels(await this.repository.byIds(ids));
        const byId = new Map(models.map((f) => [f.id, f]));
        return ids.map((id) => byId.get(id) ?? null);
      })
      .loadMany(call.fapIds);
    // a panel deleted since the call named it is left out
    return faps.filter((f): f is FapModel => f !== null && !(f instanceof Error));
  }
}
