import type { GetListParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleDownstreamMessagesDocument,
  type DownstreamMessagesFilter,
  type StatusActionsLogState,
} from '../../gql/graphql';

/** the list's "all / published / waiting / failed" choice as getDownstreamMessages' states */
const STATES: Record<string, StatusActionsLogState[]> = {
  published: ['SUCCESSFUL'],
  waiting: ['PENDING', 'RUNNING'],
  failed: ['FAILED'],
};

/**
 * Downstream messages: getList → getDownstreamMessages(filter states, types; searchText from 3 characters; paging),
 * newest first (`/console/DownstreamMessages`).
 */
export const downstreamMessagesOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const { searchText, show, types } = (params.filter ?? {}) as {
      searchText?: string;
      show?: string;
      types?: string[];
    };
    const filter: DownstreamMessagesFilter = {
      ...(show && STATES[show] ? { states: STATES[show] } : {}),
      ...(types && types.length > 0 ? { types } : {}),
    };
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    return operation(
      ConsoleDownstreamMessagesDocument,
      {
        filter,
        searchText: searchText && searchText.length >= 3 ? searchText : undefined,
        first: perPage,
        offset: (page - 1) * perPage,
      },
      (data) => ({
        data: data.getDownstreamMessages.downstreamMessages.map((m) => ({ ...m, id: m.messageKey })),
        total: data.getDownstreamMessages.totalCount,
      }),
    );
  },
};
