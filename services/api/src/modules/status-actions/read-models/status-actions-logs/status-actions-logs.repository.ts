import { Inject, Injectable } from '@nestjs/common';
import type {
  OrderDirection,
  StatusActionProposalRef,
  StatusActionType,
  StatusActionsLogSortField,
} from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { StatusActionsLogAttemptRow } from './status-actions-logs.projection';

export interface StatusActionsLogRecord {
  statusActionsLogId: number;
  logKey: string;
  connectionId: number;
  statusId: number;
  actionId: number;
  actionType: StatusActionType;
  emailTemplateId: string | null;
  recipientGroup: string | null;
  recipient: string;
  message: string;
  successful: boolean;
  timestamp: Date;
  proposals: StatusActionProposalRef[];
  attempts: StatusActionsLogAttemptRow[];
}

export interface StatusActionsLogSearch {
  statusActionsSuccessful?: boolean | null;
  callIds?: readonly number[] | null;
  statusActionIds?: readonly number[] | null;
  searchText?: string | null;
  sortField?: StatusActionsLogSortField | null;
  sortDirection?: OrderDirection | null;
  first: number;
  offset: number;
}

interface Row {
  log_id: number;
  log_key: string;
  connection_id: number;
  status_id: number;
  action_id: number;
  action_type: StatusActionType;
  email_template_id: string | null;
  recipient_group: string | null;
  recipient: string;
  message: string;
  successful: boolean;
  tstamp: Date;
  proposals: StatusActionProposalRef[] | string;
  attempts: StatusActionsLogAttemptRow[] | string;
}

const SORT_COLUMNS: Record<StatusActionsLogSortField, string> = {
  statusActionsLogId: 'log_id',
  timestamp: 'tstamp',
  successful: 'successful',
  message: 'lower(message)',
  recipient: 'lower(recipient)',
  actionType: 'action_type',
  connectionId: 'connection_id',
};

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const toRecord = (r: Row): StatusActionsLogRecord => ({
  statusActionsLogId: Number(r.log_id),
  logKey: r.log_key,
  connectionId: Number(r.connection_id),
  statusId: Number(r.status_id),
  actionId: Number(r.action_id),
  actionType: r.action_type,
  emailTemplateId: r.email_template_id,
  recipientGroup: r.recipient_group,
  recipient: r.recipient,
  message: r.message,
  successful: r.successful,
  timestamp: new Date(r.tstamp),
  proposals: json(r.proposals),
  attempts: json(r.attempts),
});

/** All SQL of the status actions log read model. */
@Injectable()
export class StatusActionsLogsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async byId(statusActionsLogId: number): Promise<StatusActionsLogRecord | null> {
    const result = await this.sql.query<Row>('SELECT * FROM status_actions_logs WHERE log_id = $1', [
      statusActionsLogId,
    ]);
    return result.rows.length === 0 ? null : toRecord(result.rows[0]);
  }

  /** filtered, searched (case-insensitive, anywhere in message, recipient, template, proposals), sorted, paged */
  async search(q: StatusActionsLogSearch): Promise<{ totalCount: number; logs: StatusActionsLogRecord[] }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (q.statusActionsSuccessful !== null && q.statusActionsSuccessful !== undefined) {
      where.push(`successful = ${param(q.statusActionsSuccessful)}`);
    }
    if (q.callIds && q.callIds.length > 0) where.push(`call_ids && ${param([...q.callIds])}::int[]`);
    if (q.statusActionIds && q.statusActionIds.length > 0) {
      where.push(`action_id = ANY(${param([...q.statusActionIds])}::int[])`);
    }
    if (q.searchText) {
      const pattern = `%${q.searchText.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`search LIKE ${param(pattern)} ESCAPE '\\'`);
    }
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const direction = q.sortDirection === 'ASC' ? 'ASC' : 'DESC';
    const order = q.sortField
      ? `${SORT_COLUMNS[q.sortField]} ${direction}, log_id ${direction}`
      : 'tstamp DESC, log_id DESC';
    const count = await this.sql.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM status_actions_logs ${filter}`,
      [...params],
    );
    const rows = await this.sql.query<Row>(
      `SELECT * FROM status_actions_logs ${filter} ORDER BY ${order} LIMIT ${param(q.first)} OFFSET ${param(q.offset)}`,
      params,
    );
    return { totalCount: Number(count.rows[0]?.n ?? 0), logs: rows.rows.map(toRecord) };
  }
}
