import type { DataType, DependenciesLogicOperator, TemplateCategoryId, TemplateGroupId } from '../enums';
import type { Dependency } from '../questions/dependencies';
import { defineEvent, registerEvents } from './catalogue';

/**
 * Questions live on their own streams, `question-<questionId>` (a question is shared by the templates of its
 * category). A template's topics (wizard steps), the questions placed on them with their per-template config and
 * dependencies, and its PDF layout live on `template-<templateId>`. The active template of a group is
 * `template-group-<groupId>`.
 */
export const QUESTION_STREAM = 'question';
export const TEMPLATE_STREAM = 'template';
export const TEMPLATE_GROUP_STREAM = 'template-group';
export const questionStreamId = (questionId: string): string => `${QUESTION_STREAM}-${questionId}`;
export const templateStreamId = (templateId: number): string => `${TEMPLATE_STREAM}-${templateId}`;
export const templateGroupStreamId = (groupId: string): string => `${TEMPLATE_GROUP_STREAM}-${groupId}`;

export const QUESTION_CREATED = 'QuestionCreated';
export const QUESTION_UPDATED = 'QuestionUpdated';
export const QUESTION_DELETED = 'QuestionDeleted';
export const TEMPLATE_CREATED = 'TemplateCreated';
export const TEMPLATE_UPDATED = 'TemplateUpdated';
export const TEMPLATE_DELETED = 'TemplateDeleted';
export const ACTIVE_TEMPLATE_SET = 'ActiveTemplateSet';
export const TOPIC_CREATED = 'TopicCreated';
export const TOPIC_UPDATED = 'TopicUpdated';
export const TOPIC_DELETED = 'TopicDeleted';
export const TOPICS_REORDERED = 'TopicsReordered';
export const TEMPLATE_QUESTION_ADDED = 'TemplateQuestionAdded';
export const TEMPLATE_QUESTION_UPDATED = 'TemplateQuestionUpdated';
export const TEMPLATE_QUESTION_REMOVED = 'TemplateQuestionRemoved';
export const TEMPLATE_QUESTIONS_ARRANGED = 'TemplateQuestionsArranged';
export const PDF_TEMPLATE_UPDATED = 'PdfTemplateUpdated';

/** A question's own data (§3 Question). `config` is the type's config (see the question-type registry). */
export interface QuestionData {
  readonly questionId: string;
  readonly categoryId: TemplateCategoryId;
  readonly dataType: DataType;
  readonly naturalKey: string;
  readonly question: string;
  readonly config: Record<string, unknown>;
}

export type QuestionCreatedData = QuestionData;

export interface QuestionUpdatedData {
  readonly questionId: string;
  readonly naturalKey: string;
  readonly question: string;
  readonly config: Record<string, unknown>;
}

export interface QuestionDeletedData {
  readonly questionId: string;
}

/** A topic (§3 Topic): one wizard step. */
export interface TopicData {
  readonly topicId: number;
  readonly title: string;
  readonly sortOrder: number;
  readonly isEnabled: boolean;
}

/** A question placed on a template (§3 Question-template relation). */
export interface TemplateFieldData {
  readonly questionId: string;
  readonly topicId: number;
  readonly sortOrder: number;
  readonly config: Record<string, unknown>;
  readonly dependencies: readonly Dependency[];
  readonly dependenciesOperator: DependenciesLogicOperator;
}

/** A PDF template's parts (§3 PDF template); Handlebars HTML rendered with the proposal's data. */
export interface PdfTemplateData {
  readonly templateData: string;
  readonly templateHeader: string;
  readonly templateFooter: string;
  readonly templateSampleDeclaration: string;
  readonly dummyData: string;
}

/**
 * A template came to be: created (with its first topic and its group's basis question), cloned or imported —
 * each with its whole structure, so the stream alone rebuilds it.
 */
export interface TemplateCreatedData {
  readonly templateId: number;
  readonly groupId: TemplateGroupId;
  readonly name: string;
  readonly description: string;
  readonly origin: 'created' | 'cloned' | 'imported';
  /** the template cloned (origin `cloned`) */
  readonly sourceTemplateId: number | null;
  readonly topics: readonly TopicData[];
  readonly fields: readonly TemplateFieldData[];
  /** the PDF layout (group PDF), else null */
  readonly pdf: PdfTemplateData | null;
}

export interface TemplateUpdatedData {
  readonly templateId: number;
  readonly name: string;
  readonly description: string;
  readonly isArchived: boolean;
}

export interface TemplateDeletedData {
  readonly templateId: number;
}

export interface ActiveTemplateSetData {
  readonly groupId: TemplateGroupId;
  /** null: the group has no active template any more */
  readonly templateId: number | null;
}

export interface TopicCreatedData {
  readonly templateId: number;
  readonly topic: TopicData;
}

export interface TopicUpdatedData {
  readonly templateId: number;
  readonly topicId: number;
  readonly title: string;
  readonly isEnabled: boolean;
}

