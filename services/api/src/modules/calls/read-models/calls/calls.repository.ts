import { Inject, Injectable } from '@nestjs/common';
import type { CallData } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { CallModel, CallsFilterInput } from './call.model';

interface CallRecord {
  call_id: number;
  data: CallData;
  end_call_internal: Date;
  is_active: boolean;
  is_active_internal: boolean;
  call_ended: boolean;
  call_ended_internal: boolean;
  call_review_ended: boolean;
  call_fap_review_ended: boolean;
  proposal_count: number;
}

const COLUMNS = `call_id, data, end_call_internal, proposal_count,
  (start_call <= now() AND now() < end_call) AS is_active,
  (start_call <= now() AND now() < end_call_internal) AS is_active_internal,
  call_ended, call_ended_internal, call_review_ended, call_fap_review_ended`;

const toCall = (r: CallRecord): CallModel => ({
  ...r.data,
  id: Number(r.call_id),
  endCallInternal: r.data.endCallInternal || r.data.endCall,
  isActive: r.is_active,
  isActiveInternal: r.is_active_internal,
  callEnded: r.call_ended,
  callEndedInternal: r.call_ended_internal,
  callReviewEnded: r.call_review_ended,
  callFapReviewEnded: r.call_fap_review_ended,
  proposalCount: Number(r.proposal_count),
  // a call created before calls had panels: none
  fapIds: r.data.fapIds ?? [],
});

/** The calls read model: open / ended are computed from the dates at query time. */
@Injectable()
export class CallsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async call(callId: number): Promise<CallModel | null> {
    const result = await this.sql.query<CallRecord>(
      `SELECT ${COLUMNS} FROM calls WHERE call_id = $1 AND NOT deleted`,
      [callId],
    );
    return result.rows.length === 0 ? null : toCall(result.rows[0]);
  }

  async calls(filter: CallsFilterInput = {}): Promise<CallModel[]> {
    const result = await this.sql.query<CallRecord>(
      `SELECT ${COLUMNS} FROM calls
       WHERE NOT deleted
         AND ($1::boolean IS NULL OR (start_call <= now() AND now() < end_call) = $1)
         AND ($2::boolean IS NULL OR (start_call <= now() AND now() < end_call_internal) = $2)
         AND ($3::boolean IS NULL OR (end_call <= now()) = $3)
         AND ($4::boolean IS NULL OR (end_review <= now()) = $4)
         AND ($5::int[] IS NULL OR template_id = ANY($5::int[]))
         AND ($6::int[] IS NULL OR call_id = ANY($6::int[]))
       ORDER BY call_id`,
      [
        filter.isActive ?? null,
        filter.isActiveInternal ?? null,
        filter.isEnded ?? null,
        filter.isReviewEnded ?? null,
        filter.templateIds ?? null,
        filter.callIds ?? null,
      ],
    );
    return result.rows.map(toCall);
  }

  async isShortCodeTaken(shortCode: string, exceptCallId: number | null): Promise<boolean> {
    const result = await this.sql.query<{ taken: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM calls WHERE lower(short_code) = lower($1) AND NOT deleted AND call_id IS DISTINCT FROM $2) AS taken`,
      [shortCode, exceptCallId],
    );
    return result.rows[0].taken;
  }

  /** Calls whose dates passed without the milestone being reached (the scheduled check). */
  async dueMilestones(): Promise<number[]> {
    const result = await this.sql.query<{ call_id: number }>(
      `SELECT call_id FROM calls WHERE NOT deleted AND (
         (end_call <= now() AND NOT call_ended) OR (end_call_internal <= now() AND NOT call_ended_internal)
         OR (end_review <= now() AND NOT call_review_ended)
         OR (end_fap_review IS NOT NULL AND end_fap_review <= now() AND NOT call_fap_review_ended))
       ORDER BY call_id`,
    );
    return result.rows.map((r) => Number(r.call_id));
  }

  /** How many live calls use each template as proposal / PDF / ESI template. */
  async countTemplateUse(
    column: 'template_id' | 'pdf_template_id' | 'esi_template_id',
    templateIds: readonly number[],
  ) {
    const result = await this.sql.query<{ id: number; n: string | number }>(
      `SELECT ${column} AS id, count(*) AS n FROM calls WHERE NOT deleted AND ${column} = ANY($1::int[]) GROUP BY ${column}`,
      [templateIds],
    );
    return new Map(result.rows.map((r) => [Number(r.id), Number(r.n)]));
  }

  async countWorkflowUse(workflowIds: readonly number[]): Promise<Map<number, number>> {
    const result = await this.sql.query<{ id: number; n: string | number }>(
      `SELECT id, count(*) AS n FROM (
         SELECT proposal_workflow_id AS id FROM calls WHERE NOT deleted
         UNION ALL
         SELECT (data->>'experimentWorkflowId')::int FROM calls WHERE NOT deleted
       ) used WHERE id = ANY($1::int[]) GROUP BY id`,
      [workflowIds],
    );
    return new Map(result.rows.map((r) => [Number(r.id), Number(r.n)]));
  }
}
