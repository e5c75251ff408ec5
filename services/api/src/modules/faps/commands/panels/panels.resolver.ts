import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { FeatureId, Role, fapMessages, type FapMemberRole } from '@user-office/contracts';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import { RequiresFeature, RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SessionUser } from '../../../../platform/auth/session';
import { badInput } from '../../../../platform/errors/app-error';
import { FAP_STAFF } from '../../faps.policy';
import { FapsService } from '../../faps.service';
import { AssignChairOrSecretaryToFapInput, FapModel } from '../../read-models/faps/fap.models';

const MEMBER_ROLES: readonly Role[] = [Role.FAP_CHAIR, Role.FAP_SECRETARY, Role.FAP_REVIEWER];

/** createFap, updateFap, deleteFap and the panel's members (§7 FAPs). */
@Resolver()
export class PanelsResolver {
  constructor(private readonly service: FapsService) {}

  @Mutation(() => FapModel, {
    description: 'Creates a panel (officers); code, description, numberRatingsRequired and active required',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  createFap(
    @Args('code', { type: () => String, nullable: true }) code: string | null,
    @Args('description', { type: () => String, nullable: true }) description: string | null,
    @Args('numberRatingsRequired', { type: () => Int, nullable: true }) numberRatingsRequired: number | null,
    @Args('active', { type: () => Boolean, nullable: true }) active: boolean | null,
    @Args('gradeGuide', { type: () => String, nullable: true }) gradeGuide?: string | null,
    @Args('customGradeGuide', { type: () => Boolean, nullable: true }) customGradeGuide?: boolean | null,
    @Args('files', { type: () => String, nullable: true }) files?: string | null,
  ): Promise<FapModel> {
    return this.service.createFap({
      code,
      description,
      numberRatingsRequired,
      active,
      gradeGuide,
      customGradeGuide,
      files,
    });
  }

  @Mutation(() => FapModel, { description: 'Changes a panel (officers)' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  updateFap(
    @Args('id', { type: () => Int }) id: number,
    @Args('code', { type: () => String, nullable: true }) code: string | null,
    @Args('description', { type: () => String, nullable: true }) description: string | null,
    @Args('numberRatingsRequired', { type: () => Int, nullable: true }) numberRatingsRequired: number | null,
    @Args('active', { type: () => Boolean, nullable: true }) active: boolean | null,
    @Args('gradeGuide', { type: () => String, nullable: true }) gradeGuide?: string | null,
    @Args('customGradeGuide', { type: () => Boolean, nullable: true }) customGradeGuide?: boolean | null,
    @Args('files', { type: () => String, nullable: true }) files?: string | null,
  ): Promise<FapModel> {
    return this.service.updateFap(id, {
      code,
      description,
      numberRatingsRequired,
      active,
      gradeGuide,
      customGradeGuide,
      files,
    });
  }

  @Mutation(() => FapModel, { description: 'Deletes a panel (officers); returns it as it was' })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  deleteFap(@Args('id', { type: () => Int }) id: number): Promise<FapModel> {
    return this.service.deleteFap(id);
  }

  @Mutation(() => FapModel, {
    description:
      'Makes a user chair or secretary of the panel (officers); the user gets the role when lacking it',
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(Role.USER_OFFICER)
  async assignChairOrSecretary(
    @Args('assignChairOrSecretaryToFapInput') input: AssignChairOrSecretaryToFapInput,
  ): Promise<FapModel> {
    if (input.roleId !== Role.FAP_CHAIR && input.roleId !== Role.FAP_SECRETARY)
      throw badInput(fapMessages.notChairOrSecretaryRole, { roleId: fapMessages.notChairOrSecretaryRole });
    return this.service.assignMembers(input.fapId, input.roleId, [input.userId]);
  }

  @Mutation(() => FapModel, {
    description:
      "Adds reviewers (members) to the panel (officers, the panel's chair/secretary); they get FAP_REVIEWER",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async assignReviewersToFap(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('memberIds', { type: () => [Int] }) memberIds: number[],
    @Args('fapId', { type: () => Int }) fapId: number,
  ): Promise<FapModel> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    return this.service.assignMembers(fapId, Role.FAP_REVIEWER, memberIds);
  }

  @Mutation(() => FapModel, {
    description: "Removes a member in a role (officers, the panel's chair/secretary)",
  })
  @RequiresFeature(FeatureId.FAP_REVIEW)
  @RolesAllowed(...FAP_STAFF)
  async removeMemberFromFap(
    @CurrentUser({ allowApiToken: true }) session: SessionUser | null,
    @Args('memberId', { type: () => Int }) memberId: number,
    @Args('fapId', { type: () => Int }) fapId: number,
    @Args('roleId', { type: () => Role, nullable: true }) roleId?: Role | null,
  ): Promise<FapModel> {
    await this.service.existingFap(fapId);
    await this.service.assertStaffOf(session, fapId);
    const role = (roleId ?? Role.FAP_REVIEWER) as FapMemberRole;
    if (!MEMBER_ROLES.includes(role)) throw badInput(`Unknown FAP role ${role}`);
    return this.service.removeMember(fapId, memberId, role);
  }
}
