import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DataType,
  proposalRuleMessages,
  questionaryMessages,
  questionaryStreamId,
  templateMessages,
  type CommonQuestionConfig,
} from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import { EventSourcing } from '../../platform/cqrs/event-sourcing';
import { IdSequences } from '../../platform/database/id-sequences';
import type { StreamAppend } from '../../platform/event-store/event-store.port';
import { badInput, notFound } from '../../platform/errors/app-error';
import { FilesService, type FileAnswerConfig } from '../files';
import { TemplatesRepository } from '../templates';
import {
  ExecuteQuestionaryCommand,
  ExecuteQuestionaryCommands,
} from './commands/execute-questionary-command';
import {
  questionaryDecider,
  questionaryErrors,
  type QuestionaryField,
  type QuestionaryState,
} from './domain/questionary.decide';
import { QuestionaryOwners } from './questionary-owners';
import {
  QuestionariesRepository,
  type QuestionaryRecord,
} from './read-models/questionaries/questionaries.repository';

const QUESTIONARY_IDS = {
  sequence: 'questionary_id_seq',
  floor: { table: 'questionaries', column: 'questionary_id' },
};

/** New questionaries decided for a bulk command (QuestionariesService.prepareMany), appended with its events. */
export class PreparedQuestionaries {
  constructor(
    /** the ids drawn, in order */
    readonly ids: readonly number[],
    private readonly appends: ReadonlyMap<number, StreamAppend>,
  ) {}

  /** the appends creating these questionaries (ids not prepared here, and null, are left out) */
  appendsOf(questionaryIds: Iterable<number | null>): StreamAppend[] {
    const out: StreamAppend[] = [];
    for (const id of new Set(questionaryIds)) {
      const append = id == null ? undefined : this.appends.get(id);
      if (append) out.push(append);
    }
    return out;
  }
}