/** A topic is gone, and with it the questions placed on it (`removedQuestionIds`). */
export interface TopicDeletedData {
  readonly templateId: number;
  readonly topicId: number;
  readonly removedQuestionIds: readonly string[];
}

/** The topics in their new order (all of the template's topics). */
export interface TopicsReorderedData {
  readonly templateId: number;
  readonly topicIds: readonly number[];
}

export interface TemplateQuestionAddedData {
  readonly templateId: number;
  readonly field: TemplateFieldData;
}

export interface TemplateQuestionUpdatedData {
  readonly templateId: number;
  readonly questionId: string;
  readonly config: Record<string, unknown>;
  readonly dependencies: readonly Dependency[];
  readonly dependenciesOperator: DependenciesLogicOperator;
}

export interface TemplateQuestionRemovedData {
  readonly templateId: number;
  readonly questionId: string;
}

/** The questions of these topics, in order (after an add, a move or a removal). */
export interface TemplateQuestionsArrangedData {
  readonly templateId: number;
  readonly topics: ReadonlyArray<{ readonly topicId: number; readonly questionIds: readonly string[] }>;
}

export interface PdfTemplateUpdatedData extends PdfTemplateData {
  readonly templateId: number;
}

const questionId = (data: { questionId: string }): string => data.questionId;
const templateId = (data: { templateId: number }): string => String(data.templateId);

export const questionCreatedEvent = defineEvent<QuestionCreatedData, typeof QUESTION_CREATED>(
  QUESTION_CREATED,
  {
    stream: QUESTION_STREAM,
    description: (d) => `Question ${d.naturalKey} (${d.dataType}) created: ${JSON.stringify(d.question)}`,
    changedObjectId: questionId,
  },
);
export const questionUpdatedEvent = defineEvent<QuestionUpdatedData, typeof QUESTION_UPDATED>(
  QUESTION_UPDATED,
  {
    stream: QUESTION_STREAM,
    description: (d) => `Question ${d.naturalKey} updated: ${JSON.stringify(d.question)}`,
    changedObjectId: questionId,
  },
);
export const questionDeletedEvent = defineEvent<QuestionDeletedData, typeof QUESTION_DELETED>(
  QUESTION_DELETED,
  {
    stream: QUESTION_STREAM,
    description: (d) => `Question ${d.questionId} deleted`,
    changedObjectId: questionId,
  },
);
export const templateCreatedEvent = defineEvent<TemplateCreatedData, typeof TEMPLATE_CREATED>(
  TEMPLATE_CREATED,
  {
    stream: TEMPLATE_STREAM,
    description: (d) =>
      d.origin === 'cloned'
        ? `Template ${JSON.stringify(d.name)} cloned from template ${d.sourceTemplateId}`
        : `Template ${JSON.stringify(d.name)} (${d.groupId}) ${d.origin}`,
    changedObjectId: templateId,
  },
);
export const templateUpdatedEvent = defineEvent<TemplateUpdatedData, typeof TEMPLATE_UPDATED>(
  TEMPLATE_UPDATED,
  {
    stream: TEMPLATE_STREAM,
    description: (d) => `Template ${JSON.stringify(d.name)} updated${d.isArchived ? ' (archived)' : ''}`,
    changedObjectId: templateId,
  },
);
export const templateDeletedEvent = defineEvent<TemplateDeletedData, typeof TEMPLATE_DELETED>(
  TEMPLATE_DELETED,
  {
    stream: TEMPLATE_STREAM,
    description: (d) => `Template ${d.templateId} deleted`,
    changedObjectId: templateId,
  },
);
export const activeTemplateSetEvent = defineEvent<ActiveTemplateSetData, typeof ACTIVE_TEMPLATE_SET>(
  ACTIVE_TEMPLATE_SET,
  {
    stream: TEMPLATE_GROUP_STREAM,
    description: (d) =>
      d.templateId === null
        ? `No active template for ${d.groupId}`
        : `Template ${d.templateId} made the active ${d.groupId} template`,
    changedObjectId: (d) => d.groupId,
  },
);
export const topicCreatedEvent = defineEvent<TopicCreatedData, typeof TOPIC_CREATED>(TOPIC_CREATED, {
  stream: TEMPLATE_STREAM,
  description: (d) => `Topic ${JSON.stringify(d.topic.title)} added to template ${d.templateId}`,
  changedObjectId: templateId,
});
export const topicUpdatedEvent = defineEvent<TopicUpdatedData, typeof TOPIC_UPDATED>(TOPIC_UPDATED, {
  stream: TEMPLATE_STREAM,
  description: (d) => `Topic ${d.topicId} of template ${d.templateId} updated: ${JSON.stringify(d.title)}`,
  changedObjectId: templateId,
});
export const topicDeletedEvent = defineEvent<TopicDeletedData, typeof TOPIC_DELETED>(TOPIC_DELETED, {
  stream: TEMPLATE_STREAM,
  description: (d) => `Topic ${d.topicId} deleted from template ${d.templateId}`,
  changedObjectId: templateId,
});
export const topicsReorderedEvent = defineEvent<TopicsReorderedData, typeof TOPICS_REORDERED>(
  TOPICS_REORDERED,
  {
    stream: TEMPLATE_STREAM,
    description: (d) => `Topics of template ${d.templateId} reordered: ${d.topicIds.join(', ')}`,
    changedObjectId: templateId,
  },
);
export const templateQuestionAddedEvent = defineEvent<
  TemplateQuestionAddedData,
  typeof TEMPLATE_QUESTION_ADDED
