import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { VisitRegistrationKeyInput, VisitRegistrationModel } from '../../read-models/visits/visit.model';
import { VisitsService } from '../../visits.service';

/**
 * Visit registrations (§4): each visitor fills in and submits their own; the user office approves or requests
 * changes (one or several); the visitor or the facility cancels.
 */
@Resolver()
export class VisitRegistrationsResolver {
  constructor(private readonly service: VisitsService) {}

  @Mutation(() => VisitRegistrationModel, {
    description:
      "Starts the caller's registration for a visit: the questionary of the active visit registration template",
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER)
  createVisitRegistration(
    @CurrentUser() session: SessionUser,
    @Args('visitId', { type: () => Int }) visitId: number,
    @Args('userId', { type: () => Int }) userId: number,
  ): Promise<VisitRegistrationModel> {
    return this.service.createRegistration(session, visitId, userId);
  }

  @Mutation(() => VisitRegistrationModel, {
    description: "The caller's visit dates (§5 Visit basis), while drafted or change-requested",
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER)
  updateVisitRegistration(
    @CurrentUser() session: SessionUser,
    @Args('visitId', { type: () => Int }) visitId: number,
    @Args('startsAt', { type: () => String, nullable: true }) startsAt: string | null,
    @Args('endsAt', { type: () => String, nullable: true }) endsAt: string | null,
  ): Promise<VisitRegistrationModel> {
    return this.service.updateRegistration(session, { visitId, startsAt, endsAt });
  }

  @Mutation(() => VisitRegistrationModel, {
    description: "Submits the caller's registration (complete, with dates); it is then locked until reviewed",
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER)
  submitVisitRegistration(
    @CurrentUser() session: SessionUser,
    @Args('visitId', { type: () => Int }) visitId: number,
  ): Promise<VisitRegistrationModel> {
    return this.service.submitRegistration(session, visitId);
  }

  @Mutation(() => [VisitRegistrationModel], {
    description:
      'Approves submitted registrations (one or several; all or none; approving an approved one changes nothing)',
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER_OFFICER)
  approveVisitRegistrations(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('registrations', { type: () => [VisitRegistrationKeyInput] })
    registrations: VisitRegistrationKeyInput[],
  ): Promise<VisitRegistrationModel[]> {
    return this.service.review(session, { registrations }, 'APPROVE');
  }

  @Mutation(() => [VisitRegistrationModel], {
    description:
      'Sends submitted registrations back to their visitors for changes (one or several; all or none)',
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER_OFFICER)
  requestVisitRegistrationChanges(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('registrations', { type: () => [VisitRegistrationKeyInput] })
    registrations: VisitRegistrationKeyInput[],
  ): Promise<VisitRegistrationModel[]> {
    return this.service.review(session, { registrations }, 'REQUEST_CHANGES');
  }

  @Mutation(() => VisitRegistrationModel, {
    description:
      'Cancels a drafted, submitted or change-requested registration: by its visitor or by the user office',
  })
  @RequiresFeature(FeatureId.VISIT_MANAGEMENT)
  @RolesAllowed(Role.USER, Role.USER_OFFICER)
  cancelVisitRegistration(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('visitId', { type: () => Int }) visitId: number,
    @Args('userId', { type: () => Int }) userId: number,
  ): Promise<VisitRegistrationModel> {
    return this.service.cancelRegistration(session, visitId, userId);
  }
}
