import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { ExperimentModel, ExperimentsRepository } from '../../../experiments';
import { ProposalReaders } from '../../../proposals';
import { BasicUserDetailsModel, basicUserDetails, UsersService } from '../../../users';
import { VisitsService } from '../../visits.service';
import { VisitModel, VisitRegistrationModel, VisitsFilterInput } from './visit.model';
import { VisitsRepository } from './visits.repository';

const READERS = [Role.USER, Role.USER_OFFICER] as const;

@Resolver(() => VisitModel)
export class GetVisitsResolver {
  constructor(
    private readonly service: VisitsService,
    private readonly repository: VisitsRepository,
    private readonly users: UsersService,
    private readonly experiments: ExperimentsRepository,
    private readonly readers: ProposalReaders,
  ) {}

  @Query(() => VisitModel, {
    nullable: true,
    description:
      'A visit (refused like its proposal when it does not exist or the caller may not see it; officers: null)',
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(...READERS)
  async visit(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('visitId', { type: () => Int }) visitId: number,
  ): Promise<VisitModel | null> {
    const visit = await this.repository.get(visitId);
    // missing or not the caller's to see: refused like its proposal (officers: null when missing)
    if (!visit || !(await this.service.mayRead(session, visit))) return this.readers.missing(session);
    return visit;
  }

  @Query(() => [VisitModel], {
    description: "Visits (officers: all; users: their proposals' and those they are on)",
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(...READERS)
  visits(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('filter', { type: () => VisitsFilterInput, nullable: true }) filter: VisitsFilterInput | null,
  ): Promise<VisitModel[]> {
    return this.service.list(session, filter ?? {});
  }

  @Query(() => VisitRegistrationModel, {
    nullable: true,
    description:
      "A visitor's registration (refused like its proposal when the visit does not exist or the caller may not see it)",
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(...READERS)
  async getVisitRegistration(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('visitId', { type: () => Int }) visitId: number,
    @Args('userId', { type: () => Int }) userId: number,
  ): Promise<VisitRegistrationModel | null> {
    const visit = await this.repository.get(visitId);
    if (!visit || !(await this.service.mayRead(session, visit))) return this.readers.missing(session);
    return this.repository.registration(visitId, userId);
  }

  @ResolveField(() => [VisitRegistrationModel])
  registrations(@Parent() visit: VisitModel): Promise<VisitRegistrationModel[]> {
    return this.repository.registrations(visit.id);
  }

  @ResolveField(() => ExperimentModel, {
    nullable: true,
    description: "the visit's experiment (its id, times, proposal), for the user office's registrations list",
  })
  experiment(@Parent() visit: VisitModel): Promise<ExperimentModel | null> {
    return this.experiments.get(visit.experimentPk);
  }

  @ResolveField(() => BasicUserDetailsModel, { nullable: true })
  async teamLead(@Parent() visit: VisitModel): Promise<BasicUserDetailsModel | null> {
    const [user] = await this.users.byIds([visit.teamLeadUserId]);
    return user ? basicUserDetails(user, false) : null;
  }
}

@Resolver(() => VisitRegistrationModel)
export class VisitRegistrationFieldsResolver {
  constructor(private readonly users: UsersService) {}

  @ResolveField(() => BasicUserDetailsModel, { nullable: true })
  async user(@Parent() registration: VisitRegistrationModel): Promise<BasicUserDetailsModel | null> {
    const [user] = await this.users.byIds([registration.userId]);
    return user ? basicUserDetails(user, false) : null;
  }
}

/** `Experiment.visit`: the experiment's visit, for the portal's visit icons (§4). */
@Resolver(() => ExperimentModel)
export class ExperimentVisitFieldResolver {
  constructor(private readonly repository: VisitsRepository) {}

  @ResolveField(() => VisitModel, { nullable: true })
  visit(@Parent() experiment: ExperimentModel): Promise<VisitModel | null> {
    return this.repository.ofExperiment(experiment.experimentPk);
  }
}
