import type { GetListParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleEventLogsDocument } from '../../gql/graphql';

/** Event logs: getList → getEventLogs(changedObjectId, eventType), newest first. */
export const eventLogsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const filter = (params.filter ?? {}) as { changedObjectId?: string; eventType?: string };
    return operation(
      ConsoleEventLogsDocument,
      { changedObjectId: filter.changedObjectId, eventType: filter.eventType },
      (data) => ({ data: data.getEventLogs, total: data.getEventLogs.length }),
    );
  },
};
