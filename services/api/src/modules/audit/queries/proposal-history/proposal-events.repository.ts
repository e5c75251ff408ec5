import { Inject, Injectable } from '@nestjs/common';
import { GENERIC_TEMPLATE_CREATED, INTERNAL_REVIEW_CREATED, SAMPLE_CREATED } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import type { EventMetadata } from '../../../../platform/event-store/event-store.port';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { HistoryEvent } from '../../domain/proposal-history';

interface Row {
  position: string | number;
  stream_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date | string;
}

/**
 * Reads a proposal's events from the event store's table (the history folds events, never read models), up to an
 * instant: its own streams first (the proposal, its assessment and FAP streams, its sub-template items and samples,
 * found by their creation events naming the proposal, the internal reviews of its technical reviews, the imported
 * system's log rows about it), then the
 * questionaries they name.
 */
@Injectable()
export class ProposalEventsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** whether the proposal's stream exists (now) */
  async exists(proposalPk: number): Promise<boolean> {
    const r = await this.sql.query('SELECT 1 FROM events WHERE stream_id = $1 LIMIT 1', [
      `proposal-${proposalPk}`,
    ]);
    return r.rows.length > 0;
  }

  /** every event of the proposal's streams stored up to `until` (to the millisecond), in global order */
  async eventsUntil(
    proposalPk: number,
    until: Date,
    questionaryIds: (events: HistoryEvent[]) => number[],
  ): Promise<HistoryEvent[]> {
    const bound = until.toISOString();
    const own = await this.sql.query<Row>(
      `SELECT position, stream_id, type, data, metadata, created_at FROM events
        WHERE (stream_id = ANY($1::text[])
               OR stream_id IN (SELECT stream_id FROM events
                                 WHERE type = ANY($3::text[]) AND data->>'proposalPk' = $4 AND created_at < $2::timestamptz + interval '1 millisecond'))
          AND created_at < $2::timestamptz + interval '1 millisecond'
        ORDER BY position`,
      [
        [
          `proposal-${proposalPk}`,
          `proposal-assessment-${proposalPk}`,
          `fap-proposal-${proposalPk}`,
          `legacy-event-log-proposal-${proposalPk}`,
        ],
        bound,
        [GENERIC_TEMPLATE_CREATED, SAMPLE_CREATED],
        String(proposalPk),
      ],
    );
    // the internal reviews of its technical reviews: their creation names the technical review
    const internal = await this.sql.query<Row>(
      `SELECT position, stream_id, type, data, metadata, created_at FROM events
        WHERE stream_id IN (SELECT stream_id FROM events
                             WHERE type = $3 AND created_at < $2::timestamptz + interval '1 millisecond'
                               AND data->>'technicalReviewId' IN (SELECT DISTINCT data->>'technicalReviewId' FROM events
                                                                   WHERE stream_id = $1 AND data ? 'technicalReviewId'))
          AND created_at < $2::timestamptz + interval '1 millisecond'
        ORDER BY position`,
      [`proposal-assessment-${proposalPk}`, bound, INTERNAL_REVIEW_CREATED],
    );
    own.rows.push(...internal.rows);
    own.rows.sort((a, b) => Number(a.position) - Number(b.position));
    const events = own.rows.map(toHistoryEvent);
    const ids = questionaryIds(events);
    if (ids.length === 0) return events;
    const answers = await this.sql.query<Row>(
      `SELECT position, stream_id, type, data, metadata, created_at FROM events
        WHERE stream_id = ANY($1::text[]) AND created_at < $2::timestamptz + interval '1 millisecond'
        ORDER BY position`,
      [ids.map((id) => `questionary-${id}`), bound],
    );
    return [...events, ...answers.rows.map(toHistoryEvent)].sort((a, b) => a.position - b.position);
  }
}

function toHistoryEvent(r: Row): HistoryEvent {
  return {
    position: Number(r.position),
    streamId: r.stream_id,
    type: r.type,
    data: r.data,
    metadata: { actorId: r.metadata?.actorId ?? null, impersonatorId: r.metadata?.impersonatorId ?? null },
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  };
}
