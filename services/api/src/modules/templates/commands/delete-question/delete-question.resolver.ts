import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Role, templateMessages } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { notFound } from '../../../../platform/errors/app-error';
import { QuestionModel } from '../../read-models/templates/template.model';
import { TemplatesRepository } from '../../read-models/templates/templates.repository';
import { TemplatesService } from '../../templates.service';

@Resolver()
export class DeleteQuestionResolver {
  constructor(
    private readonly templates: TemplatesService,
    private readonly repository: TemplatesRepository,
  ) {}

  @Mutation(() => QuestionModel, {
    nullable: true,
    description: 'Deletes a question that no template uses (not a basis question); returns it',
  })
  @RolesAllowed(Role.USER_OFFICER)
  async deleteQuestion(@Args('questionId') questionId: string): Promise<QuestionModel> {
    const question = await this.repository.question(questionId);
    if (!question) throw notFound(templateMessages.questionNotFound);
    await this.templates.deleteQuestion(questionId);
    return question;
  }
}
