import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role, templateMessages, updateTopicSchema } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput, notFound } from '../../../../platform/errors/app-error';
import { validateInput } from '../../../../platform/validation/validate-input';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class UpdateTopicResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description: 'Renames, enables/disables or moves a topic',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async updateTopic(
    @Args('id', { type: () => Int }) id: number,
    @Args('templateId', { type: () => Int, nullable: true }) templateId?: number,
    @Args('title', { nullable: true }) title?: string,
    @Args('sortOrder', { type: () => Int, nullable: true }) sortOrder?: number,
    @Args('isEnabled', { nullable: true }) isEnabled?: boolean,
  ): Promise<TemplateModel | null> {
    const valid = await validateInput(updateTopicSchema, { id, title, sortOrder, isEnabled });
    const topic = await this.repository.topic(id);
    if (!topic) throw notFound(templateMessages.topicNotFound);
    if (templateId != null && templateId !== topic.templateId) throw badInput(templateMessages.topicNotFound);
    await this.templates.onTemplate(topic.templateId, {
      type: 'UpdateTopic',
      topicId: id,
      title: valid.title,
      isEnabled: valid.isEnabled,
      sortOrder: valid.sortOrder,
    });
    return this.repository.template(topic.templateId);
  }
}
