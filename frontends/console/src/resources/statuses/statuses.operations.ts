import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleStatusesDocument } from '../../gql/graphql';

/** Proposal statuses (pickers): getList → getStatuses(entityType PROPOSAL). */
export const statusesOperations: ResourceOperations = {
  GET_LIST: () =>
    operation(ConsoleStatusesDocument, { entityType: 'PROPOSAL' }, (data) => ({
      data: data.getStatuses,
      total: data.getStatuses.length,
    })),
};
