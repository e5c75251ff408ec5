import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role, updateTemplateSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class UpdateTemplateResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description: 'Renames, describes, archives (isArchived: true) or unarchives a template',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateTemplate(
    @Args('templateId', { type: () => Int }) templateId: number,
    @Args('name', { nullable: true }) name?: string,
    @Args('description', { nullable: true }) description?: string,
    @Args('isArchived', { nullable: true }) isArchived?: boolean,
  ): Promise<TemplateModel | null> {
    const valid = await validateInput(updateTemplateSchema, { templateId, name, description, isArchived });
    await this.templates.existingTemplate(templateId);
    await this.templates.onTemplate(templateId, { type: 'UpdateTemplate', ...valid });
    return this.repository.template(templateId);
  }
}
