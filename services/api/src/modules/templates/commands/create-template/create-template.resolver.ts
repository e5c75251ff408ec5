import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { createTemplateSchema, Role, TemplateGroupId } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class CreateTemplateResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description: "Creates a template with a first topic holding its group's basis question",
  })
  @RolesAllowed(Role.USER_OFFICER)
  async createTemplate(
    @Args('groupId', { type: () => TemplateGroupId }) groupId: TemplateGroupId,
    @Args('name') name: string,
    @Args('description', { nullable: true }) description?: string,
  ): Promise<TemplateModel | null> {
    const valid = await validateInput(createTemplateSchema, {
      groupId,
      name,
      description: description ?? '',
    });
    const templateId = await this.templates.createTemplate(valid.groupId, valid.name, valid.description);
    return this.repository.template(templateId);
  }
}
