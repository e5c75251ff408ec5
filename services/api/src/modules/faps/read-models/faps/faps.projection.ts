import { Injectable } from '@nestjs/common';
import {
  FAP_CREATED,
  FAP_DELETED,
  FAP_INSTRUMENT_SUBMITTED,
  FAP_MEETING_DECISION_SAVED,
  FAP_MEMBER_ASSIGNED,
  FAP_MEMBER_REMOVED,
  FAP_REVIEWER_ASSIGNED,
  FAP_REVIEWER_RANK_SAVED,
  FAP_REVIEWER_REMOVED,
  FAP_REVIEW_SAVED,
  FAP_REVIEW_SUBMITTED,
  FAP_TIME_ALLOCATION_UPDATED,
  FAP_UPDATED,
  PROPOSAL_FAPS_ASSIGNED,
  ReviewStatus,
  type FapEvent,
  type FapProposalEvent,
  type FapMeetingDecisionSavedData,
  type FapReviewSavedData,
  type FapReviewerRankSavedData,
  type FapTimeAllocationUpdatedData,
  type FapReviewerAssignedData,
  type ProposalFapsAssignedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const FAPS_PROJECTION = 'faps';

/**
 * Panels, their members, the proposals on them, their reviews, FAP time and meeting decisions (with every saved
 * version of a decision: "what changed since the meeting"). Inline: the mutations return what they saved.
 * A proposal's pair without an instrument is stored with instrument_id 0.
 */
@Injectable()
@RegisterProjection()
export class FapsProjection implements Projection {
  readonly name = FAPS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    FAP_CREATED,
    FAP_UPDATED,
    FAP_DELETED,
    FAP_MEMBER_ASSIGNED,
    FAP_MEMBER_REMOVED,
    FAP_INSTRUMENT_SUBMITTED,
    PROPOSAL_FAPS_ASSIGNED,
    FAP_REVIEWER_ASSIGNED,
    FAP_REVIEWER_REMOVED,
    FAP_REVIEW_SAVED,
    FAP_REVIEW_SUBMITTED,
    FAP_REVIEWER_RANK_SAVED,
    FAP_TIME_ALLOCATION_UPDATED,
    FAP_MEETING_DECISION_SAVED,
  ];
  readonly tables = [
    {
      name: 'faps',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (id integer PRIMARY KEY, code text NOT NULL, description text NOT NULL,
           number_ratings_required integer NOT NULL, grade_guide text, custom_grade_guide boolean,
           active boolean NOT NULL, files text, deleted boolean NOT NULL DEFAULT false)`,
        `CREATE INDEX ${t}_code ON ${t} (lower(code)) WHERE NOT deleted`,
      ],
    },
    {
      name: 'fap_members',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (fap_id integer NOT NULL, user_id integer NOT NULL, role text NOT NULL,
           ord bigint NOT NULL, PRIMARY KEY (fap_id, user_id, role))`,
        `CREATE INDEX ${t}_user ON ${t} (user_id)`,
      ],
    },
    {
      name: 'fap_instrument_submissions',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (fap_id integer NOT NULL, call_id integer NOT NULL, instrument_id integer NOT NULL,
           submitted boolean NOT NULL, PRIMARY KEY (fap_id, call_id, instrument_id))`,
      ],
    },
    {
      name: 'fap_proposals',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (proposal_pk integer NOT NULL, fap_id integer NOT NULL, instrument_id integer NOT NULL,
           call_id integer NOT NULL, date_assigned timestamptz NOT NULL,
           PRIMARY KEY (proposal_pk, fap_id, instrument_id))`,
        `CREATE INDEX ${t}_fap ON ${t} (fap_id, call_id)`,
      ],
    },
    {
      name: 'fap_time_allocations',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (proposal_pk integer NOT NULL, fap_id integer NOT NULL, fap_time_allocation double precision,
           PRIMARY KEY (proposal_pk, fap_id))`,
      ],
    },
    {
      name: 'fap_reviews',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (review_id integer PRIMARY KEY, proposal_pk integer NOT NULL, fap_id integer NOT NULL,
           user_id integer NOT NULL, grade double precision, comment text, status text NOT NULL,
           questionary_id integer, rank integer, conflicts jsonb NOT NULL DEFAULT '[]', override_reason text,
           date_assigned timestamptz NOT NULL, date_modified timestamptz NOT NULL)`,
        `CREATE INDEX ${t}_proposal ON ${t} (proposal_pk)`,
        `CREATE INDEX ${t}_user ON ${t} (user_id)`,
        `CREATE INDEX ${t}_fap ON ${t} (fap_id)`,
        `CREATE INDEX ${t}_questionary ON ${t} (questionary_id)`,
      ],
    },
    {
      name: 'fap_meeting_decisions',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (proposal_pk integer NOT NULL, instrument_id integer NOT NULL, fap_id integer NOT NULL,
           recommendation text, comment_for_user text, comment_for_management text, rank_order integer,
           submitted boolean NOT NULL, submitted_by integer, date_modified timestamptz NOT NULL,
           PRIMARY KEY (proposal_pk, instrument_id))`,
        `CREATE INDEX ${t}_fap ON ${t} (fap_id)`,
      ],
    },
    {
      name: 'fap_decision_history',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (position bigint PRIMARY KEY, proposal_pk integer NOT NULL, instrument_id integer NOT NULL,
           at timestamptz NOT NULL, by_user integer, recommendation text, comment_for_user text,
           comment_for_management text, rank_order integer, submitted boolean NOT NULL)`,
        `CREATE INDEX ${t}_decision ON ${t} (proposal_pk, instrument_id)`,
      ],
    },
  ];

  /**
   * Several events in a few statements (a bulk action's append, an import, catch-ups and rebuilds), with exactly
   * the effect of applying them one by one. Each event is given the rows it touches as keys (a proposal's panels and
   * FAP time, a review, a meeting decision, a panel, a membership, a submission) and a layer one after the last layer
   * of any event before it with one of its keys: the events of a layer touch no row in common, so they commute, and
   * each event type of a layer is written in one statement; the layers are written in order.
   */
  async applyBatch(
    tx: SqlExecutor,
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
  ): Promise<void> {
    // a command's single event: its own statements
    if (events.length === 1) return this.apply(tx, events[0], tables);
    const layers: Map<string, StoredEvent[]>[] = [];
    const lastLayer = new Map<string, number>();
    for (const event of events) {
      const keys = keysOf(event);
      const layer = Math.max(-1, ...keys.map((k) => lastLayer.get(k) ?? -1)) + 1;
      for (const k of keys) lastLayer.set(k, layer);
      const byType = (layers[layer] ??= new Map());
      const list = byType.get(event.type);
      if (list) list.push(event);
      else byType.set(event.type, [event]);
    }
    for (const byType of layers)
      for (const [type, list] of byType) {
        if (list.length === 1) await this.apply(tx, list[0], tables);
        else await this.applySet(tx, type, list, tables);
      }
  }

  /** events of one type touching no row in common: each type's statements once for all of them */
  private async applySet(
    tx: SqlExecutor,
    type: string,
    list: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
  ): Promise<void> {
    const data = <T>() => list.map((e) => e.data as T);
    const ats = list.map((e) => e.createdAt.toISOString());
    switch (type) {
      case PROPOSAL_FAPS_ASSIGNED:
        return this.assignPanels(
          tx,
          tables,
          list.map((e) => ({ data: e.data as ProposalFapsAssignedData, at: e.createdAt })),
        );
      case FAP_REVIEWER_ASSIGNED:
        return this.assignReviewers(
          tx,
          tables,
          list.map((e) => ({ data: e.data as FapReviewerAssignedData, at: e.createdAt })),
        );
      case FAP_REVIEW_SAVED:
      case FAP_REVIEW_SUBMITTED:
        return this.updateReviews(tx, tables, type, list);
      case FAP_REVIEWER_REMOVED:
        await tx.query(`DELETE FROM ${tables.fap_reviews} WHERE review_id = ANY($1::int[])`, [
          data<{ reviewId: number }>().map((d) => d.reviewId),
        ]);
        return;
      case FAP_REVIEWER_RANK_SAVED: {
        const d = data<FapReviewerRankSavedData>();
        await tx.query(
          `UPDATE ${tables.fap_reviews} r SET rank = u.rank FROM unnest($1::int[], $2::int[]) AS u(review_id, rank)
            WHERE r.review_id = u.review_id`,
          [d.map((x) => x.reviewId), d.map((x) => x.rank)],
        );
        return;
      }
      case FAP_TIME_ALLOCATION_UPDATED: {
        const d = data<FapTimeAllocationUpdatedData>();
        await tx.query(
          `INSERT INTO ${tables.fap_time_allocations} (proposal_pk, fap_id, fap_time_allocation)
           SELECT * FROM unnest($1::int[], $2::int[], $3::float8[])
           ON CONFLICT (proposal_pk, fap_id) DO UPDATE SET fap_time_allocation = excluded.fap_time_allocation`,
          [d.map((x) => x.proposalPk), d.map((x) => x.fapId), d.map((x) => x.fapTimeAllocation)],
        );
        return;
      }
      case FAP_MEETING_DECISION_SAVED: {
        const d = data<FapMeetingDecisionSavedData>();
        const cols = [
          d.map((x) => x.proposalPk),
          d.map((x) => x.instrumentId),
          d.map((x) => x.fapId),
          d.map((x) => x.recommendation),
          d.map((x) => x.commentForUser),
          d.map((x) => x.commentForManagement),
          d.map((x) => x.rankOrder),
          d.map((x) => x.submitted),
          d.map((x) => x.submittedBy),
          ats,
        ];
        await tx.query(
          `INSERT INTO ${tables.fap_meeting_decisions} (proposal_pk, instrument_id, fap_id, recommendation,
             comment_for_user, comment_for_management, rank_order, submitted, submitted_by, date_modified)
           SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[],
             $8::bool[], $9::int[], $10::timestamptz[])
           ON CONFLICT (proposal_pk, instrument_id) DO UPDATE SET fap_id = excluded.fap_id,
             recommendation = excluded.recommendation, comment_for_user = excluded.comment_for_user,
             comment_for_management = excluded.comment_for_management, rank_order = excluded.rank_order,
             submitted = excluded.submitted, submitted_by = excluded.submitted_by, date_modified = excluded.date_modified`,
          cols,
        );
        await tx.query(
          `INSERT INTO ${tables.fap_decision_history} (position, proposal_pk, instrument_id, at, by_user, recommendation,
             comment_for_user, comment_for_management, rank_order, submitted)
           SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::timestamptz[], $5::int[], $6::text[],
             $7::text[], $8::text[], $9::int[], $10::bool[])
           ON CONFLICT (position) DO NOTHING`,
          [
            list.map((e) => e.position),
            cols[0],
            cols[1],
            ats,
            list.map((e) => e.metadata.actorId ?? null),
            cols[3],
            cols[4],
            cols[5],
            cols[6],
            cols[7],
          ],
        );
        return;
      }
      default:
        // the panels' own events (a few per panel): one by one
        for (const event of list) await this.apply(tx, event, tables);
    }
  }

  /** PROPOSAL_FAPS_ASSIGNED of distinct proposals: what `apply` does for each, in four statements */
  private async assignPanels(
    tx: SqlExecutor,
    tables: Readonly<Record<string, string>>,
    list: readonly { data: ProposalFapsAssignedData; at: Date }[],
  ): Promise<void> {
    const pks = list.map((x) => x.data.proposalPk);
    const pairs = list.flatMap(({ data, at }) =>
      data.faps.map((f) => ({
        pk: data.proposalPk,
        fapId: f.fapId,
        instrumentId: f.instrumentId ?? 0,
        callId: data.callId,
        at: at.toISOString(),
      })),
    );
    const col = <K extends keyof (typeof pairs)[number]>(k: K) => pairs.map((x) => x[k]);
    await tx.query(
      `DELETE FROM ${tables.fap_proposals} p WHERE p.proposal_pk = ANY($1::int[]) AND NOT EXISTS
         (SELECT 1 FROM unnest($2::int[], $3::int[], $4::int[]) AS n(pk, fap_id, instrument_id)
          WHERE n.pk = p.proposal_pk AND n.fap_id = p.fap_id AND n.instrument_id = p.instrument_id)`,
      [pks, col('pk'), col('fapId'), col('instrumentId')],
    );
    if (pairs.length > 0)
      await tx.query(
        `INSERT INTO ${tables.fap_proposals} (proposal_pk, fap_id, instrument_id, call_id, date_assigned)
         SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::timestamptz[])
         ON CONFLICT (proposal_pk, fap_id, instrument_id) DO UPDATE SET call_id = excluded.call_id`,
        [col('pk'), col('fapId'), col('instrumentId'), col('callId'), col('at')],
      );
    await tx.query(
      `DELETE FROM ${tables.fap_time_allocations} t WHERE t.proposal_pk = ANY($1::int[]) AND NOT EXISTS
         (SELECT 1 FROM unnest($2::int[], $3::int[]) AS n(pk, fap_id) WHERE n.pk = t.proposal_pk AND n.fap_id = t.fap_id)`,
      [pks, col('pk'), col('fapId')],
    );
    const deleted = list.flatMap((x) => x.data.deletedReviewIds);
    if (deleted.length > 0)
      await tx.query(`DELETE FROM ${tables.fap_reviews} WHERE review_id = ANY($1::int[])`, [deleted]);
  }

  /** FAP_REVIEW_SAVED or FAP_REVIEW_SUBMITTED of distinct reviews: `apply`'s update of each, in one statement */
  private async updateReviews(
    tx: SqlExecutor,
    tables: Readonly<Record<string, string>>,
    type: string,
    list: readonly StoredEvent[],
  ): Promise<void> {
    const ids = list.map((e) => (e.data as { reviewId: number }).reviewId);
    const ats = list.map((e) => e.createdAt.toISOString());
    if (type === FAP_REVIEW_SUBMITTED) {
      await tx.query(
        `UPDATE ${tables.fap_reviews} r SET status = $3, date_modified = u.at
           FROM unnest($1::int[], $2::timestamptz[]) AS u(review_id, at) WHERE r.review_id = u.review_id`,
        [ids, ats, ReviewStatus.SUBMITTED],
      );
      return;
    }
    const data = list.map((e) => e.data as FapReviewSavedData);
    await tx.query(
      `UPDATE ${tables.fap_reviews} r SET grade = u.grade, comment = u.comment, status = u.status,
         questionary_id = u.questionary_id, date_modified = u.at
         FROM unnest($1::int[], $2::float8[], $3::text[], $4::text[], $5::int[], $6::timestamptz[])
           AS u(review_id, grade, comment, status, questionary_id, at)
        WHERE r.review_id = u.review_id`,
      [
        ids,
        data.map((d) => d.grade),
        data.map((d) => d.comment),
        data.map((d) => d.status),
        data.map((d) => d.questionaryId),
        ats,
      ],
    );
  }

  /** FAP_REVIEWER_ASSIGNED: one insert (a review already there stays as it is, as one by one) */
  private async assignReviewers(
    tx: SqlExecutor,
    tables: Readonly<Record<string, string>>,
    list: readonly { data: FapReviewerAssignedData; at: Date }[],
  ): Promise<void> {
    const col = <T>(f: (x: { data: FapReviewerAssignedData; at: Date }) => T) => list.map(f);
    await tx.query(
      `INSERT INTO ${tables.fap_reviews} (review_id, proposal_pk, fap_id, user_id, status, questionary_id, conflicts,
         override_reason, date_assigned, date_modified)
       SELECT r.review_id, r.proposal_pk, r.fap_id, r.user_id, $5, r.questionary_id, r.conflicts::jsonb,
              r.override_reason, r.at, r.at
         FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $6::int[], $7::text[], $8::text[], $9::timestamptz[])
           AS r(review_id, proposal_pk, fap_id, user_id, questionary_id, conflicts, override_reason, at)
       ON CONFLICT (review_id) DO NOTHING`,
      [
        col((x) => x.data.reviewId),
        col((x) => x.data.proposalPk),
        col((x) => x.data.fapId),
        col((x) => x.data.userId),
        ReviewStatus.DRAFT,
        col((x) => x.data.questionaryId),
        col((x) => JSON.stringify(x.data.conflicts)),
        col((x) => x.data.overrideReason),
        col((x) => x.at.toISOString()),
      ],
    );
  }

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const e = event as unknown as FapEvent | FapProposalEvent;
    const at = event.createdAt;
    switch (e.type) {
      case FAP_CREATED:
      case FAP_UPDATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.faps} (id, code, description, number_ratings_required, grade_guide, custom_grade_guide,
             active, files) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (id) DO UPDATE SET code = excluded.code, description = excluded.description,
             number_ratings_required = excluded.number_ratings_required, grade_guide = excluded.grade_guide,
             custom_grade_guide = excluded.custom_grade_guide, active = excluded.active, files = excluded.files`,
          [
            d.id,
            d.code,
            d.description,
            d.numberRatingsRequired,
            d.gradeGuide,
            d.customGradeGuide,
            d.active,
            d.files,
          ],
        );
        return;
      }
      case FAP_DELETED:
        await tx.query(`UPDATE ${tables.faps} SET deleted = true WHERE id = $1`, [e.data.id]);
        return;
      case FAP_MEMBER_ASSIGNED:
        await tx.query(
          `INSERT INTO ${tables.fap_members} (fap_id, user_id, role, ord) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [e.data.fapId, e.data.userId, e.data.role, event.position],
        );
        return;
      case FAP_MEMBER_REMOVED:
        await tx.query(`DELETE FROM ${tables.fap_members} WHERE fap_id = $1 AND user_id = $2 AND role = $3`, [
          e.data.fapId,
          e.data.userId,
          e.data.role,
        ]);
        return;
      case FAP_INSTRUMENT_SUBMITTED:
        await tx.query(
          `INSERT INTO ${tables.fap_instrument_submissions} (fap_id, call_id, instrument_id, submitted)
           VALUES ($1, $2, $3, $4) ON CONFLICT (fap_id, call_id, instrument_id) DO UPDATE SET submitted = excluded.submitted`,
          [e.data.fapId, e.data.callId, e.data.instrumentId, e.data.submitted],
        );
        return;
      case PROPOSAL_FAPS_ASSIGNED: {
        const d = e.data;
        const fapIds = d.faps.map((f) => f.fapId);
        const instrumentIds = d.faps.map((f) => f.instrumentId ?? 0);
        await tx.query(
          `DELETE FROM ${tables.fap_proposals} p WHERE p.proposal_pk = $1 AND NOT EXISTS
             (SELECT 1 FROM unnest($2::int[], $3::int[]) AS n(fap_id, instrument_id)
              WHERE n.fap_id = p.fap_id AND n.instrument_id = p.instrument_id)`,
          [d.proposalPk, fapIds, instrumentIds],
        );
        if (d.faps.length > 0)
          await tx.query(
            `INSERT INTO ${tables.fap_proposals} (proposal_pk, fap_id, instrument_id, call_id, date_assigned)
             SELECT $1, f, i, $4, $5 FROM unnest($2::int[], $3::int[]) AS n(f, i)
             ON CONFLICT (proposal_pk, fap_id, instrument_id) DO UPDATE SET call_id = excluded.call_id`,
            [d.proposalPk, fapIds, instrumentIds, d.callId, at],
          );
        await tx.query(
          `DELETE FROM ${tables.fap_time_allocations} WHERE proposal_pk = $1 AND NOT (fap_id = ANY($2::int[]))`,
          [d.proposalPk, fapIds],
        );
        if (d.deletedReviewIds.length > 0)
          await tx.query(`DELETE FROM ${tables.fap_reviews} WHERE review_id = ANY($1::int[])`, [
            [...d.deletedReviewIds],
          ]);
        return;
      }
      case FAP_REVIEWER_ASSIGNED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.fap_reviews} (review_id, proposal_pk, fap_id, user_id, status, questionary_id, conflicts,
             override_reason, date_assigned, date_modified) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $9)
           ON CONFLICT (review_id) DO NOTHING`,
          [
            d.reviewId,
            d.proposalPk,
            d.fapId,
            d.userId,
            ReviewStatus.DRAFT,
            d.questionaryId,
            JSON.stringify(d.conflicts),
            d.overrideReason,
            at,
          ],
        );
        return;
      }
      case FAP_REVIEWER_REMOVED:
        await tx.query(`DELETE FROM ${tables.fap_reviews} WHERE review_id = $1`, [e.data.reviewId]);
        return;
      case FAP_REVIEW_SAVED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${tables.fap_reviews} SET grade = $2, comment = $3, status = $4, questionary_id = $5, date_modified = $6
           WHERE review_id = $1`,
          [d.reviewId, d.grade, d.comment, d.status, d.questionaryId, at],
        );
        return;
      }
      case FAP_REVIEW_SUBMITTED:
        await tx.query(
          `UPDATE ${tables.fap_reviews} SET status = $2, date_modified = $3 WHERE review_id = $1`,
          [e.data.reviewId, ReviewStatus.SUBMITTED, at],
        );
        return;
      case FAP_REVIEWER_RANK_SAVED:
        await tx.query(`UPDATE ${tables.fap_reviews} SET rank = $2 WHERE review_id = $1`, [
          e.data.reviewId,
          e.data.rank,
        ]);
        return;
      case FAP_TIME_ALLOCATION_UPDATED:
        await tx.query(
          `INSERT INTO ${tables.fap_time_allocations} (proposal_pk, fap_id, fap_time_allocation) VALUES ($1, $2, $3)
           ON CONFLICT (proposal_pk, fap_id) DO UPDATE SET fap_time_allocation = excluded.fap_time_allocation`,
          [e.data.proposalPk, e.data.fapId, e.data.fapTimeAllocation],
        );
        return;
      case FAP_MEETING_DECISION_SAVED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.fap_meeting_decisions} (proposal_pk, instrument_id, fap_id, recommendation,
             comment_for_user, comment_for_management, rank_order, submitted, submitted_by, date_modified)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (proposal_pk, instrument_id) DO UPDATE SET fap_id = excluded.fap_id,
             recommendation = excluded.recommendation, comment_for_user = excluded.comment_for_user,
             comment_for_management = excluded.comment_for_management, rank_order = excluded.rank_order,
             submitted = excluded.submitted, submitted_by = excluded.submitted_by, date_modified = excluded.date_modified`,
          [
            d.proposalPk,
            d.instrumentId,
            d.fapId,
            d.recommendation,
            d.commentForUser,
            d.commentForManagement,
            d.rankOrder,
            d.submitted,
            d.submittedBy,
            at,
          ],
        );
        await tx.query(
          `INSERT INTO ${tables.fap_decision_history} (position, proposal_pk, instrument_id, at, by_user, recommendation,
             comment_for_user, comment_for_management, rank_order, submitted)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (position) DO NOTHING`,
          [
            event.position,
            d.proposalPk,
            d.instrumentId,
            at,
            event.metadata.actorId ?? null,
            d.recommendation,
            d.commentForUser,
            d.commentForManagement,
            d.rankOrder,
            d.submitted,
          ],
        );
        return;
      }
    }
  }
}

/**
 * The rows an event of this projection touches, as keys: two events with no key in common commute. A proposal's
 * panels (`p`) hold its panel pairs, its FAP time and the reviews its reassignment deletes; a review (`r`) is its
 * own row wherever its proposal is; a decision is (proposal, instrument).
 */
function keysOf(event: StoredEvent): string[] {
  const d = event.data as Record<string, unknown>;
  switch (event.type) {
    case PROPOSAL_FAPS_ASSIGNED:
      return [
        `p${String(d.proposalPk)}`,
        ...(d as unknown as ProposalFapsAssignedData).deletedReviewIds.map((id) => `r${id}`),
      ];
    case FAP_TIME_ALLOCATION_UPDATED:
      return [`p${String(d.proposalPk)}`];
    case FAP_REVIEWER_ASSIGNED:
    case FAP_REVIEWER_REMOVED:
    case FAP_REVIEW_SAVED:
    case FAP_REVIEW_SUBMITTED:
    case FAP_REVIEWER_RANK_SAVED:
      return [`r${String(d.reviewId)}`];
    case FAP_MEETING_DECISION_SAVED:
      return [`d${String(d.proposalPk)}/${String(d.instrumentId)}`];
    case FAP_MEMBER_ASSIGNED:
    case FAP_MEMBER_REMOVED:
      return [`m${String(d.fapId)}/${String(d.userId)}/${String(d.role)}`];
    case FAP_INSTRUMENT_SUBMITTED:
      return [`s${String(d.fapId)}/${String(d.callId)}/${String(d.instrumentId)}`];
    default:
      // the panel itself (created, updated, deleted)
      return [`f${String(d.id)}`];
  }
}
