import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { Authenticated, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { forbidden } from '../../../../platform/errors/app-error';
import type { GraphqlContext } from '../../../../platform/graphql/loaders';
import { BasicUserDetailsModel, UsersService } from '../../../users';
import { TECHNIQUE_READERS } from '../../instruments.policy';
import {
  InstrumentModel,
  TechniqueMinimalModel,
  TechniqueModel,
  TechniquesQueryResultModel,
} from './instrument.models';
import { InstrumentsRepository } from './instruments.repository';
import { instrumentsOf, scientistsOf } from './people.loader';

/** The technique queries: staff read them; anyone signed in gets the minimal list (the technique picker). */
@Resolver(() => TechniqueModel)
export class GetTechniquesResolver {
  constructor(
    private readonly repository: InstrumentsRepository,
    private readonly users: UsersService,
  ) {}

  @Query(() => TechniquesQueryResultModel)
  @RolesAllowed(...TECHNIQUE_READERS)
  async techniques(): Promise<TechniquesQueryResultModel> {
    const techniques = await this.repository.allTechniques();
    return { totalCount: techniques.length, techniques };
  }

  @Query(() => TechniqueModel, { nullable: true })
  @RolesAllowed(...TECHNIQUE_READERS)
  technique(@Args('techniqueId', { type: () => Int }) techniqueId: number): Promise<TechniqueModel | null> {
    return this.repository.technique(techniqueId);
  }

  @Query(() => [TechniqueModel])
  @RolesAllowed(...TECHNIQUE_READERS)
  getTechniquesByIds(
    @Args('techniqueIds', { type: () => [Int] }) techniqueIds: number[],
  ): Promise<TechniqueModel[]> {
    return this.repository.techniquesByIds(techniqueIds);
  }

  @Query(() => [TechniqueMinimalModel], { description: "Every technique by name (the portal's picker)" })
  @Authenticated()
  async getTechniquesMinimal(): Promise<TechniqueMinimalModel[]> {
    return (await this.repository.allTechniques()).map(({ id, name, shortCode, description }) => ({
      id,
      name,
      shortCode,
      description,
    }));
  }

  @Query(() => [TechniqueModel], {
    description: 'The techniques of a scientist (the officer, or themselves)',
  })
  @RolesAllowed(...TECHNIQUE_READERS)
  async getTechniquesByScientist(
    @CurrentUser() session: SessionUser,
    @Args('userId', { type: () => Int }) userId: number,
  ): Promise<TechniqueModel[]> {
    if (session.currentRole !== Role.USER_OFFICER && session.id !== userId) throw forbidden();
    return this.repository.techniquesByIds(await this.repository.techniqueIdsOfScientist(userId));
  }

  @ResolveField(() => [InstrumentModel], { description: 'in the order they were assigned' })
  instruments(
    @Parent() technique: TechniqueModel,
    @Context() context: GraphqlContext,
  ): Promise<InstrumentModel[]> {
    return instrumentsOf(technique.instrumentIds, this.repository, context);
  }

  @ResolveField(() => [BasicUserDetailsModel], { description: 'in the order they were assigned' })
  scientists(
    @Parent() technique: TechniqueModel,
    @CurrentUser() session: SessionUser | null,
    @Context() context: GraphqlContext,
  ): Promise<BasicUserDetailsModel[]> {
    return scientistsOf(technique.scientistIds, this.users, session, context);
  }
}