/** Creating and answering questionaries; other modules (proposals, samples, …) create theirs through it. */
@Injectable()
export class QuestionariesService {
  constructor(
    private readonly commands: CommandBus,
    private readonly ids: IdSequences,
    private readonly templates: TemplatesRepository,
    private readonly repository: QuestionariesRepository,
    private readonly owners: QuestionaryOwners,
    private readonly events: EventSourcing,
    private readonly files: FilesService,
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

  /** `count` empty questionaries of one template in one append (a bulk action's); their ids in order */
  async createMany(templateId: number, count: number, creatorId: number | null): Promise<number[]> {
    if (count <= 0) return [];
    if (!(await this.templates.template(templateId))) throw notFound(templateMessages.templateNotFound);
    const ids = await this.ids.nextMany(QUESTIONARY_IDS.sequence, count, QUESTIONARY_IDS.floor);
    await this.commands.execute(
      new ExecuteQuestionaryCommands(
        ids.map((questionaryId) => ({
          questionaryId,
          command: { type: 'CreateQuestionary' as const, questionaryId, templateId, creatorId },
        })),
      ),
    );
    return ids;
  }

  /**
   * `count` new questionaries of one template, decided but not appended (NOT_FOUND when the template does not
   * exist): their ids in order, and the appends of those a bulk command's decided events refer to, for it to
   * append with its own in one transaction (EventSourcing.executeMany's `alongside`): a refused item, or one
   * decided to nothing, leaves no questionary behind.
   */
  async prepareMany(
    templateId: number,
    count: number,
    creatorId: number | null,
  ): Promise<PreparedQuestionaries> {
    if (count <= 0) return new PreparedQuestionaries([], new Map());
    if (!(await this.templates.template(templateId))) throw notFound(templateMessages.templateNotFound);
    const ids = await this.ids.nextMany(QUESTIONARY_IDS.sequence, count, QUESTIONARY_IDS.floor);
    const appends = new Map(
      ids.map((questionaryId): [number, StreamAppend] => [
        questionaryId,
        {
          streamId: questionaryStreamId(questionaryId),
          expectedVersion: 0,
          events: questionaryDecider.decide(
            { type: 'CreateQuestionary', questionaryId, templateId, creatorId },
            questionaryDecider.initialState,
          ),
        },
      ]),
    );
    return new PreparedQuestionaries(ids, appends);
  }

  /**
   * New questionaries of `templateId`, one per source, each with the source's answers to the questions the
   * template shares and its completed steps (cloneProposals over many): one decision, one append for all.
   */
  async createCopies(
    templateId: number,
    creatorId: number | null,
    sourceIds: readonly number[],
  ): Promise<number[]> {
    if (sourceIds.length === 0) return [];
    if (!(await this.templates.template(templateId))) throw notFound(templateMessages.templateNotFound);
    const { fields, topicIds } = await this.fieldsOf(templateId);
    const shared = new Set(fields.map((f) => f.questionId));
    const sources = await this.events.loadMany(
      [...new Set(sourceIds)].map(questionaryStreamId),
      questionaryDecider.initialState,
      questionaryDecider.evolve,
    );
    const ids = await this.ids.nextMany(QUESTIONARY_IDS.sequence, sourceIds.length, QUESTIONARY_IDS.floor);
    const items = sourceIds.flatMap((sourceId, i) => {
      const questionaryId = ids[i];
      const source = sources.get(questionaryStreamId(sourceId))!.state;
      const answers = Object.entries(source.answers)
        .filter(([questionId]) => shared.has(questionId))
        .map(([questionId, value]) => ({ questionId, value }));
      const completedTopicIds = topicIds.filter((id) => source.completedTopicIds.has(id));
      const create = {
        questionaryId,
        command: { type: 'CreateQuestionary' as const, questionaryId, templateId, creatorId },
      };
      if (answers.length === 0 && completedTopicIds.length === 0) return [create];
      return [
        create,
        {
          questionaryId,
          command: {
            type: 'CopyAnswers' as const,
            sourceQuestionaryId: sourceId,
            answers,
            completedTopicIds,
          },
        },
      ];
    });
    await this.commands.execute(new ExecuteQuestionaryCommands(items));
    return ids;
  }

  async existing(questionaryId: number): Promise<QuestionaryRecord> {
    const record = await this.repository.record(questionaryId);
    if (!record) throw notFound(questionaryMessages.notFound);
    return record;
  }

  /**
   * Saves one step (see the decider for every rule); the caller's access is checked by the resolver. Returns the
   * questionary's answers and completed steps as the save left them (null when nothing was decided).
   */
  async answerTopic(
    questionary: QuestionaryRecord,
    topicId: number,
    answers: { questionId: string; value: unknown }[],
    isPartialSave: boolean,
    session: SessionUser | null = null,
  ): Promise<QuestionaryState | null> {
    const { fields, topicIds } = await this.fieldsOf(questionary.templateId);
    await this.checkFiles(questionary, fields, answers, session);
    const facts = await this.owners.answerFacts(
      questionary,
      fields.filter((f) => f.topicId === topicId),
    );
    const { state } = await this.commands.execute(
      new ExecuteQuestionaryCommand(questionary.questionaryId, {
        type: 'AnswerTopic',
        topicId,
        answers,
        isPartialSave,
        fields,
        topicIds,
        ...facts,
      }),
    );
    return state;
  }

  /**
   * Files given in FILE_UPLOAD answers must exist, be the caller's own uploads (or already attached), match the
   * question's file types, count and PDF page limit.
   */
  private async checkFiles(
    questionary: QuestionaryRecord,
    fields: readonly QuestionaryField[],
    answers: readonly { questionId: string; value: unknown }[],
    session: SessionUser | null,
  ): Promise<void> {
    const byId = new Map(fields.map((f) => [f.questionId, f]));
    let stored: Map<string, unknown> | null = null;
    for (const answer of answers) {
      const field = byId.get(answer.questionId);
      if (field?.dataType !== DataType.FILE_UPLOAD || !Array.isArray(answer.value)) continue;
      const ids = fileIdsOf(answer.value);
      stored ??= await this.repository.answers(questionary.questionaryId);
      const problem = await this.files.problemInAnswer(
        session,
        ids,
        field.config as unknown as FileAnswerConfig,
        {
          alreadyAttached: fileIdsOf(stored.get(answer.questionId)),
        },
      );
      if (problem) throw badInput(problem.message, { [answer.questionId]: problem.message });
    }
  }

  /** The fields of the enabled steps of a template, and those steps' topic ids. */
  async fieldsOf(templateId: number): Promise<{ fields: QuestionaryField[]; topicIds: number[] }> {
    const structure = await this.templates.structure(templateId);
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
    return { fields, topicIds: enabled.map((s) => s.topic.id) };
  }

  /**
   * What stops a questionary from being submitted (see `questionaryErrors`), from its own stream and the
   * owner's facts (sub-template items); empty when nothing does.
   */
  async submissionErrors(questionaryId: number): Promise<Record<string, string>> {
    const questionary = await this.existing(questionaryId);
    const { fields, topicIds } = await this.fieldsOf(questionary.templateId);
    const facts = await this.owners.answerFacts(questionary, fields);
    const { state } = await this.events.load(
      questionaryStreamId(questionaryId),
      questionaryDecider.initialState,
      questionaryDecider.evolve,
      { cached: true },
    );
    return questionaryErrors({ fields, topicIds, ...facts }, state);
  }

  /**
   * Copies the answers of `sourceId` to `targetId` for the questions the target's template shares, and the
   * completeness of the steps both templates share (a clone to a call with the same template is complete)
   * unless `options.completeness` is false (the copy's steps stay to be completed).
   */
  async copyAnswers(
    sourceId: number,
    targetId: number,
    options: { completeness?: boolean } = {},
  ): Promise<void> {
    const target = await this.existing(targetId);
    const { fields, topicIds } = await this.fieldsOf(target.templateId);
    const { state: source } = await this.events.load(
      questionaryStreamId(sourceId),
      questionaryDecider.initialState,
      questionaryDecider.evolve,
      { cached: true },
    );
    const shared = new Set(fields.map((f) => f.questionId));
    const answers = Object.entries(source.answers)
      .filter(([questionId]) => shared.has(questionId))
      .map(([questionId, value]) => ({ questionId, value }));
    const completedTopicIds =
      options.completeness === false ? [] : topicIds.filter((id) => source.completedTopicIds.has(id));
    if (answers.length === 0 && completedTopicIds.length === 0) return;
    await this.commands.execute(
      new ExecuteQuestionaryCommand(targetId, {
        type: 'CopyAnswers',
        sourceQuestionaryId: sourceId,
        answers,
        completedTopicIds,
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
      // a read is refused as the questionary's proposal is (issue 38: one read rule, one message)
      mode === 'read' ? proposalRuleMessages.mayNotRead : questionaryMessages.mayNotAnswer,
    );
  }
}

/** The file ids of a FILE_UPLOAD value (`[{ id, caption, figure }]`). */
export function fileIdsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) =>
    item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string'
      ? [(item as { id: string }).id]
      : [],
  );
}
