import { defineEvent, registerEvents } from './catalogue';

/**
 * A row of another system's event log, brought across as history (issue 40: user-office-core's `event_logs` rows
 * other than the status changes, which are imported as the proposal's own `ProposalStatusChanged`). Nothing folds
 * it into state: it is shown in getEventLogs (with its original type, object and description) and, when it is about
 * a proposal, in that proposal's history. One stream per proposal (`legacy-event-log-proposal-<pk>`), else one per
 * row (`legacy-event-log-<eventLogId>`).
 */
export const LEGACY_EVENT_LOG_STREAM = 'legacy-event-log';

export const legacyEventLogStreamId = (proposalPk: number | null, eventLogId: number): string =>
  proposalPk !== null
    ? `${LEGACY_EVENT_LOG_STREAM}-proposal-${proposalPk}`
    : `${LEGACY_EVENT_LOG_STREAM}-${eventLogId}`;

export const LEGACY_EVENT_LOGGED = 'LegacyEventLogged';

export interface LegacyEventLoggedData {
  /** where it comes from: `uoc` (user-office-core) */
  readonly system: string;
  /** the row's id in that system's log */
  readonly eventLogId: number;
  /** its event type there, e.g. PROPOSAL_SUBMITTED, USER_UPDATED */
  readonly eventType: string;
  /** the kind of object it changed, from its event type (proposal, user, call, …) */
  readonly objectType: string;
  readonly changedObjectId: string;
  /** the proposal it is about, when it is about one that was imported */
  readonly proposalPk: number | null;
  /** its description there ('' when none) */
  readonly description: string;
  /** the row's data there (JSON text, as it stored it), null when none */
  readonly rowData: string | null;
  /** who did it there (a user id of the imported users), null for the system */
  readonly changedBy: number | null;
  /**
   * who did it as `changedBy` there (UOC's `impersonating_user_id`, as it logged it), absent when nobody did; when
   * that user was imported, also the event's `metadata.impersonatorId`
   */
  readonly impersonatingUserId?: number;
}

export const legacyEventLoggedEvent = defineEvent<LegacyEventLoggedData, typeof LEGACY_EVENT_LOGGED>(
  LEGACY_EVENT_LOGGED,
  {
    stream: LEGACY_EVENT_LOG_STREAM,
    description: (d) =>
      `${d.system.toUpperCase()} ${d.eventType}` +
      (d.description ? `: ${d.description}` : ` (${d.objectType} ${d.changedObjectId})`),
    changedObjectId: (d) => d.changedObjectId,
    proposalPk: (d) => d.proposalPk,
  },
);

export type LegacyEventLogEvent = {
  readonly type: typeof LEGACY_EVENT_LOGGED;
  readonly data: LegacyEventLoggedData;
};

registerEvents(legacyEventLoggedEvent);
