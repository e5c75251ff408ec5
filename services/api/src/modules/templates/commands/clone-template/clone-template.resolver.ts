import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class CloneTemplateResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description: 'Copies a template ("Copy of …"); returns the copy',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async cloneTemplate(
    @Args('templateId', { type: () => Int }) templateId: number,
  ): Promise<TemplateModel | null> {
    const cloneId = await this.templates.cloneTemplate(templateId);
    return this.repository.template(cloneId);
  }
}
