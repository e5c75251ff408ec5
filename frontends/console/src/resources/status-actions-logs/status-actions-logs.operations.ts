import type { GetListParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleStatusActionsLogsDocument, type StatusActionsLogsFilter } from '../../gql/graphql';

/**
 * Status actions logs: getList → getStatusActionsLogs(filter statusActionsSuccessful, callIds; searchText, sort,
 * paging). The Status actions logs page (replay) extends this resource.
 */
export const statusActionsLogsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const { searchText, ...filter } = (params.filter ?? {}) as StatusActionsLogsFilter & {
      searchText?: string;
    };
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
