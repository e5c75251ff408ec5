import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { VisitModel } from '../../read-models/visits/visit.model';
import { VisitsService } from '../../visits.service';

/** The visit team (§4 Define visit, §5 Visit team): the PI or a co-proposer defines it. */
@Resolver()
export class VisitsResolver {
  constructor(private readonly service: VisitsService) {}

  @Mutation(() => VisitModel, {
    description:
      'Defines the visit team of an experiment (the PI or a co-proposer; accepted proposal, decision submitted); ' +
      'each visitor gets a drafted registration',
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER)
  createVisit(
    @CurrentUser() session: SessionUser,
    @Args('experimentPk', { type: () => Int }) experimentPk: number,
    @Args('team', { type: () => [Int] }) team: number[],
    @Args('teamLeadUserId', { type: () => Int, nullable: true }) teamLeadUserId: number | null,
  ): Promise<VisitModel> {
    return this.service.create(session, { experimentPk, team, teamLeadUserId });
  }

  @Mutation(() => VisitModel, {
    description: 'Changes the visit team and its lead (the PI or a co-proposer)',
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER)
  updateVisit(
    @CurrentUser() session: SessionUser,
    @Args('visitId', { type: () => Int }) visitId: number,
    @Args('team', { type: () => [Int] }) team: number[],
    @Args('teamLeadUserId', { type: () => Int, nullable: true }) teamLeadUserId: number | null,
  ): Promise<VisitModel> {
    return this.service.update(session, { visitId, team, teamLeadUserId });
  }

  @Mutation(() => VisitModel, { description: 'Deletes a visit (the PI, a co-proposer or the user office)' })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER, Role.USER_OFFICER)
  deleteVisit(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('visitId', { type: () => Int }) visitId: number,
  ): Promise<VisitModel> {
    return this.service.delete(session, visitId);
  }
}
