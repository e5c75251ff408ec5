import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { questionaryMessages, templateMessages, type CommonQuestionConfig } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { IdSequences } from '../../platform/database/id-sequences';
import { notFound } from '../../platform/errors/app-error';
import { TemplatesRepository } from '../templates';
import { ExecuteQuestionaryCommand } from './commands/execute-questionary-command';
import type { QuestionaryField } from './domain/questionary.decide';
import { QuestionaryOwners } from './questionary-owners';
import {
  QuestionariesRepository,
  type QuestionaryRecord,
} from './read-models/questionaries/questionaries.repository';

const QUESTIONARY_IDS = {
  sequence: 'questionary_id_seq',
  floor: { table: 'questionaries', column: 'questionary_id' },
};

/** Creating and answering questionaries; other modules (proposals, samples, …) create theirs through it. */
@Injectable()
export class QuestionariesService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly templates: TemplatesRepository,
    private readonly repository: QuestionariesRepository,
    private readonly owners: QuestionaryOwners,
  ) {}

  /** A new questionary of a template (NOT_FOUND when the template does not exist). */
  async create(templateId: number, creatorId: number | null): Promise<number> {
    if (!(await this.templates.template(templateId))) throw notFound(templateMessages.templateNotFound);
    const questionaryId = await this.ids.next(QUESTIONARY_IDS.sequence, QUESTIONARY_IDS.floor);
    await this.commands.execute(
      new ExecuteQuestionaryCommand(questionaryId, {
        type: 'CreateQuestionary',
        questionaryId,
        templateId,
        creatorId,
      }),
    );
    return questionaryId;
  }

  async existing(questionaryId: number): Promise<QuestionaryRecord> {
    const record = await this.repository.record(questionaryId);
    if (!record) throw notFound(questionaryMessages.notFound);
    return record;
  }

  /** Saves one step (see the decider for every rule); the caller's access is checked by the resolver. */
  async answerTopic(
    questionary: QuestionaryRecord,
    topicId: number,
    answers: { questionId: string; value: unknown }[],
    isPartialSave: boolean,
  ): Promise<void> {
    const structure = await this.templates.structure(questionary.templateId);
    if (!structure) throw notFound(templateMessages.templateNotFound);
    const enabled = structure.steps.filter((s) => s.topic.isEnabled);
    const fields: QuestionaryField[] = enabled.flatMap((step) =>
      step.fields.map((f) => ({
        questionId: f.question.id,
        naturalKey: f.question.naturalKey,
        dataType: f.question.dataType,
        topicId: step.topic.id,
        config: f.config as unknown as CommonQuestionConfig,
        dependencies: f.dependencies,
        dependenciesOperator: f.dependenciesOperator,
      })),
    );
    const facts = await this.owners.answerFacts(
      questionary,
      fields.filter((f) => f.topicId === topicId).map((f) => f.questionId),
    );
    await this.commands.execute(
      new ExecuteQuestionaryCommand(questionary.questionaryId, {
        type: 'AnswerTopic',
        topicId,
        answers,
        isPartialSave,
        fields,
        topicIds: enabled.map((s) => s.topic.id),
        ...facts,
      }),
    );
  }

  assertMayAccess(
    session: SessionUser,
    questionary: QuestionaryRecord,
    mode: 'read' | 'write',
  ): Promise<void> {
    return this.owners.assertMayAccess(
      session,
      questionary,
      mode,
      mode === 'read' ? questionaryMessages.mayNotRead : questionaryMessages.mayNotAnswer,
    );
  }
}
