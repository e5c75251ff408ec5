import { Inject, Injectable } from '@nestjs/common';
import { QUEUES, StatusActionsLogState } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { OWED_JOBS_TABLE } from '../../../../platform/queue/owed-jobs';
import { SQL_CLIENT } from '../../../../platform/tokens';
import { PUBLISHED_TABLE } from '../../downstream/published-messages';

export interface DownstreamMessageRecord {
  messageKey: string;
  type: string;
  messageId: string;
  orderingKey: string;
  exchanges: string[];
  /** the exchanges the broker confirmed it on so far */
  publishedTo: string[];
  message: string;
  successful: boolean;
  tries: number;
  occurredAt: Date;
  /** when it was published or given up; when it was owed while it is not */
  timestamp: Date;
  state: StatusActionsLogState;
  /** when the message not published yet was owed; null once it ended */
  owedSince: Date | null;
}

export interface DownstreamMessageSearch {
  states?: readonly StatusActionsLogState[] | null;
  types?: readonly string[] | null;
  searchText?: string | null;
  first: number;
  offset: number;
}

interface Row {
  message_key: string;
  type: string;
  message_id: string;
  ordering_key: string;
  exchanges: string[];
  published_to: string[];
  message: string;
  successful: boolean;
  tries: number;
  occurred_at: Date | string;
  tstamp: Date | string;
  state: StatusActionsLogState;
  owed_since: Date | string | null;
}

const toRecord = (r: Row): DownstreamMessageRecord => ({
  messageKey: r.message_key,
  type: r.type,
  messageId: r.message_id,
  orderingKey: r.ordering_key,
  exchanges: r.exchanges ?? [],
  publishedTo: r.published_to ?? [],
  message: r.message,
  successful: r.successful,
  tries: Number(r.tries),
  occurredAt: new Date(r.occurred_at),
  timestamp: new Date(r.tstamp),
  state: r.state,
  owedSince: r.owed_since === null ? null : new Date(r.owed_since),
});

/**
 * The messages as officers see them: each outcome logged (the projection), and each message owed whose outcome is
 * not logged (yet): waiting or being published (with the exchanges confirmed so far and the last error), failed for
 * good, or done (published before its outcome was logged, or before outcomes were logged at all; owed jobs done are
 * kept for a week).
 */
const ENTRIES = `
  SELECT m.message_key, m.type, m.message_id, m.ordering_key, m.exchanges, m.published_to, m.message, m.successful,
    m.tries, m.occurred_at, m.tstamp, m.search,
    CASE WHEN m.successful THEN 'SUCCESSFUL' ELSE 'FAILED' END AS state, NULL::timestamptz AS owed_since
  FROM downstream_messages m
  UNION ALL
  SELECT j.job_id, j.data->>'type', j.data->>'messageId', j.data->>'orderingKey',
    ARRAY(SELECT jsonb_array_elements_text(j.data->'exchanges')),
    coalesce(p.exchanges, ARRAY[]::text[]),
    CASE j.state
      WHEN 'running' THEN 'Publishing (try ' || j.tries || ')'
      WHEN 'failed' THEN 'Failed: ' || coalesce(j.last_error, 'unknown error')
      WHEN 'done' THEN (j.data->>'type') || ' published to ' || coalesce(array_to_string(p.exchanges, ', '), '(none)')
      ELSE CASE WHEN j.last_error IS NULL THEN 'Waiting to be published'
        ELSE 'Waiting to try again after: ' || j.last_error END
    END,
    j.state = 'done', j.tries, (j.data->>'occurredAt')::timestamptz,
    CASE WHEN j.state IN ('done', 'failed') THEN coalesce(j.finished_at, j.updated_at) ELSE j.created_at END,
    lower(concat_ws(' ', j.data->>'type', j.data->>'messageId', j.data->>'orderingKey', j.last_error,
      j.data->>'exchanges')),
    CASE j.state WHEN 'running' THEN 'RUNNING' WHEN 'failed' THEN 'FAILED' WHEN 'done' THEN 'SUCCESSFUL'
      ELSE 'PENDING' END,
    CASE WHEN j.state IN ('pending', 'running') THEN j.created_at END
  FROM ${OWED_JOBS_TABLE} j
  LEFT JOIN LATERAL (
    SELECT array_agg(exchange ORDER BY published_at) AS exchanges FROM ${PUBLISHED_TABLE} WHERE message_key = j.job_id
  ) p ON true
  WHERE j.queue = '${QUEUES.downstream}'
    AND NOT EXISTS (SELECT 1 FROM downstream_messages m WHERE m.message_key = j.job_id)`;

/** All SQL of the Downstream messages read model. */
@Injectable()
export class DownstreamMessagesRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** filtered by state and type, searched (case-insensitive), newest first, paged */
  async search(
    q: DownstreamMessageSearch,
  ): Promise<{ totalCount: number; messages: DownstreamMessageRecord[] }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (q.states && q.states.length > 0) where.push(`state = ANY(${param([...q.states])}::text[])`);
    if (q.types && q.types.length > 0) where.push(`type = ANY(${param([...q.types])}::text[])`);
    if (q.searchText) {
      const pattern = `%${q.searchText.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`search LIKE ${param(pattern)} ESCAPE '\\'`);
    }
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const count = await this.sql.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM (${ENTRIES}) entries ${filter}`,
      [...params],
    );
    const rows = await this.sql.query<Row>(
      `SELECT * FROM (${ENTRIES}) entries ${filter} ORDER BY tstamp DESC, message_key DESC
       LIMIT ${param(q.first)} OFFSET ${param(q.offset)}`,
      params,
    );
    return { totalCount: Number(count.rows[0]?.n ?? 0), messages: rows.rows.map(toRecord) };
  }
}
