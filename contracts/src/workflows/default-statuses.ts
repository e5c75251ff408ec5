import { WorkflowType } from '../enums';

/** A status the system starts with (§3 Status, `isDefault: true`). */
export interface DefaultStatus {
  readonly id: number;
  readonly shortCode: string;
  readonly name: string;
  readonly description: string;
  readonly entityType: WorkflowType;
}

const proposal = (id: number, shortCode: string, name: string, description: string): DefaultStatus => ({
  id,
  shortCode,
  name,
  description,
  entityType: WorkflowType.PROPOSAL,
});
const experiment = (id: number, shortCode: string, name: string, description: string): DefaultStatus => ({
  id,
  shortCode,
  name,
  description,
  entityType: WorkflowType.EXPERIMENT,
});

/**
 * The default statuses, created on the first start of the api with these fixed ids: the spec relies on some of
 * them (§4, §9: 8 = SCHEDULING hides unassigned proposals in the scheduler, 9 = EXPIRED is excluded from staff
 * lists, 2 = FEASIBILITY_REVIEW is the scientists' default status filter). Statuses created later get ids above
 * `DEFAULT_STATUS_MAX_ID`.
 */
export const DEFAULT_STATUSES: readonly DefaultStatus[] = [
  proposal(
    1,
    'DRAFT',
    'Draft',
    'When the proposal is created it is a draft: the proposers may still edit it',
  ),
  proposal(2, 'FEASIBILITY_REVIEW', 'Feasibility review', 'The instrument scientists review its feasibility'),
  proposal(3, 'NOT_FEASIBLE', 'Not feasible', 'The technical review found the proposal not feasible'),
  proposal(4, 'FAP_SELECTION', 'FAP selection', 'The proposal waits to be assigned to a FAP'),
  proposal(5, 'FAP_REVIEW', 'FAP review', 'The FAP reviewers grade the proposal'),
  proposal(6, 'ALLOCATED', 'Allocated', 'Time was allocated to the proposal'),
  proposal(7, 'NOT_ALLOCATED', 'Not allocated', 'No time was allocated to the proposal'),
  proposal(8, 'SCHEDULING', 'Scheduling', 'The proposal is being scheduled'),
  proposal(9, 'EXPIRED', 'Expired', 'The proposal expired: it is no longer listed for staff by default'),
  proposal(
    10,
    'SUBMITTED_LOCKED',
    'Submitted (locked)',
    'The proposal is submitted and can no longer be edited',
  ),
  proposal(11, 'UNDER_REVIEW', 'Under review', 'The proposal is being reviewed'),
  proposal(12, 'APPROVED', 'Approved', 'The proposal was approved'),
  proposal(13, 'UNSUCCESSFUL', 'Unsuccessful', 'The proposal was not successful'),
  proposal(14, 'FINISHED', 'Finished', 'The experiments of the proposal are finished'),
  proposal(
    15,
    'EDITABLE_SUBMITTED',
    'Editable submitted',
    'The proposal is submitted and the proposers may still edit it',
  ),
  proposal(
    16,
    'EDITABLE_SUBMITTED_INTERNAL',
    'Editable submitted (internal)',
    'The proposal is submitted; internal users may still edit it',
  ),
  proposal(17, 'QUICK_REVIEW', 'Quick review', 'The proposal gets a quick review'),
  proposal(18, 'FAP_MEETING', 'FAP meeting', 'The FAP discusses the proposal in its meeting'),
  experiment(
    19,
    'AWAITING_ESF',
    'Awaiting ESF',
    'The experiment waits for its experiment safety form (ESF) to be submitted',
  ),
  experiment(
    20,
    'ESF_IS_REVIEW',
    'ESF instrument scientist review',
    'The instrument scientists review the experiment safety form',
  ),
  experiment(21, 'ESF_APPROVED', 'ESF approved', 'The experiment safety form was approved'),
  experiment(22, 'ESF_REJECTED', 'ESF rejected', 'The experiment safety form was rejected'),
];

/** The highest id of a default status: ids of statuses created later start above it. */
export const DEFAULT_STATUS_MAX_ID = Math.max(...DEFAULT_STATUSES.map((s) => s.id));

/** The ids of the default statuses by short code (e.g. `DEFAULT_STATUS_IDS.EXPIRED` is 9). */
export const DEFAULT_STATUS_IDS: Readonly<Record<string, number>> = Object.fromEntries(
  DEFAULT_STATUSES.map((s) => [s.shortCode, s.id]),
);

/** Status ids the spec names (§4, §9). */
export const DRAFT_STATUS_ID = 1;
export const FEASIBILITY_REVIEW_STATUS_ID = 2;
export const SCHEDULING_STATUS_ID = 8;
export const EXPIRED_STATUS_ID = 9;

/** Where a workflow of each type starts: its first connection (it cannot be moved or deleted). */
export const INITIAL_STATUS_SHORT_CODE: Readonly<Record<WorkflowType, string>> = {
  [WorkflowType.PROPOSAL]: 'DRAFT',
  [WorkflowType.EXPERIMENT]: 'AWAITING_ESF',
};

/** The id of a workflow's main connection group (the one holding the initial status), e.g. `proposalWorkflowConnections_0`. */
export const mainConnectionGroupId = (entityType: WorkflowType): string =>
  `${entityType.toLowerCase()}WorkflowConnections_0`;
