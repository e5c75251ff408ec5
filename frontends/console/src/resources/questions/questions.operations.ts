import type { GetListParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleQuestionsDocument, type QuestionsFilter } from '../../gql/graphql';

/** The question library (the staff table's question filter): getList → getQuestions(filter). */
export const questionsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleQuestionsDocument, { filter: (params.filter ?? {}) as QuestionsFilter }, (data) => ({
      data: data.getQuestions,
      total: data.getQuestions.length,
    })),
};
