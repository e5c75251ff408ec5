import type { CreateParams, DeleteParams, GetListParams, UpdateParams } from 'ra-core';
import { matching, pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleCreatePredefinedMessageDocument,
  ConsoleDeletePredefinedMessageDocument,
  ConsolePredefinedMessagesDocument,
  ConsoleUpdatePredefinedMessageDocument,
  type PredefinedMessageKey,
} from '../../gql/graphql';

const input = (data: Record<string, unknown>) => ({
  title: String(data.title ?? '').trim(),
  message: String(data.message ?? '').trim(),
  key: (data.key || 'general') as PredefinedMessageKey,
});

/**
 * Predefined messages (`/console/PredefinedMessages`): getList → getPredefinedMessages(filter key), general by
 * default (searched, sorted and paged here); create → createPredefinedMessage(input title, message, key);
 * update → updatePredefinedMessage(input id, title, message, key); delete → deletePredefinedMessage(input id).
 */
export const predefinedMessagesOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const filter = (params.filter ?? {}) as { key?: PredefinedMessageKey; q?: string };
    return operation(
      ConsolePredefinedMessagesDocument,
      { filter: { key: filter.key || 'general' } },
      (data) => pageOf(matching(data.getPredefinedMessages, filter.q, ['title', 'message']), params),
    );
  },
  CREATE: (params: CreateParams) =>
    operation(ConsoleCreatePredefinedMessageDocument, { input: input(params.data) }, (data) => ({
      data: data.createPredefinedMessage,
    })),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleUpdatePredefinedMessageDocument,
      { input: { id: Number(params.id), ...input(params.data) } },
      (data) => ({ data: data.updatePredefinedMessage }),
    ),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeletePredefinedMessageDocument, { input: { id: Number(params.id) } }, (data) => ({
      data: { id: data.deletePredefinedMessage.id },
    })),
};
