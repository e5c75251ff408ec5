import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class DeleteTemplateResolver {
  constructor(private readonly templates: TemplatesService) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description: 'Deletes a template no questionary or call uses (archive one that is in use); returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteTemplate(@Args('templateId', { type: () => Int }) templateId: number): Promise<TemplateModel> {
    const template = await this.templates.existingTemplate(templateId);
    await this.templates.deleteTemplate(templateId);
    return template;
  }
}
