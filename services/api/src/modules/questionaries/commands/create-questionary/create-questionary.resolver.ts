import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { QuestionaryModel } from '../../read-models/questionaries/questionary.model';
import { QuestionariesRepository } from '../../read-models/questionaries/questionaries.repository';
import { QuestionariesService } from '../../questionaries.service';

@Resolver()
export class CreateQuestionaryResolver {
  constructor(
    private readonly questionaries: QuestionariesService,
    private readonly repository: QuestionariesRepository,
  ) {}

  @Mutation(() => QuestionaryModel, {
    nullable: true,
    description: 'A new, empty questionary of a template (yours)',
  })
  @Authenticated()
  async createQuestionary(
    @CurrentUser() user: SessionUser,
    @Args('templateId', { type: () => Int }) templateId: number,
  ): Promise<QuestionaryModel | null> {
    const questionaryId = await this.questionaries.create(templateId, user.id);
    return this.repository.questionary(questionaryId);
  }
}
