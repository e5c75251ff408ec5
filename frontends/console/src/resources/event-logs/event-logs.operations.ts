import type { GetListParams } from 'ra-core';
import { pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleEventLogsDocument } from '../../gql/graphql';

/**
 * Event logs (`/console/EventLogs` and the review modal's Logs tab): getList → getEventLogs(changedObjectId,
 * eventType), sorted (newest first by default) and paged here.
 */
export const eventLogsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const filter = (params.filter ?? {}) as { changedObjectId?: string; eventType?: string };
    return operation(
      ConsoleEventLogsDocument,
      {
        changedObjectId: filter.changedObjectId?.trim() || undefined,
        eventType: filter.eventType?.trim() || undefined,
      },
      (data) => pageOf(data.getEventLogs, { sort: { field: 'eventTStamp', order: 'DESC' }, ...params }),
    );
  },
};
