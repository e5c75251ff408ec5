import {
  PDF_TEMPLATE_UPDATED,
  TEMPLATE_CREATED,
  TEMPLATE_DELETED,
  TEMPLATE_QUESTION_ADDED,
  TEMPLATE_QUESTION_REMOVED,
  TEMPLATE_QUESTION_UPDATED,
  TEMPLATE_QUESTIONS_ARRANGED,
  TEMPLATE_UPDATED,
  TOPIC_CREATED,
  TOPIC_DELETED,
  TOPIC_UPDATED,
  TOPICS_REORDERED,
  type PdfTemplateData,
  type TemplateCreatedData,
  type TemplateEvent,
  type TemplateFieldData,
  type TemplateGroupId,
  type TopicData,
} from '@user-office/contracts';

/** One template folded from `template-<id>`: its topics in order and its questions by topic, in order. */
export interface TemplateState {
  status: 'none' | 'active' | 'deleted';
  templateId: number;
  groupId: TemplateGroupId | null;
  name: string;
  description: string;
  isArchived: boolean;
  /** sorted by sortOrder (0, 1, 2, …) */
  topics: TopicData[];
  /** sorted by topic order, then sortOrder */
  fields: TemplateFieldData[];
  pdf: PdfTemplateData | null;
}

export const initialTemplateState: TemplateState = {
  status: 'none',
  templateId: 0,
  groupId: null,
  name: '',
  description: '',
  isArchived: false,
  topics: [],
  fields: [],
  pdf: null,
};

/** Topics renumbered 0..n-1 in the given order. */
export function renumberTopics(topics: readonly TopicData[]): TopicData[] {
  return topics.map((topic, index) => ({ ...topic, sortOrder: index }));
}

/** Fields sorted by their topic's position, then their own sort order. */
export function sortFields(
  topics: readonly TopicData[],
  fields: readonly TemplateFieldData[],
): TemplateFieldData[] {
  const topicIndex = new Map(topics.map((topic, index) => [topic.topicId, index]));
  return [...fields].sort(
    (a, b) =>
      (topicIndex.get(a.topicId) ?? 0) - (topicIndex.get(b.topicId) ?? 0) || a.sortOrder - b.sortOrder,
  );
}

function created(data: TemplateCreatedData): TemplateState {
  const topics = renumberTopics([...data.topics].sort((a, b) => a.sortOrder - b.sortOrder));
  return {
    status: 'active',
    templateId: data.templateId,
    groupId: data.groupId,
    name: data.name,
    description: data.description,
    isArchived: false,
    topics,
    fields: sortFields(topics, data.fields),
    pdf: data.pdf,
  };
}

export function evolveTemplate(state: TemplateState, event: { type: string; data: unknown }): TemplateState {
  const e = event as TemplateEvent;
  switch (e.type) {
    case TEMPLATE_CREATED:
      return created(e.data);
    case TEMPLATE_UPDATED:
      return { ...state, name: e.data.name, description: e.data.description, isArchived: e.data.isArchived };
    case TEMPLATE_DELETED:
      return { ...state, status: 'deleted' };
    case TOPIC_CREATED: {
      const topics = [...state.topics];
      topics.splice(e.data.topic.sortOrder, 0, e.data.topic);
      return { ...state, topics: renumberTopics(topics) };
    }
    case TOPIC_UPDATED:
      return {
        ...state,
        topics: state.topics.map((topic) =>
          topic.topicId === e.data.topicId
            ? { ...topic, title: e.data.title, isEnabled: e.data.isEnabled }
            : topic,
        ),
      };
    case TOPIC_DELETED: {
      const topics = renumberTopics(state.topics.filter((topic) => topic.topicId !== e.data.topicId));
      return { ...state, topics, fields: state.fields.filter((field) => field.topicId !== e.data.topicId) };
    }
    case TOPICS_REORDERED: {
      const byId = new Map(state.topics.map((topic) => [topic.topicId, topic]));
      const topics = renumberTopics(e.data.topicIds.flatMap((id) => byId.get(id) ?? []));
      return { ...state, topics, fields: sortFields(topics, state.fields) };
    }
    case TEMPLATE_QUESTION_ADDED:
      return { ...state, fields: sortFields(state.topics, [...state.fields, e.data.field]) };
    case TEMPLATE_QUESTION_UPDATED:
      return {
        ...state,
        fields: state.fields.map((field) =>
          field.questionId === e.data.questionId
            ? {
                ...field,
                config: e.data.config,
                dependencies: e.data.dependencies,
                dependenciesOperator: e.data.dependenciesOperator,
              }
            : field,
        ),
      };
    case TEMPLATE_QUESTION_REMOVED:
      return { ...state, fields: state.fields.filter((field) => field.questionId !== e.data.questionId) };
    case TEMPLATE_QUESTIONS_ARRANGED: {
      const placement = new Map<string, { topicId: number; sortOrder: number }>();
      for (const topic of e.data.topics) {
        topic.questionIds.forEach((questionId, sortOrder) =>
          placement.set(questionId, { topicId: topic.topicId, sortOrder }),
        );
      }
      const fields = state.fields.map((field) => {
        const place = placement.get(field.questionId);
        return place ? { ...field, ...place } : field;
      });
      return { ...state, fields: sortFields(state.topics, fields) };
    }
    case PDF_TEMPLATE_UPDATED: {
      const { templateData, templateHeader, templateFooter, templateSampleDeclaration, dummyData } = e.data;
      return {
        ...state,
        pdf: { templateData, templateHeader, templateFooter, templateSampleDeclaration, dummyData },
      };
    }
    default:
      return state;
  }
}

export const isLive = (state: TemplateState): boolean => state.status === 'active';

/** The question ids of a topic, in order. */
export const questionIdsOf = (state: TemplateState, topicId: number): string[] =>
  state.fields.filter((field) => field.topicId === topicId).map((field) => field.questionId);
