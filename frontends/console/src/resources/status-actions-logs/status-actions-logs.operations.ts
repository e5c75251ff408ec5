import type { GetListParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleStatusActionsLogsDocument, type StatusActionsLogsFilter } from '../../gql/graphql';

/**
 * Status actions logs: getList → getStatusActionsLogs(filter statusActionsSuccessful, states, callIds; searchText, sort,
 * paging): the Status actions logs page (`/console/StatusActionsLogs`) and the review modal's Logs tab.
 */
export const statusActionsLogsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const { searchText, statusActionsSuccessful, ...rest } = (params.filter ?? {}) as Omit<
      StatusActionsLogsFilter,
      'statusActionsSuccessful'
    > & { searchText?: string; statusActionsSuccessful?: boolean | string };
    // the list's "all / successful / failed / waiting" choice: absent, true, false, or the owed jobs not run yet
    const waiting = statusActionsSuccessful === 'waiting';
    const successful =
      statusActionsSuccessful === true || statusActionsSuccessful === 'true'
        ? true
        : statusActionsSuccessful === false || statusActionsSuccessful === 'false'
          ? false
          : undefined;
    const filter: StatusActionsLogsFilter = waiting
      ? { ...rest, states: ['PENDING', 'RUNNING'] }
      : successful === undefined
        ? rest
        : { ...rest, statusActionsSuccessful: successful };
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    return operation(
      ConsoleStatusActionsLogsDocument,
      {
        filter,
        searchText: searchText && searchText.length >= 3 ? searchText : undefined,
        first: perPage,
        offset: (page - 1) * perPage,
        sortField: params.sort?.field,
        sortDirection: params.sort?.order === 'ASC' ? 'ASC' : 'DESC',
      },
      (data) => ({
        data: data.getStatusActionsLogs.statusActionsLogs.map((log) => ({
          ...log,
          id: log.statusActionsLogId,
        })),
        total: data.getStatusActionsLogs.totalCount,
      }),
    );
  },
};
