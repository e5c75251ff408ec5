import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { questionType, Role, templateMessages } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { TemplateModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class DeleteQuestionTemplateRelationResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => TemplateModel, {
    nullable: true,
    description:
      'Takes a question off a template (the question stays in the library); not the basis question',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteQuestionTemplateRelation(
    @Args('templateId', { type: () => Int }) templateId: number,
    @Args('questionId') questionId: string,
  ): Promise<TemplateModel | null> {
    await this.templates.existingTemplate(templateId);
    const question = await this.repository.question(questionId);
    if (!question) throw notFound(templateMessages.questionNotOnTemplate);
    await this.templates.onTemplate(templateId, {
      type: 'RemoveQuestion',
      questionId,
      isBasis: questionType(question.dataType).isBasis,
    });
    return this.repository.template(templateId);
  }
}
