import { StatusActionType, type StatusActionOutcomeData } from '@user-office/contracts';
import { iso, num, numOrNull, str, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, groupBy, inBatches, proposalsInStore } from './support';

const TYPES = new Set<string>(Object.values(StatusActionType));

/**
 * UOC's status-actions log (status_actions_logs, the proposals of each entry in status_actions_log_has_proposals) as
 * the product's log entries (`status-actions-log-uoc-<id>`): one outcome each, StatusActionSucceeded or
 * StatusActionFailed, with UOC's id, connection, action, recipient, message and time. UOC keeps no e-mail template
 * or exchanges in the log: the imported entry's action has none (`email`/`rabbitmq` null).
 */
export const statusActionsLogsKind: ImportKind = {
  name: 'status_actions_logs',
  async run(ctx) {
    const statusOf = new Map(
      (await ctx.rows('SELECT workflow_connection_id, status_id FROM workflow_connections')).map((c) => [
        num(c.workflow_connection_id),
        num(c.status_id),
      ]),
    );
    const actions = new Map(
      (await ctx.rows('SELECT status_action_id, type FROM status_actions')).map((a) => [
        num(a.status_action_id),
        str(a.type).toUpperCase(),
      ]),
    );
    let read = 0;
    let events = 0;
    await inBatches(
      ctx,
      'status_actions_logs',
      'status_actions_logs',
      'status_actions_log_id',
      async (logs) => {
        const ids = logs.map((l) => num(l.status_actions_log_id));
        const links = await ctx.rows(
          `SELECT status_actions_log_id, proposal_pk FROM status_actions_log_has_proposals
          WHERE status_actions_log_id = ANY($1::int[]) ORDER BY status_actions_log_id, proposal_pk`,
          [ids],
        );
        const proposals = await proposalsInStore(
          ctx,
          links.filter((l) => l.proposal_pk !== null).map((l) => num(l.proposal_pk)),
        );
        const linksOf = groupBy(links, 'status_actions_log_id');
        const planned: Planned[] = [];
        for (const l of logs) {
          const id = num(l.status_actions_log_id);
          const row = `status_actions_log_id=${id}`;
          const connectionId = num(l.connection_id);
          const actionId = num(l.action_id);
          const type = actions.get(actionId);
          if (!type || !TYPES.has(type)) {
            ctx.problem(
              'status_actions_logs',
              row,
              `its action ${actionId} does not exist or is of an unknown type (${String(type)}): left out`,
            );
            continue;
          }
          const statusId = statusOf.get(connectionId);
          if (statusId === undefined)
            ctx.problem(
              'status_actions_logs',
              row,
              `its connection ${connectionId} does not exist: imported with status 0`,
            );
          const refs = [];
          for (const link of linksOf.get(id) ?? []) {
            const pk = numOrNull(link.proposal_pk);
            const p = pk === null ? undefined : proposals.get(pk);
            if (pk === null || !p) {
              ctx.problem(
                'status_actions_log_has_proposals',
                `${row} proposal_pk=${String(pk)}`,
                'the proposal was not imported (or does not exist): left out of the entry',
              );
              continue;
            }
            refs.push({ primaryKey: pk, proposalId: p.proposalId, title: p.title, callId: p.callId });
          }
          const at = iso(l.status_actions_tstamp as Date);
          const logKey = `uoc-${id}`;
          const data: StatusActionOutcomeData = {
            statusActionsLogId: id,
            logKey,
            jobId: logKey,
            replay: false,
            action: {
              sourceEventId: `uoc:status_actions_logs/${id}`,
              occurredAt: at,
              proposalPk: refs[0]?.primaryKey ?? 0,
              statusId: statusId ?? 0,
              connectionId,
              actionId,
              actionType: type as StatusActionType,
              email: null,
              rabbitmq: null,
            },
            recipient: str(l.email_status_action_recipient),
            proposals: refs,
            message: str(l.status_actions_message),
            tries: 1,
            timestamp: at,
          };
          planned.push({
            streamId: `status-actions-log-${logKey}`,
            key: `status_actions_logs/${id}`,
            type: l.status_actions_successful ? 'StatusActionSucceeded' : 'StatusActionFailed',
            data,
            at: l.status_actions_tstamp as Date,
            actorId: null,
            from: `uoc:status_actions_logs/${id}`,
          });
        }
        read += logs.length;
        events += await ctx.write('status_actions_logs', planned);
      },
    );
    ctx.count('status_actions_logs', read, events);
    const [m] = await ctx.rows('SELECT max(status_actions_log_id) AS m FROM status_actions_logs');
    await advanceSequence(ctx, 'status_actions_log_id_seq', m.m);
  },
};
