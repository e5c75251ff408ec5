import type { GetListParams } from 'ra-core';
import { pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleEventLogsDocument } from '../../gql/graphql';

/**
 * Event logs (`/console/EventLogs` and the review modal's Logs tab): getList → getEventLogs(changedObjectId,
 * eventType, objectType, proposalPk), sorted (newest first by default) and paged here. A proposal filter that is
 * not a whole number above 0 is left out.
 */
export const eventLogsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const filter = (params.filter ?? {}) as {
      changedObjectId?: string;
      eventType?: string;
      objectType?: string;
      proposalPk?: string | number;
    };
    const proposalPk = Number(String(filter.proposalPk ?? '').trim());
    return operation(
      ConsoleEventLogsDocument,
      {
        changedObjectId: filter.changedObjectId?.trim() || undefined,
        eventType: filter.eventType?.trim() || undefined,
        objectType: filter.objectType?.trim() || undefined,
        proposalPk:
          Number.isSafeInteger(proposalPk) && proposalPk > 0 && proposalPk <= 2147483647
            ? proposalPk
            : undefined,
      },
      (data) => pageOf(data.getEventLogs, { sort: { field: 'eventTStamp', order: 'DESC' }, ...params }),
    );
  },
};
