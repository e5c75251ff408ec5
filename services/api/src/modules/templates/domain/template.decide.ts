import {
  normaliseOperator,
  pdfTemplateUpdatedEvent,
  TemplateGroupId,
  templateCreatedEvent,
  templateDeletedEvent,
  templateMessages,
  templateQuestionAddedEvent,
  templateQuestionRemovedEvent,
  templateQuestionsArrangedEvent,
  templateQuestionUpdatedEvent,
  templateUpdatedEvent,
  topicCreatedEvent,
  topicDeletedEvent,
  topicsReorderedEvent,
  topicUpdatedEvent,
  validateDependencies,
  type DataType,
  type DependenciesLogicOperator,
  type Dependency,
  type PdfTemplateData,
  type TemplateCategoryId,
  type TemplateCreatedData,
  type TemplateFieldData,
} from '@user-office/contracts';
import type { Decider } from '../../../platform/cqrs/event-sourcing';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import { badInput, notFound } from '../../../platform/errors/app-error';
import {
  evolveTemplate,
  initialTemplateState,
  isLive,
  questionIdsOf,
  type TemplateState,
} from './template.state';

const M = templateMessages;

/** What the decider knows of a question (from the questions read model). */
export interface QuestionFacts {
  questionId: string;
  naturalKey: string;
  dataType: DataType;
  categoryId: TemplateCategoryId;
  /** whether it is its category's basis question */
  isBasis: boolean;
}

export type TemplateCommand =
  | { type: 'CreateTemplate'; template: TemplateCreatedData }
  | { type: 'UpdateTemplate'; name?: string; description?: string; isArchived?: boolean }
  /** `inUse`: what uses the template (questionaries, calls), empty when nothing does */
  | { type: 'DeleteTemplate'; inUse: string[] }
  | { type: 'CreateTopic'; topicId: number; sortOrder: number; title: string }
  | { type: 'UpdateTopic'; topicId: number; title?: string; isEnabled?: boolean; sortOrder?: number }
  /** `holdsBasis`: the topic holds the template's basis question */
  | { type: 'DeleteTopic'; topicId: number; holdsBasis: boolean }
  | { type: 'ReorderTopics'; topicIds: number[] }
  | {
      type: 'AddQuestion';
      question: QuestionFacts;
      config: Record<string, unknown>;
      topicId: number;
      sortOrder: number;
    }
  | { type: 'MoveQuestion'; questionId: string; topicId: number; sortOrder: number }
  | {
      type: 'UpdateQuestionSettings';
      questionId: string;
      config: Record<string, unknown>;
      dependencies: Dependency[];
      dependenciesOperator?: DependenciesLogicOperator | null;
      /** every question of the template (natural key and data type) */
      questions: QuestionFacts[];
    }
  | { type: 'RemoveQuestion'; questionId: string; isBasis: boolean }
  | { type: 'UpdatePdf'; pdf: Partial<PdfTemplateData> };

const templateNotFound = () => notFound(M.templateNotFound);
const topicNotFound = () => notFound(M.topicNotFound);

function topicOf(state: TemplateState, topicId: number) {
  const topic = state.topics.find((t) => t.topicId === topicId);
  if (!topic) throw topicNotFound();
  return topic;
}

function fieldOf(state: TemplateState, questionId: string): TemplateFieldData {
  const field = state.fields.find((f) => f.questionId === questionId);
  if (!field) throw notFound(M.questionNotOnTemplate);
  return field;
}

const clamp = (value: number, max: number): number => Math.max(0, Math.min(value, max));

/** The arrangement of the topics touched when `questionId` is put at `sortOrder` of `topicId`. */
function arrangement(state: TemplateState, questionId: string, topicId: number, sortOrder: number) {
  const from = state.fields.find((f) => f.questionId === questionId)?.topicId;
  const target = questionIdsOf(state, topicId).filter((id) => id !== questionId);
  target.splice(clamp(sortOrder, target.length), 0, questionId);
  const topics = [{ topicId, questionIds: target }];
  if (from !== undefined && from !== topicId) {
    topics.push({ topicId: from, questionIds: questionIdsOf(state, from).filter((id) => id !== questionId) });
  }
  return topics;
}

