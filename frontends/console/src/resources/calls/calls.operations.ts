import type { GetListParams } from 'ra-core';
import { operation, type ResourceOperations } from '../../app/operations';
import { ConsoleCallsMinimalDocument, type CallsFilter } from '../../gql/graphql';

/**
 * Calls, as the pickers of other resources need them: getList → getCallsMinimal(filter isActive,
 * isActiveInternal, isEnded). The Calls pages (list, create, edit, delete) extend this resource.
 */
export const callsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleCallsMinimalDocument, { filter: (params.filter ?? {}) as CallsFilter }, (data) => ({
      data: data.getCallsMinimal,
      total: data.getCallsMinimal.length,
    })),
};
