import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { createTopicSchema, NEW_TOPIC_TITLE, Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { validateInput } from '../../../../platform/validation/validate-input';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class CreateTopicResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, { nullable: true, description: 'Adds a topic (wizard step) at sortOrder' })
  @RolesAllowed(Role.USER_OFFICER)
  async createTopic(
    @Args('templateId', { type: () => Int }) templateId: number,
    @Args('sortOrder', { type: () => Int }) sortOrder: number,
    @Args('title', { nullable: true }) title?: string,
  ): Promise<TemplateModel | null> {
    const valid = await validateInput(createTopicSchema, { templateId, sortOrder, title });
    await this.templates.existingTemplate(templateId);
    const topicId = await this.templates.nextTopicId();
    await this.templates.onTemplate(templateId, {
      type: 'CreateTopic',
      topicId,
      sortOrder: valid.sortOrder,
      title: valid.title || NEW_TOPIC_TITLE,
    });
    return this.repository.template(templateId);
  }
}
