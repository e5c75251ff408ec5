import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { proposalRuleMessages, Role, templateMessages } from '@user-office/contracts';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { forbidden, notFound } from '../../../../platform/errors/app-error';
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

  /**
   * A single read of something hanging off a proposal (its questionary, a sample's, a shipment's, an ESI's, a
   * review's, …): refused as the proposal itself is ("You may not see this proposal") when the owner's rule says
   * no, and so is a missing id for anyone but officers (issue 38: a refusal says nothing about existence).
   */
  @Query(() => QuestionaryModel, {
    nullable: true,
    description:
      'A questionary with its steps, answers and completeness (refused as its proposal is; officers: null when absent)',
  })
  @Authenticated()
  async getQuestionary(
    @CurrentUser() user: SessionUser,
    @Args('questionaryId', { type: () => Int }) questionaryId: number,
  ): Promise<QuestionaryModel | null> {
    const record = await this.repository.record(questionaryId);
    if (!record) {
      if (user.currentRole === Role.USER_OFFICER) return null;
      throw forbidden(proposalRuleMessages.mayNotRead);
    }
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