>(TEMPLATE_QUESTION_ADDED, {
  stream: TEMPLATE_STREAM,
  description: (d) => `Question ${d.field.questionId} added to template ${d.templateId}`,
  changedObjectId: templateId,
});
export const templateQuestionUpdatedEvent = defineEvent<
  TemplateQuestionUpdatedData,
  typeof TEMPLATE_QUESTION_UPDATED
>(TEMPLATE_QUESTION_UPDATED, {
  stream: TEMPLATE_STREAM,
  description: (d) =>
    `Question ${d.questionId} of template ${d.templateId} updated (${d.dependencies.length} dependencies)`,
  changedObjectId: templateId,
});
export const templateQuestionRemovedEvent = defineEvent<
  TemplateQuestionRemovedData,
  typeof TEMPLATE_QUESTION_REMOVED
>(TEMPLATE_QUESTION_REMOVED, {
  stream: TEMPLATE_STREAM,
  description: (d) => `Question ${d.questionId} removed from template ${d.templateId}`,
  changedObjectId: templateId,
});
export const templateQuestionsArrangedEvent = defineEvent<
  TemplateQuestionsArrangedData,
  typeof TEMPLATE_QUESTIONS_ARRANGED
>(TEMPLATE_QUESTIONS_ARRANGED, {
  stream: TEMPLATE_STREAM,
  description: (d) =>
    `Questions of template ${d.templateId} arranged: ${d.topics
      .map((t) => `topic ${t.topicId} [${t.questionIds.join(', ')}]`)
      .join('; ')}`,
  changedObjectId: templateId,
});
export const pdfTemplateUpdatedEvent = defineEvent<PdfTemplateUpdatedData, typeof PDF_TEMPLATE_UPDATED>(
  PDF_TEMPLATE_UPDATED,
  {
    stream: TEMPLATE_STREAM,
    description: (d) => `PDF template ${d.templateId} updated`,
    changedObjectId: templateId,
  },
);

export type QuestionEvent =
  | { readonly type: typeof QUESTION_CREATED; readonly data: QuestionCreatedData }
  | { readonly type: typeof QUESTION_UPDATED; readonly data: QuestionUpdatedData }
  | { readonly type: typeof QUESTION_DELETED; readonly data: QuestionDeletedData };

export type TemplateEvent =
  | { readonly type: typeof TEMPLATE_CREATED; readonly data: TemplateCreatedData }
  | { readonly type: typeof TEMPLATE_UPDATED; readonly data: TemplateUpdatedData }
  | { readonly type: typeof TEMPLATE_DELETED; readonly data: TemplateDeletedData }
  | { readonly type: typeof TOPIC_CREATED; readonly data: TopicCreatedData }
  | { readonly type: typeof TOPIC_UPDATED; readonly data: TopicUpdatedData }
  | { readonly type: typeof TOPIC_DELETED; readonly data: TopicDeletedData }
  | { readonly type: typeof TOPICS_REORDERED; readonly data: TopicsReorderedData }
  | { readonly type: typeof TEMPLATE_QUESTION_ADDED; readonly data: TemplateQuestionAddedData }
  | { readonly type: typeof TEMPLATE_QUESTION_UPDATED; readonly data: TemplateQuestionUpdatedData }
  | { readonly type: typeof TEMPLATE_QUESTION_REMOVED; readonly data: TemplateQuestionRemovedData }
  | { readonly type: typeof TEMPLATE_QUESTIONS_ARRANGED; readonly data: TemplateQuestionsArrangedData }
  | { readonly type: typeof PDF_TEMPLATE_UPDATED; readonly data: PdfTemplateUpdatedData };

export const TEMPLATES_EVENTS = [
  questionCreatedEvent,
  questionUpdatedEvent,
  questionDeletedEvent,
  templateCreatedEvent,
  templateUpdatedEvent,
  templateDeletedEvent,
  activeTemplateSetEvent,
  topicCreatedEvent,
  topicUpdatedEvent,
  topicDeletedEvent,
  topicsReorderedEvent,
  templateQuestionAddedEvent,
  templateQuestionUpdatedEvent,
  templateQuestionRemovedEvent,
  templateQuestionsArrangedEvent,
  pdfTemplateUpdatedEvent,
] as const;

registerEvents(...TEMPLATES_EVENTS);
