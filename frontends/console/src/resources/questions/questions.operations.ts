import type { DataType } from '@user-office/contracts';
import type { DeleteParams, GetListParams, GetOneParams, UpdateParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleDeleteQuestionDocument,
  ConsoleQuestionsDocument,
  ConsoleUpdateQuestionOfLibraryDocument,
  type ConsoleQuestionRowFragment,
  type QuestionsFilter,
} from '../../gql/graphql';
import { pageOf } from '../templates/templates.operations';

export type QuestionRow = ConsoleQuestionRowFragment;

/**
 * The list's filter: the §7 QuestionsFilter fields, plus what the /Questions page's inputs give (`q`: the search
 * box → text; `dataType` as one type from the type select → a list of one).
 */
export type QuestionListFilter = Omit<QuestionsFilter, 'dataType'> & {
  q?: string;
  dataType?: DataType | DataType[] | null;
};

export function toQuestionsFilter(filter: QuestionListFilter = {}): QuestionsFilter {
  const { q, dataType, text, ...rest } = filter;
  const search = (q ?? text ?? '').trim();
  return {
    ...rest,
    ...(search ? { text: search } : {}),
    ...(dataType
      ? { dataType: (Array.isArray(dataType) ? dataType : [dataType]) as QuestionsFilter['dataType'] }
      : {}),
  };
}

/** What the question form saves: the natural key, the text and the question's own config (JSON). */
export interface QuestionUpdate {
  naturalKey: string;
  question: string;
  config: Record<string, unknown>;
}

/**
 * The question library (/Questions, and the staff table's question filter): getList → getQuestions(filter), sorted
 * and paged here (one answer holds them all); getOne → getQuestions(questionIds); update → updateQuestion; delete →
 * deleteQuestion (the server refuses while the question is placed on a template).
 */
export const questionsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(
      ConsoleQuestionsDocument,
      { filter: toQuestionsFilter(params.filter as QuestionListFilter) },
      (data) => ({
        data: pageOf(data.getQuestions, {
          sort: params.sort ?? { field: 'naturalKey', order: 'ASC' },
          pagination: params.pagination,
        }),
        total: data.getQuestions.length,
      }),
    ),
  GET_ONE: (params: GetOneParams) =>
    operation(ConsoleQuestionsDocument, { filter: { questionIds: [String(params.id)] } }, (data) => {
      const found = data.getQuestions.find((q) => q.id === String(params.id));
      if (!found) throw new Error('Question not found');
      return { data: found };
    }),
  UPDATE: (params: UpdateParams<QuestionUpdate & { id: string }>) =>
    operation(
      ConsoleUpdateQuestionOfLibraryDocument,
      {
        id: String(params.id),
        naturalKey: params.data.naturalKey,
        question: params.data.question,
        config: JSON.stringify(params.data.config ?? {}),
      },
      (data) => {
        if (!data.updateQuestion) throw new Error('Question not found');
        // the usage does not change with an edit
        const previous = params.previousData as Partial<QuestionRow> | undefined;
        return { data: { ...data.updateQuestion, templates: previous?.templates ?? [] } };
      },
    ),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteQuestionDocument, { questionId: String(params.id) }, (data) => ({
      data: { id: data.deleteQuestion?.id ?? String(params.id) },
    })),
};
