import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import { questionaryMessages } from '@user-office/contracts';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CurrentUser } from '../../../../platform/auth/current-user.decorator';
import type { SessionUser } from '../../../../platform/auth/session';
import { badInput, notFound } from '../../../../platform/errors/app-error';
import { AnswerInput, QuestionaryStepModel } from '../../read-models/questionaries/questionary.model';
import { QuestionariesRepository } from '../../read-models/questionaries/questionaries.repository';
import { QuestionariesService } from '../../questionaries.service';

/** `{"value": …}` → the value (§7: answers are JSON-wrapped values). */
export function unwrapAnswer(answer: AnswerInput): { questionId: string; value: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.value);
  } catch {
    throw badInput(questionaryMessages.answerNotJson, {
      [answer.questionId]: questionaryMessages.answerNotJson,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !('value' in parsed))
    throw badInput(questionaryMessages.answerNotJson, {
      [answer.questionId]: questionaryMessages.answerNotJson,
    });
  return { questionId: answer.questionId, value: (parsed as { value: unknown }).value };
}

@Resolver()
export class AnswerTopicResolver {
  constructor(
    private readonly questionaries: QuestionariesService,
    private readonly repository: QuestionariesRepository,
  ) {}

  @Mutation(() => QuestionaryStepModel, {
    nullable: true,
    description:
      'Saves one step. isPartialSave: kept incomplete, only the answers given are checked; otherwise every visible ' +
      'question of the step is validated and the step is marked complete. Answers of hidden questions are dropped. ' +
      'Returns the saved step.',
  })
  @Authenticated()
  async answerTopic(
    @CurrentUser() user: SessionUser,
    @Args('questionaryId', { type: () => Int }) questionaryId: number,
    @Args('topicId', { type: () => Int }) topicId: number,
    @Args('answers', { type: () => [AnswerInput] }) answers: AnswerInput[],
    @Args('isPartialSave', { nullable: true, defaultValue: false }) isPartialSave: boolean,
  ): Promise<QuestionaryStepModel | null> {
    const questionary = await this.questionaries.existing(questionaryId);
    await this.questionaries.assertMayAccess(user, questionary, 'write');
    const state = await this.questionaries.answerTopic(
      questionary,
      topicId,
      answers.map(unwrapAnswer),
      isPartialSave,
      user,
    );
    // the step as this save left it (its inline read model holds the same; read back only when nothing was saved)
    const saved = await this.repository.questionary(questionaryId, questionary, state ?? undefined);
    const step = saved?.steps.find((s) => s.topic.id === topicId);
    if (!step) throw notFound(questionaryMessages.topicNotInQuestionary);
    return step;
  }
}
