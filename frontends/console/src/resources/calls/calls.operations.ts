import type { CreateParams, DeleteParams, GetListParams, GetOneParams, UpdateParams } from 'ra-core';
import { pageOf } from '../../app/local-list';
import { operation, type ResourceOperations } from '../../app/operations';
import {
  ConsoleCallDocument,
  ConsoleCallsDocument,
  ConsoleCreateCallDocument,
  ConsoleDeleteCallDocument,
  ConsoleCallTemplatesDocument,
  ConsoleCallWorkflowsDocument,
  ConsoleUpdateCallDocument,
  type CallsFilter,
  type ConsoleCallFieldsFragment,
  type CreateCallInput,
  type TemplateGroupId,
} from '../../gql/graphql';

/** A call as the pages hold it: its panels' ids beside its panels, the form's FAP multi-select edits them. */
export type CallRecord = ConsoleCallFieldsFragment & { fapIds: number[] };

const withFapIds = (call: ConsoleCallFieldsFragment): CallRecord => ({
  ...call,
  fapIds: (call.faps ?? []).map((f) => f.id),
});

/** The fields createCall takes (§3 Call); updateCall takes them with the id. */
const INPUT_FIELDS = [
  'shortCode',
  'title',
  'description',
  'startCall',
  'endCall',
  'endCallInternal',
  'startReview',
  'endReview',
  'startFapReview',
  'endFapReview',
  'startNotify',
  'endNotify',
  'startCycle',
  'endCycle',
  'cycleComment',
  'surveyComment',
  'referenceNumberFormat',
  'proposalWorkflowId',
  'templateId',
  'esiTemplateId',
  'experimentWorkflowId',
  'pdfTemplateId',
  'fapReviewTemplateId',
  'technicalReviewTemplateId',
  'allocationTimeUnit',
  'submissionMessage',
] as const satisfies readonly (keyof CreateCallInput)[];

/**
 * createCall's input from the form's values: only the call's fields, a blank optional field as null, the FAP
 * multi-select's `fapIds` as `faps`.
 */
export function toCallInput(data: Record<string, unknown>): CreateCallInput {
  const input: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) {
    const value = data[field];
    input[field] = value === '' || value === undefined ? null : value;
  }
  // its panels: the multi-select's ids (absent: null, which keeps them on update)
  input.faps = Array.isArray(data.fapIds) ? data.fapIds.map(Number) : null;
  return input as unknown as CreateCallInput;
}

/** The Calls list's "Show" choice (§2 Calls: active, internally active, ended) and the filter it means. */
export const CALL_STATES = {
  active: { isActive: true },
  activeInternal: { isActiveInternal: true },
  ended: { isEnded: true },
} as const satisfies Record<string, CallsFilter>;

/** The list's filter as getCalls' CallsFilter: the "Show" choice, or the pickers' own booleans. */
export function callsFilter(filter: Record<string, unknown>): CallsFilter {
  const state = filter.state as keyof typeof CALL_STATES | undefined;
  const result: CallsFilter = state && state in CALL_STATES ? { ...CALL_STATES[state] } : {};
  for (const key of ['isActive', 'isActiveInternal', 'isEnded'] as const)
    if (typeof filter[key] === 'boolean') result[key] = filter[key];
  return result;
}

/**
 * Calls (`/console/Calls`, officer): getList → getCalls(filter isActive, isActiveInternal, isEnded), sorted and
 * paged here (getCalls answers with every call); getOne → getCall(callId); create → createCall(createCallInput);
 * update → updateCall(updateCallInput); delete → deleteCall(callId), which the api refuses while the call has
 * proposals. The pickers of other resources (call filter, clone to call) use the same list.
 */
export const callsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleCallsDocument, { filter: callsFilter(params.filter ?? {}) }, (data) =>
      pageOf(data.getCalls.map(withFapIds), params),
    ),
  GET_ONE: (params: GetOneParams) =>
    operation(ConsoleCallDocument, { callId: Number(params.id) }, (data) => {
      if (!data.getCall) throw new Error('Call not found');
      return { data: withFapIds(data.getCall) };
    }),
  CREATE: (params: CreateParams) =>
    operation(ConsoleCreateCallDocument, { input: toCallInput(params.data) }, (data) => {
      if (!data.createCall) throw new Error('Call not created');
      return { data: withFapIds(data.createCall) };
    }),
  UPDATE: (params: UpdateParams) =>
    operation(
      ConsoleUpdateCallDocument,
      { input: { ...toCallInput(params.data), id: Number(params.id) } },
      (data) => {
        if (!data.updateCall) throw new Error('Call not found');
        return { data: withFapIds(data.updateCall) };
      },
    ),
  DELETE: (params: DeleteParams) =>
    operation(ConsoleDeleteCallDocument, { callId: Number(params.id) }, (data) => ({
      data: { id: data.deleteCall?.id ?? Number(params.id) },
    })),
};

/** Proposal workflows (the call form's picker): getList → getWorkflows(entityType PROPOSAL). */
export const workflowsOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) =>
    operation(ConsoleCallWorkflowsDocument, { entityType: 'PROPOSAL' }, (data) =>
      pageOf(data.getWorkflows, params),
    ),
};

/** Templates that are not archived (the call form's pickers, by group): getList → getTemplates(filter). */
export const templatesOperations: ResourceOperations = {
  GET_LIST: (params: GetListParams) => {
    const filter = (params.filter ?? {}) as { groupId?: TemplateGroupId };
    return operation(
      ConsoleCallTemplatesDocument,
      { filter: { isArchived: false, ...(filter.groupId ? { group: filter.groupId } : {}) } },
      (data) =>
        pageOf(
          data.getTemplates.map((t) => ({ ...t, id: t.templateId })),
          params,
        ),
    );
  },
};
