import { legacyEventLogStreamId, type LegacyEventLoggedData } from '@user-office/contracts';
import { num, numOrNull, str, strOrNull, type ImportKind, type Planned } from '../import-context';
import { inBatches, proposalsInStore } from './support';

/** the status changes, imported as the proposals' own ProposalStatusChanged (uoc-import.ts) */
const STATUS_CHANGES = ['PROPOSAL_STATUS_CHANGED_BY_WORKFLOW', 'PROPOSAL_STATUS_CHANGED_BY_USER'];

/**
 * UOC's other `event_logs` rows as legacy history: one LegacyEventLogged each, at its time, by its user, with its
 * type, object, description and row data as UOC logged them (its impersonating user in the data, and as the event's
 * impersonator when imported); a row about a proposal that was imported goes to that
 * proposal's legacy stream (its history shows it), any other to a stream of its own. getEventLogs lists them all.
 */
export const eventLogsKind: ImportKind = {
  name: 'event_logs',
  async run(ctx) {
    let read = 0;
    let events = 0;
    await inBatches(
      ctx,
      'event_logs',
      `(SELECT * FROM event_logs WHERE NOT (event_type = ANY('{${STATUS_CHANGES.join(',')}}'::text[]))) `,
      'id',
      async (rows) => {
        const proposals = await proposalsInStore(
          ctx,
          rows
            .filter(
              (r) => str(r.event_type).startsWith('PROPOSAL_') && /^\d+$/.test(str(r.changed_object_id)),
            )
            .map((r) => num(r.changed_object_id)),
        );
        const planned: Planned[] = [];
        for (const r of rows) {
          const id = num(r.id);
          const eventType = str(r.event_type);
          const objectId = str(r.changed_object_id);
          const proposalPk =
            eventType.startsWith('PROPOSAL_') && /^\d+$/.test(objectId) && proposals.has(num(objectId))
              ? num(objectId)
              : null;
          const changedBy = numOrNull(r.changed_by);
          if (changedBy !== null && !ctx.users.has(changedBy))
            ctx.problem(
              'event_logs',
              `id=${id}`,
              `its user ${changedBy} does not exist (a deleted user): logged by the system`,
            );
          const impersonator = numOrNull(r.impersonating_user_id);
          if (impersonator !== null && !ctx.users.has(impersonator))
            ctx.problem(
              'event_logs',
              `id=${id}`,
              `its impersonating user ${impersonator} does not exist (a deleted user): kept by id in the data only`,
            );
          const data: LegacyEventLoggedData = {
            system: 'uoc',
            eventLogId: id,
            eventType,
            objectType: (eventType.split('_')[0] || 'unknown').toLowerCase(),
            changedObjectId: objectId,
            proposalPk,
            description: str(r.description),
            rowData: strOrNull(r.row_data),
            changedBy: changedBy !== null && ctx.users.has(changedBy) ? changedBy : null,
            ...(impersonator !== null ? { impersonatingUserId: impersonator } : {}),
          };
          planned.push({
            streamId: legacyEventLogStreamId(proposalPk, id),
            key: `event_logs/${id}`,
            type: 'LegacyEventLogged',
            data,
            at: r.event_tstamp as Date,
            actorId: data.changedBy,
            impersonatorId: impersonator,
            from: `uoc:event_logs/${id}`,
          });
        }
        read += rows.length;
        events += await ctx.write('event_logs', planned);
      },
    );
    ctx.count('event_logs', read, events);
  },
};
