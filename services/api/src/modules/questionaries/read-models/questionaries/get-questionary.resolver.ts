import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { templateMessages } from '@user-office/contracts';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { notFound } from '../../../../platform/errors/app-error';
import { TemplatesRepository } from '../../../templates';
import { QuestionariesService } from '../../questionaries.service';
import { QuestionaryModel, QuestionaryStepModel } from './questionary.model';
import { QuestionariesRepository } from './questionaries.repository';

@Resolver()
export class GetQuestionaryResolver {
  constructor(
    private readonly questionaries: QuestionariesService,
    private readonly repository: QuestionariesRepository,
    private readonly templates: TemplatesRepository,
  ) {}

  @Query(() => QuestionaryModel, {
    nullable: true,
    description: 'A questionary with its steps, answers and completeness',
  })
  @Authenticated()
  async getQuestionary(
    @CurrentUser() user: SessionUser,
    @Args('questionaryId', { type: () => Int }) questionaryId: number,
  ): Promise<QuestionaryModel | null> {
    const record = await this.repository.record(questionaryId);
    if (!record) return null;
    await this.questionaries.assertMayAccess(user, record, 'read');
    return this.repository.questionary(questionaryId);
  }

  @Query(() => [QuestionaryStepModel], {
    description: 'The steps of a template with no answers (a new item, id 0)',
  })
  @Authenticated()
  async getBlankQuestionarySteps(
    @Args('templateId', { type: () => Int }) templateId: number,
  ): Promise<QuestionaryStepModel[]> {
    if (!(await this.templates.template(templateId))) throw notFound(templateMessages.templateNotFound);
    return this.repository.blankSteps(templateId);
  }
}
