import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role, TemplateGroupId } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class SetActiveTemplateResolver {
  constructor(private readonly templates: TemplatesService) {}

  @Mutation(() => Boolean, { description: 'Makes a template the active one of its group (one per group)' })
  @RolesAllowed(Role.USER_OFFICER)
  async setActiveTemplate(
    @Args('templateGroupId', { type: () => TemplateGroupId }) templateGroupId: TemplateGroupId,
    @Args('templateId', { type: () => Int }) templateId: number,
  ): Promise<boolean> {
    await this.templates.setActiveTemplate(templateGroupId, templateId);
    return true;
  }
}
