import { Inject, Injectable } from '@nestjs/common';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { EventLogRow } from './event-log-row';

export interface EventLogFilter {
  changedObjectId?: string | null;
  /** an event type (ProposalSubmitted) or an object type (proposal), case-insensitive */
  eventType?: string | null;
  /** the kind of the changed object (`proposal`, `fap-review`, …), case-insensitive: with changedObjectId, one object */
  objectType?: string | null;
  /** rows of this proposal and of what hangs off it (reviews, reviewer assignments, decisions, …) */
  proposalPk?: number | null;
  limit?: number;
}

/**
 * The event-logs read model's queries: the relational one below, or MongoEventLogsRepository when
 * READ_MODELS_MONGO_URL is set (one contract suite, event-logs.repository.contract.ts, runs on both).
 */
export abstract class EventLogsRepository {
  /** the newest `limit` rows matching the filter, oldest first */
  abstract find(filter: EventLogFilter): Promise<EventLogRow[]>;
}

/** All SQL of the event-logs read model. */
@Injectable()
export class SqlEventLogsRepository extends EventLogsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {
    super();
  }

  async find({
    changedObjectId,
    eventType,
    objectType,
    proposalPk,
    limit = 1000,
  }: EventLogFilter): Promise<EventLogRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (changedObjectId) {
      params.push(changedObjectId);
      where.push(`changed_object_id = $${params.length}`);
    }
    if (eventType) {
      params.push(eventType.toLowerCase());
      where.push(`(lower(event_type) = $${params.length} OR lower(object_type) = $${params.length})`);
    }
    if (objectType) {
      params.push(objectType.toLowerCase());
      where.push(`lower(object_type) = $${params.length}`);
    }
    if (proposalPk != null) {
      params.push(proposalPk);
      where.push(`proposal_pk = $${params.length}`);
    }
    params.push(limit);
    const result = await this.sql.query<{
      id: string | number;
      event_type: string;
      object_type: string;
      changed_by: number | null;
      impersonated_by: number | null;
      event_tstamp: Date;
      row_data: unknown;
      changed_object_id: string;
      description: string;
      proposal_pk: number | null;
    }>(
      `SELECT * FROM event_logs ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return result.rows.reverse().map((r) => ({
      id: Number(r.id),
      eventType: r.event_type,
      objectType: r.object_type,
      changedById: r.changed_by,
      impersonatedById: r.impersonated_by,
      eventTStamp: new Date(r.event_tstamp),
      rowData: JSON.stringify(r.row_data),
      changedObjectId: r.changed_object_id,
      description: r.description,
      proposalPk: r.proposal_pk,
    }));
  }
}
