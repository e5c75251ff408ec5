import { Injectable } from '@nestjs/common';
import {
  CALL_CREATED,
  CALL_DELETED,
  CALL_ENDED,
  CALL_ENDED_INTERNAL,
  CALL_FAP_REVIEW_ENDED,
  CALL_REVIEW_ENDED,
  CALL_UPDATED,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  type CallEvent,
  type ProposalEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const CALLS_PROJECTION = 'calls';

/**
 * Calls with their dates as columns (the open/ended filters), the officer's fields as JSON, the milestones
 * reached and the number of proposals (counted from proposal events); inline.
 */
@Injectable()
@RegisterProjection()
export class CallsProjection implements Projection {
  readonly name = CALLS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    CALL_CREATED,
    CALL_UPDATED,
    CALL_DELETED,
    CALL_ENDED,
    CALL_ENDED_INTERNAL,
    CALL_REVIEW_ENDED,
    CALL_FAP_REVIEW_ENDED,
    PROPOSAL_CREATED,
    PROPOSAL_DELETED,
  ];
  readonly tables = [
    {
      name: 'calls',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          call_id integer PRIMARY KEY,
          short_code text NOT NULL,
          data jsonb NOT NULL,
          start_call timestamptz NOT NULL,
          end_call timestamptz NOT NULL,
          end_call_internal timestamptz NOT NULL,
          end_review timestamptz NOT NULL,
          end_fap_review timestamptz,
          template_id integer NOT NULL,
          esi_template_id integer,
          pdf_template_id integer,
          proposal_workflow_id integer NOT NULL,
          call_ended boolean NOT NULL DEFAULT false,
          call_ended_internal boolean NOT NULL DEFAULT false,
          call_review_ended boolean NOT NULL DEFAULT false,
          call_fap_review_ended boolean NOT NULL DEFAULT false,
          proposal_count integer NOT NULL DEFAULT 0,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE UNIQUE INDEX ${t}_short_code ON ${t} (lower(short_code)) WHERE NOT deleted`,
      ],
    },
  ];

  /**
   * A run of proposals created and deleted adds up per call and is written in one statement; every other event
   * goes through `apply`, in order (the same effect as one by one: the additions commute).
   */
  async applyBatch(
    tx: SqlExecutor,
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
  ): Promise<void> {
    const deltas = new Map<number, number>();
    const flush = async () => {
      const rows = [...deltas].filter(([, n]) => n !== 0);
      deltas.clear();
      if (rows.length === 0) return;
      await tx.query(
        `UPDATE ${tables.calls} c SET proposal_count = c.proposal_count + d.n
           FROM unnest($1::int[], $2::int[]) AS d(call_id, n) WHERE c.call_id = d.call_id`,
        [rows.map(([id]) => id), rows.map(([, n]) => n)],
      );
    };
    for (const event of events) {
      if (event.type === PROPOSAL_CREATED || event.type === PROPOSAL_DELETED) {
        const callId = (event.data as { callId: number }).callId;
        deltas.set(callId, (deltas.get(callId) ?? 0) + (event.type === PROPOSAL_CREATED ? 1 : -1));
        continue;
      }
      await flush();
      await this.apply(tx, event, tables);
    }
    await flush();
  }

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const t = tables.calls;
    const e = event as unknown as CallEvent | ProposalEvent;
    switch (e.type) {
      case CALL_CREATED:
      case CALL_UPDATED: {
        const { callId, ...call } = e.data;
        const values = [
          callId,
          call.shortCode,
          JSON.stringify(call),
          call.startCall,
          call.endCall,
          call.endCallInternal || call.endCall,
          call.endReview,
          call.endFapReview || null,
          call.templateId,
          call.esiTemplateId,
          call.pdfTemplateId,
          call.proposalWorkflowId,
        ];
        await tx.query(
          `INSERT INTO ${t} (call_id, short_code, data, start_call, end_call, end_call_internal, end_review, end_fap_review,
             template_id, esi_template_id, pdf_template_id, proposal_workflow_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           ON CONFLICT (call_id) DO UPDATE SET short_code = excluded.short_code, data = excluded.data,
             start_call = excluded.start_call, end_call = excluded.end_call, end_call_internal = excluded.end_call_internal,
             end_review = excluded.end_review, end_fap_review = excluded.end_fap_review, template_id = excluded.template_id,
             esi_template_id = excluded.esi_template_id, pdf_template_id = excluded.pdf_template_id,
             proposal_workflow_id = excluded.proposal_workflow_id,
             call_ended = ${t}.call_ended AND ${t}.end_call = excluded.end_call,
             call_ended_internal = ${t}.call_ended_internal AND ${t}.end_call_internal = excluded.end_call_internal,
             call_review_ended = ${t}.call_review_ended AND ${t}.end_review = excluded.end_review`,
          values,
        );
        return;
      }
      case CALL_DELETED:
        await tx.query(`UPDATE ${t} SET deleted = true WHERE call_id = $1`, [e.data.callId]);
        return;
      case CALL_ENDED:
        await tx.query(`UPDATE ${t} SET call_ended = true WHERE call_id = $1`, [e.data.callId]);
        return;
      case CALL_ENDED_INTERNAL:
        await tx.query(`UPDATE ${t} SET call_ended_internal = true WHERE call_id = $1`, [e.data.callId]);
        return;
      case CALL_REVIEW_ENDED:
        await tx.query(`UPDATE ${t} SET call_review_ended = true WHERE call_id = $1`, [e.data.callId]);
        return;
      case CALL_FAP_REVIEW_ENDED:
        await tx.query(`UPDATE ${t} SET call_fap_review_ended = true WHERE call_id = $1`, [e.data.callId]);
        return;
      case PROPOSAL_CREATED:
        await tx.query(`UPDATE ${t} SET proposal_count = proposal_count + 1 WHERE call_id = $1`, [
          e.data.callId,
        ]);
        return;
      case PROPOSAL_DELETED:
        await tx.query(`UPDATE ${t} SET proposal_count = proposal_count - 1 WHERE call_id = $1`, [
          e.data.callId,
        ]);
        return;
    }
  }
}
