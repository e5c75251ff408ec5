import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Role, templateMessages } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class DeleteTopicResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description:
      'Deletes a topic and takes its questions off the template (not the basis topic, not the last)',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteTopic(@Args('topicId', { type: () => Int }) topicId: number): Promise<TemplateModel | null> {
    const topic = await this.repository.topic(topicId);
    if (!topic) throw notFound(templateMessages.topicNotFound);
    const structure = await this.templates.existingStructure(topic.templateId);
    const step = structure.steps.find((s) => s.topic.id === topicId);
    await this.templates.onTemplate(topic.templateId, {
      type: 'DeleteTopic',
      topicId,
      holdsBasis: step?.fields.some((f) => f.question.dataType.endsWith('_BASIS')) ?? false,
    });
    return this.repository.template(topic.templateId);
  }
}