/** Pure: the events a template command leads to; throws the rule broken. */
export function decideTemplate(command: TemplateCommand, state: TemplateState): NewEvent[] {
  if (command.type === 'CreateTemplate') {
    if (state.status !== 'none') throw badInput('A template with this id exists');
    return [templateCreatedEvent.create(command.template)];
  }
  if (!isLive(state)) throw templateNotFound();
  const templateId = state.templateId;
  switch (command.type) {
    case 'UpdateTemplate': {
      const next = {
        templateId,
        name: command.name ?? state.name,
        description: command.description ?? state.description,
        isArchived: command.isArchived ?? state.isArchived,
      };
      if (
        next.name === state.name &&
        next.description === state.description &&
        next.isArchived === state.isArchived
      )
        return [];
      return [templateUpdatedEvent.create(next)];
    }
    case 'DeleteTemplate': {
      if (command.inUse.length > 0) throw badInput(M.templateInUse(command.inUse.join(', ')));
      return [templateDeletedEvent.create({ templateId })];
    }
    case 'CreateTopic': {
      const sortOrder = clamp(command.sortOrder, state.topics.length);
      return [
        topicCreatedEvent.create({
          templateId,
          topic: { topicId: command.topicId, title: command.title, sortOrder, isEnabled: true },
        }),
      ];
    }
    case 'UpdateTopic': {
      const topic = topicOf(state, command.topicId);
      const events: NewEvent[] = [];
      const title = command.title ?? topic.title;
      const isEnabled = command.isEnabled ?? topic.isEnabled;
      if (title !== topic.title || isEnabled !== topic.isEnabled) {
        events.push(topicUpdatedEvent.create({ templateId, topicId: topic.topicId, title, isEnabled }));
      }
      if (command.sortOrder !== undefined && command.sortOrder !== topic.sortOrder) {
        const ids = state.topics.map((t) => t.topicId).filter((id) => id !== topic.topicId);
        ids.splice(clamp(command.sortOrder, ids.length), 0, topic.topicId);
        events.push(topicsReorderedEvent.create({ templateId, topicIds: ids }));
      }
      return events;
    }
    case 'DeleteTopic': {
      topicOf(state, command.topicId);
      if (command.holdsBasis) throw badInput(M.basisTopicFixed);
      if (state.topics.length <= 1) throw badInput(M.lastTopic);
      const removed = questionIdsOf(state, command.topicId);
      return [
        topicDeletedEvent.create({ templateId, topicId: command.topicId, removedQuestionIds: removed }),
      ];
    }
    case 'ReorderTopics': {
      const current = state.topics.map((t) => t.topicId);
      const wanted = command.topicIds;
      if (
        wanted.length !== current.length ||
        new Set(wanted).size !== wanted.length ||
        wanted.some((id) => !current.includes(id))
      )
        throw badInput(M.topicOrderMismatch);
      if (wanted.every((id, index) => current[index] === id)) return [];
      return [topicsReorderedEvent.create({ templateId, topicIds: [...wanted] })];
    }
    case 'AddQuestion': {
      const { question } = command;
      if (state.fields.some((f) => f.questionId === question.questionId))
        throw badInput(M.questionAlreadyOnTemplate);
      topicOf(state, command.topicId);
      const sortOrder = clamp(command.sortOrder, questionIdsOf(state, command.topicId).length);
      const field: TemplateFieldData = {
        questionId: question.questionId,
        topicId: command.topicId,
        sortOrder,
        config: command.config,
        dependencies: [],
        dependenciesOperator: normaliseOperator([]),
      };
      return [
        templateQuestionAddedEvent.create({ templateId, field }),
        templateQuestionsArrangedEvent.create({
          templateId,
          topics: arrangement(state, question.questionId, command.topicId, sortOrder),
        }),
      ];
    }
    case 'MoveQuestion': {
      const field = fieldOf(state, command.questionId);
      topicOf(state, command.topicId);
      if (field.topicId === command.topicId && field.sortOrder === command.sortOrder) return [];
      return [
        templateQuestionsArrangedEvent.create({
          templateId,
          topics: arrangement(state, command.questionId, command.topicId, command.sortOrder),
        }),
      ];
    }
    case 'UpdateQuestionSettings': {
      fieldOf(state, command.questionId);
      const facts = new Map(command.questions.map((q) => [q.questionId, q]));
      const byKey = new Map(command.questions.map((q) => [q.naturalKey, q]));
      const dependencies = command.dependencies.map((d) => {
        const target = facts.get(d.dependencyId ?? '') ?? byKey.get(d.dependencyNaturalKey);
        if (!target || !state.fields.some((f) => f.questionId === target.questionId))
          throw badInput(M.dependencyOnUnknown(d.dependencyNaturalKey || String(d.dependencyId)));
        return {
          questionId: command.questionId,
          dependencyId: target.questionId,
          dependencyNaturalKey: target.naturalKey,
          condition: { condition: d.condition.condition, params: d.condition.params },
        };
      });
      const graph = state.fields.flatMap((f) => {
        const q = facts.get(f.questionId);
        return q
          ? [
              {
                questionId: q.questionId,
                naturalKey: q.naturalKey,
                dataType: q.dataType,
                dependencies: f.dependencies,
              },
            ]
          : [];
      });
      const errors = validateDependencies(command.questionId, dependencies, graph);
      if (errors.length > 0) throw badInput(errors[0], { dependencies: errors.join('; ') });
      return [
        templateQuestionUpdatedEvent.create({
          templateId,
          questionId: command.questionId,
          config: command.config,
          dependencies,
          dependenciesOperator: normaliseOperator(dependencies, command.dependenciesOperator),
        }),
      ];
    }
    case 'RemoveQuestion': {
      const field = fieldOf(state, command.questionId);
      if (command.isBasis) throw badInput(M.basisQuestionFixed);
      return [
        templateQuestionRemovedEvent.create({ templateId, questionId: command.questionId }),
        templateQuestionsArrangedEvent.create({
          templateId,
          topics: [
            {
              topicId: field.topicId,
              questionIds: questionIdsOf(state, field.topicId).filter((id) => id !== command.questionId),
            },
          ],
        }),
      ];
    }
    case 'UpdatePdf': {
      if (state.groupId !== TemplateGroupId.PDF || !state.pdf) throw badInput(M.notPdfTemplate);
      return [pdfTemplateUpdatedEvent.create({ templateId, ...state.pdf, ...definedOnly(command.pdf) })];
    }
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const templateDecider: Decider<TemplateState, TemplateCommand> = {
  initialState: initialTemplateState,
  evolve: evolveTemplate,
  decide: decideTemplate,
};
