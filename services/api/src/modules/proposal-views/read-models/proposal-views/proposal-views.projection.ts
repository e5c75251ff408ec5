import { Injectable } from '@nestjs/common';
import {
  CALL_CREATED,
  CALL_UPDATED,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_NOTIFIED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_UPDATED,
  STATUS_CREATED,
  STATUS_UPDATED,
  USER_CREATED,
  USER_UPDATED,
  INSTRUMENT_UPDATED,
  TECHNIQUE_UPDATED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  TECHNICAL_REVIEW_SAVED,
  TECHNICAL_REVIEW_SUBMITTED,
  TechnicalReviewStatus,
  FAP_CREATED,
  FAP_UPDATED,
  PROPOSAL_FAPS_ASSIGNED,
  type FapDetails,
  type ProposalFapsAssignedData,
  type CallEvent,
  type ProposalAssessmentEvent,
  type ProposalEvent,
  type StatusCreatedData,
  type StatusUpdatedData,
  type UserCreatedData,
  type UserUpdatedData,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const PROPOSAL_VIEWS_PROJECTION = 'proposal_views';

type Tables = Readonly<Record<string, string>>;

/** the names copied into the rows: their events end a batch's folded run (applyBatch) */
const LOOKUP_EVENTS: ReadonlySet<string> = new Set([
  USER_CREATED,
  USER_UPDATED,
  CALL_CREATED,
  CALL_UPDATED,
  STATUS_CREATED,
  STATUS_UPDATED,
  FAP_CREATED,
]);

/**
 * The assessment events (instruments, techniques, technical reviews: the technical-reviews module's) also end a
 * batch's folded run: they update a proposal's row, which must be written first.
 */
const ASSESSMENT_EVENTS: ReadonlySet<string> = new Set([
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  TECHNICAL_REVIEW_SAVED,
  TECHNICAL_REVIEW_SUBMITTED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  // renames: the rows of the instrument's (technique's) proposals show the new name
  INSTRUMENT_UPDATED,
  TECHNIQUE_UPDATED,
  // the FAPs module's: a proposal's panels, and a panel's new code
  PROPOSAL_FAPS_ASSIGNED,
  FAP_UPDATED,
]);

/** the assessment events of one proposal that a batch folds (applyAssessments); the renames are applied alone */
const FOLDED_ASSESSMENT_EVENTS: ReadonlySet<string> = new Set([
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  TECHNICAL_REVIEW_SAVED,
  TECHNICAL_REVIEW_SUBMITTED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
]);

/** a row of proposal_view_reviews */
interface ViewReview {
  technical_review_id: number;
  proposal_pk: number;
  instrument_id: number;
  status: string | null;
  time_allocation: number | null;
  submitted: boolean;
  assignee_id: number | null;
}

/**
 * Each proposal's place in the sample an estimated count reads (the repository): a hash of its key, uniform over
 * [0, 2³¹) and indexed. The proposals whose key is below `k` are a fixed pseudo-random sample of about `k / 2³¹`
 * of them, the same after every rebuild.
 */
export const SAMPLE_KEY = '(hashint4(proposal_pk) & 2147483647)';

/** The words a staff search matches: reference, title, PI names and e-mail (a generated column). */
const SEARCH = `to_tsvector('simple', coalesce(proposal_id, '') || ' ' || coalesce(title, '') || ' ' ||
    coalesce(pi_firstname, '') || ' ' || coalesce(pi_lastname, '') || ' ' ||
    coalesce(pi_preferredname, '') || ' ' || coalesce(pi_email, ''))`;

/**
 * The staff proposals table (§2, §3 Proposal view): one row per live proposal with the PI's names, the call's
 * short code and the status name copied in, kept current from user, call and status events through the
 * projection's own lookup tables (so a rebuild needs nothing but the events). Inline; indexed for the filters,
 * sorts and the text search of getProposalsCore. `proposal_view_counts` holds the exact number of proposals per
 * call and status, so the table's unfiltered, call and status counts read a handful of rows instead of counting
 * every proposal.
 */
@Injectable()
@RegisterProjection()
export class ProposalViewsProjection implements Projection {
  readonly name = PROPOSAL_VIEWS_PROJECTION;
  readonly version = 8;
  readonly mode = 'inline' as const;
  readonly eventTypes = [
    PROPOSAL_CREATED,
    PROPOSAL_UPDATED,
    PROPOSAL_SUBMITTED,
    PROPOSAL_DELETED,
    PROPOSAL_STATUS_CHANGED,
    PROPOSAL_MANAGEMENT_DECISION_UPDATED,
    PROPOSAL_NOTIFIED,
    ...LOOKUP_EVENTS,
    ...ASSESSMENT_EVENTS,
  ];
  readonly tables = [
    {
      name: 'proposal_views',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          proposal_pk integer PRIMARY KEY,
          proposal_id text NOT NULL,
          title text NOT NULL,
          pi_id integer NOT NULL,
          pi_firstname text,
          pi_lastname text,
          pi_preferredname text,
          pi_email text,
          submitted boolean NOT NULL DEFAULT false,
          submitted_date timestamptz,
          status_id integer NOT NULL,
          status_name text,
          notified boolean NOT NULL DEFAULT false,
          call_id integer NOT NULL,
          call_short_code text,
          allocation_time_unit text,
          final_status text NOT NULL DEFAULT 'UNSET',
          questionary_id integer NOT NULL,
          created timestamptz NOT NULL,
          instrument_ids integer[] NOT NULL DEFAULT '{}',
          instruments jsonb NOT NULL DEFAULT '[]',
          instrument_sort text,
          technique_ids integer[] NOT NULL DEFAULT '{}',
          techniques jsonb NOT NULL DEFAULT '[]',
          technical_reviews jsonb NOT NULL DEFAULT '[]',
          review_assignee_ids integer[] NOT NULL DEFAULT '{}',
          review_status text,
          review_time_allocation double precision,
          review_assignee text,
          fap_ids integer[] NOT NULL DEFAULT '{}',
          faps jsonb NOT NULL DEFAULT '[]',
          fap_instruments jsonb NOT NULL DEFAULT '[]',
          search tsvector GENERATED ALWAYS AS (${SEARCH}) STORED
        )`,
        // (filter, newest first): the default order of a filtered page reads the index backwards, no sort
        `CREATE INDEX ${t}_call ON ${t} (call_id, proposal_pk)`,
        `CREATE INDEX ${t}_status ON ${t} (status_id, proposal_pk)`,
        `CREATE INDEX ${t}_pi ON ${t} (pi_id)`,
        // the filter columns included: a deep page by title is found in the index alone (see the repository)
        `CREATE INDEX ${t}_title ON ${t} (title, proposal_pk) INCLUDE (status_id, call_id)`,
        `CREATE INDEX ${t}_proposal_id ON ${t} (proposal_id)`,
        // the question filter joins the answers by questionary: its count reads this index alone
        `CREATE INDEX ${t}_questionary ON ${t} (questionary_id) INCLUDE (status_id, call_id)`,
        `CREATE INDEX ${t}_created ON ${t} (created, proposal_pk)`,
        `CREATE INDEX ${t}_search ON ${t} USING gin (search)`,
        // the instrument filter, the scientists' lists (their instruments, techniques, reviews) and their sorts
        `CREATE INDEX ${t}_instrument_ids ON ${t} USING gin (instrument_ids)`,
        `CREATE INDEX ${t}_multi_instrument ON ${t} (proposal_pk) WHERE cardinality(instrument_ids) >= 2`,
        `CREATE INDEX ${t}_technique_ids ON ${t} USING gin (technique_ids)`,
        `CREATE INDEX ${t}_review_assignees ON ${t} USING gin (review_assignee_ids)`,
        `CREATE INDEX ${t}_instrument_sort ON ${t} (instrument_sort, proposal_pk)`,
        `CREATE INDEX ${t}_review_status ON ${t} (review_status, proposal_pk)`,
        `CREATE INDEX ${t}_review_time ON ${t} (review_time_allocation, proposal_pk)`,
        `CREATE INDEX ${t}_review_assignee ON ${t} (review_assignee, proposal_pk)`,
        `CREATE INDEX ${t}_fap_ids ON ${t} USING gin (fap_ids)`,
        // the sample an estimated count is read from (the repository's SAMPLE_KEY), holding the columns the
        // filters read: the sample's matches are counted from the index alone (an index-only scan) instead of a
        // few thousand random heap pages (at 100,000 proposals 0.6 ms instead of 14 ms)
        `CREATE INDEX ${t}_sample ON ${t} (${SAMPLE_KEY}) INCLUDE (proposal_pk, call_id, status_id, questionary_id,
           proposal_id, instrument_ids, technique_ids, review_assignee_ids, fap_ids)`,
      ],
    },
    {
      name: 'proposal_view_counts',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (call_id integer NOT NULL, status_id integer NOT NULL, n integer NOT NULL,
          PRIMARY KEY (call_id, status_id))`,
      ],
    },
    {
      name: 'proposal_view_users',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (user_id integer PRIMARY KEY, firstname text, lastname text, preferredname text, email text)`,
      ],
    },
    {
      name: 'proposal_view_calls',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (call_id integer PRIMARY KEY, short_code text NOT NULL, allocation_time_unit text)`,
      ],
    },
    {
      name: 'proposal_view_reviews',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (technical_review_id integer PRIMARY KEY, proposal_pk integer NOT NULL,
          instrument_id integer NOT NULL, status text, time_allocation double precision,
          submitted boolean NOT NULL DEFAULT false, assignee_id integer)`,
        `CREATE INDEX ${t}_proposal ON ${t} (proposal_pk)`,
      ],
    },
    {
      // the instrument filter's index: (instrument, newest first) read backwards gives its page in the table's
      // default order from the first 20 entries, however an instrument's proposals are spread over the table
      // (instrument_ids' GIN index finds them all, then sorts them: 9 ms for 10,000 clustered ones)
      name: 'proposal_view_instruments',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (instrument_id integer NOT NULL, proposal_pk integer NOT NULL,
          PRIMARY KEY (instrument_id, proposal_pk))`,
        `CREATE INDEX ${t}_proposal ON ${t} (proposal_pk)`,
      ],
    },
    {
      name: 'proposal_view_faps',
      ddl: (t: string) => [`CREATE TABLE ${t} (fap_id integer PRIMARY KEY, code text NOT NULL)`],
    },
    {
      name: 'proposal_view_statuses',
      ddl: (t: string) => [`CREATE TABLE ${t} (status_id integer PRIMARY KEY, name text NOT NULL)`],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Tables): Promise<void> {
    const t = tables.proposal_views;
    const e = event as unknown as ProposalEvent | CallEvent;
    switch (event.type) {
      case FAP_CREATED:
      case FAP_UPDATED: {
        const d = event.data as FapDetails;
        await tx.query(
          `INSERT INTO ${tables.proposal_view_faps} (fap_id, code) VALUES ($1, $2)
           ON CONFLICT (fap_id) DO UPDATE SET code = excluded.code`,
          [d.id, d.code],
        );
        if (event.type === FAP_UPDATED)
          await tx.query(
            `UPDATE ${t} v SET faps = (SELECT coalesce(jsonb_agg(f.code ORDER BY n), '[]') FROM unnest(v.fap_ids) WITH ORDINALITY AS x(id, n)
               JOIN ${tables.proposal_view_faps} f ON f.fap_id = x.id)
             WHERE v.fap_ids @> ARRAY[$1::int]`,
            [d.id],
          );
        return;
      }
      case PROPOSAL_FAPS_ASSIGNED: {
        const d = event.data as ProposalFapsAssignedData;
        const ids = [...new Set(d.faps.map((f) => f.fapId))];
        await tx.query(
          `UPDATE ${t} SET fap_ids = $2::int[], fap_instruments = $3::jsonb,
             faps = (SELECT coalesce(jsonb_agg(f.code ORDER BY n), '[]') FROM unnest($2::int[]) WITH ORDINALITY AS x(id, n)
               JOIN ${tables.proposal_view_faps} f ON f.fap_id = x.id)
           WHERE proposal_pk = $1`,
          [
            d.proposalPk,
            ids,
            JSON.stringify(d.faps.map((f) => ({ instrumentId: f.instrumentId, fapId: f.fapId }))),
          ],
        );
        return;
      }
      case USER_CREATED: {
        const d = event.data as UserCreatedData;
        await tx.query(
          `INSERT INTO ${tables.proposal_view_users} (user_id, firstname, lastname, preferredname, email) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id) DO UPDATE SET firstname = excluded.firstname, lastname = excluded.lastname,
             preferredname = excluded.preferredname, email = excluded.email`,
          [d.id, d.firstname, d.lastname, d.preferredname, d.email],
        );
        return;
      }
      case USER_UPDATED: {
        const d = event.data as UserUpdatedData;
        const c = d.changes;
        if (
          c.firstname === undefined &&
          c.lastname === undefined &&
          c.preferredname === undefined &&
          c.email === undefined
        )
          return;
        await tx.query(
          `UPDATE ${tables.proposal_view_users} SET firstname = coalesce($2, firstname), lastname = coalesce($3, lastname),
             preferredname = CASE WHEN $6 THEN $4 ELSE preferredname END, email = coalesce($5, email) WHERE user_id = $1`,
          [
            d.id,
            c.firstname ?? null,
            c.lastname ?? null,
            c.preferredname ?? null,
            c.email ?? null,
            c.preferredname !== undefined,
          ],
        );
        await tx.query(
          `UPDATE ${t} v SET pi_firstname = u.firstname, pi_lastname = u.lastname, pi_preferredname = u.preferredname, pi_email = u.email
           FROM ${tables.proposal_view_users} u WHERE u.user_id = $1 AND v.pi_id = $1`,
          [d.id],
        );
        await this.refreshReviews(tx, tables, `v.review_assignee_ids @> ARRAY[$1]::int[]`, [d.id]);
        return;
      }
      case STATUS_CREATED:
      case STATUS_UPDATED: {
        const d = event.data as StatusCreatedData | StatusUpdatedData;
        await tx.query(
          `INSERT INTO ${tables.proposal_view_statuses} (status_id, name) VALUES ($1, $2)
           ON CONFLICT (status_id) DO UPDATE SET name = excluded.name`,
          [d.statusId, d.name],
        );
        if (event.type === STATUS_UPDATED)
          await tx.query(`UPDATE ${t} SET status_name = $2 WHERE status_id = $1`, [d.statusId, d.name]);
        return;
      }
    }
    if (ASSESSMENT_EVENTS.has(event.type)) {
      await this.applyAssessment(tx, event as unknown as ProposalAssessmentEvent, tables);
      return;
    }
    switch (e.type) {
      case CALL_CREATED:
      case CALL_UPDATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${tables.proposal_view_calls} (call_id, short_code, allocation_time_unit) VALUES ($1, $2, $3)
           ON CONFLICT (call_id) DO UPDATE SET short_code = excluded.short_code, allocation_time_unit = excluded.allocation_time_unit`,
          [d.callId, d.shortCode, d.allocationTimeUnit],
        );
        if (e.type === CALL_UPDATED)
          await tx.query(
            `UPDATE ${t} SET call_short_code = $2, allocation_time_unit = $3 WHERE call_id = $1`,
            [d.callId, d.shortCode, d.allocationTimeUnit],
          );
        return;
      }
      case PROPOSAL_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${t} (proposal_pk, proposal_id, title, pi_id, pi_firstname, pi_lastname, pi_preferredname, pi_email,
             status_id, status_name, call_id, call_short_code, allocation_time_unit, questionary_id, created)
           SELECT $1, $2, $3, $4, u.firstname, u.lastname, u.preferredname, u.email, $5, s.name, $6, c.short_code,
             c.allocation_time_unit, $7, $8
           FROM (SELECT 1) one
           LEFT JOIN ${tables.proposal_view_users} u ON u.user_id = $4
           LEFT JOIN ${tables.proposal_view_statuses} s ON s.status_id = $5
           LEFT JOIN ${tables.proposal_view_calls} c ON c.call_id = $6`,
          [
            d.proposalPk,
            d.proposalId,
            d.title,
            d.proposerId,
            d.statusId,
            d.callId,
            d.questionaryId,
            event.createdAt,
          ],
        );
        await this.count(tx, tables.proposal_view_counts, d.callId, d.statusId, 1);
        return;
      }
      case PROPOSAL_UPDATED: {
        const d = e.data;
        await tx.query(
          `UPDATE ${t} v SET title = $2, pi_id = $3, pi_firstname = u.firstname, pi_lastname = u.lastname,
             pi_preferredname = u.preferredname, pi_email = u.email
           FROM (SELECT 1) one LEFT JOIN ${tables.proposal_view_users} u ON u.user_id = $3
           WHERE v.proposal_pk = $1`,
          [d.proposalPk, d.title, d.proposerId],
        );
        return;
      }
      case PROPOSAL_SUBMITTED:
        await tx.query(
          `UPDATE ${t} SET submitted = true, submitted_date = $2, proposal_id = $3 WHERE proposal_pk = $1`,
          [e.data.proposalPk, e.data.submittedAt, e.data.proposalId],
        );
        return;
      case PROPOSAL_DELETED: {
        const deleted = await tx.query<{ call_id: number; status_id: number }>(
          `DELETE FROM ${t} WHERE proposal_pk = $1 RETURNING call_id, status_id`,
          [e.data.proposalPk],
        );
        await tx.query(`DELETE FROM ${tables.proposal_view_instruments} WHERE proposal_pk = $1`, [
          e.data.proposalPk,
        ]);
        for (const r of deleted.rows)
          await this.count(tx, tables.proposal_view_counts, r.call_id, r.status_id, -1);
        return;
      }
      case PROPOSAL_MANAGEMENT_DECISION_UPDATED:
        await tx.query(`UPDATE ${t} SET final_status = $2 WHERE proposal_pk = $1`, [
          e.data.proposalPk,
          e.data.finalStatus,
        ]);
        return;
      case PROPOSAL_NOTIFIED:
        await tx.query(`UPDATE ${t} SET notified = true WHERE proposal_pk = $1`, [e.data.proposalPk]);
        return;
      case PROPOSAL_STATUS_CHANGED: {
        // the self-join reads the row as it was: its status before this change
        const changed = await tx.query<{ call_id: number; old_status_id: number }>(
          `UPDATE ${t} v SET status_id = $2, status_name = s.name
           FROM (SELECT proposal_pk, status_id AS old_status_id FROM ${t} WHERE proposal_pk = $1) old
           LEFT JOIN ${tables.proposal_view_statuses} s ON s.status_id = $2
           WHERE v.proposal_pk = old.proposal_pk
           RETURNING v.call_id, old.old_status_id`,
          [e.data.proposalPk, e.data.statusId],
        );
        for (const r of changed.rows) {
          if (r.old_status_id === e.data.statusId) continue;
          await this.count(tx, tables.proposal_view_counts, r.call_id, r.old_status_id, -1);
          await this.count(tx, tables.proposal_view_counts, r.call_id, e.data.statusId, 1);
        }
        return;
      }
    }
  }

  /**
   * Several events in a few statements (appends of whole proposals, catch-up and rebuilds), with exactly the
   * effect of applying them one by one: the proposals created in the batch are folded in memory and inserted at
   * once, the counts' changes are summed into one statement; an event of a proposal created before the batch goes
   * through `apply`. The lookup events (users, calls, statuses) end a run: what was folded is written first, then
   * they are applied on their own, so every proposal joins the names as they were at its events.
   */
  async applyBatch(tx: SqlExecutor, events: readonly StoredEvent[], tables: Tables): Promise<void> {
    let run = new FoldedRun();
    // status changes of proposals created before the batch (a bulk status change): one statement per run
    const statuses = new Map<number, number>();
    const flushStatuses = () => this.changeStatuses(tx, tables, statuses);
    // a run of a proposal's own assessment events (instruments, techniques, technical reviews)
    let assessments: ProposalAssessmentEvent[] = [];
    const flushAssessments = async () => {
      if (assessments.length === 0) return;
      const list = assessments;
      assessments = [];
      await this.applyAssessments(tx, list, tables);
    };
    // a run of proposals' panels (a bulk FAP assignment): each proposal's last, one statement (each event sets the
    // columns whole, from the panels' codes, which only FAP_CREATED / FAP_UPDATED change: they end the run)
    const panels = new Map<number, ProposalFapsAssignedData>();
    const flushPanels = async () => {
      if (panels.size === 0) return;
      const list = [...panels.values()];
      panels.clear();
      await this.assignPanels(tx, tables, list);
    };
    for (const event of events) {
      if (event.type === PROPOSAL_FAPS_ASSIGNED) {
        await flushAssessments();
        await flushStatuses();
        await run.flush(tx, tables);
        run = new FoldedRun();
        const d = event.data as ProposalFapsAssignedData;
        panels.set(d.proposalPk, d);
        continue;
      }
      await flushPanels();
      if (FOLDED_ASSESSMENT_EVENTS.has(event.type)) {
        await flushStatuses();
        await run.flush(tx, tables);
        run = new FoldedRun();
        assessments.push(event as unknown as ProposalAssessmentEvent);
        continue;
      }
      await flushAssessments();
      if (LOOKUP_EVENTS.has(event.type) || ASSESSMENT_EVENTS.has(event.type)) {
        await flushStatuses();
        await run.flush(tx, tables);
        run = new FoldedRun();
        await this.apply(tx, event, tables);
      } else if (!run.fold(event as unknown as ProposalEvent, event.createdAt)) {
        if (event.type === PROPOSAL_STATUS_CHANGED) {
          const d = event.data as { proposalPk: number; statusId: number };
          if (statuses.has(d.proposalPk)) await flushStatuses();
          statuses.set(d.proposalPk, d.statusId);
          continue;
        }
        await flushStatuses();
        await this.apply(tx, event, tables);
      }
    }
    await flushPanels();
    await flushAssessments();
    await flushStatuses();
    await run.flush(tx, tables);
  }

  /** PROPOSAL_FAPS_ASSIGNED of distinct proposals: `apply`'s update of each, in one statement */
  private async assignPanels(
    tx: SqlExecutor,
    tables: Tables,
    list: readonly ProposalFapsAssignedData[],
  ): Promise<void> {
    await tx.query(
      `UPDATE ${tables.proposal_views} v
          SET fap_ids = ARRAY(SELECT x.id::int FROM jsonb_array_elements_text(c.ids) WITH ORDINALITY AS x(id, n) ORDER BY n),
              fap_instruments = c.pairs,
              faps = (SELECT coalesce(jsonb_agg(f.code ORDER BY n), '[]')
                        FROM jsonb_array_elements_text(c.ids) WITH ORDINALITY AS x(id, n)
                        JOIN ${tables.proposal_view_faps} f ON f.fap_id = x.id::int)
         FROM jsonb_to_recordset($1::jsonb) AS c(proposal_pk int, ids jsonb, pairs jsonb)
        WHERE v.proposal_pk = c.proposal_pk`,
      [
        JSON.stringify(
          list.map((d) => ({
            proposal_pk: d.proposalPk,
            ids: [...new Set(d.faps.map((f) => f.fapId))],
            pairs: d.faps.map((f) => ({ instrumentId: f.instrumentId, fapId: f.fapId })),
          })),
        ),
      ],
    );
  }

  /**
   * A run of assessment events in a few statements, with exactly the effect of applying them one by one: the
   * reviews they touch are read once and changed in memory (inserted unless present, updated when present,
   * deleted), each proposal's last instruments and techniques kept, then everything written at once and the
   * touched proposals' review columns refreshed from the final reviews. The refresh is the same as one by one's
   * last only if no event changes a review of another proposal than its own: a run where one does (never the case
   * of the product's own commands) is applied one by one.
   */
  private async applyAssessments(
    tx: SqlExecutor,
    events: readonly ProposalAssessmentEvent[],
    tables: Tables,
  ): Promise<void> {
    // a command's single event: its own statements (what the fold would write, in fewer round trips)
    if (events.length === 1) return this.applyAssessment(tx, events[0], tables);
    const t = tables.proposal_views;
    const reviewTable = tables.proposal_view_reviews;
    const ids = new Set<number>();
    for (const e of events) {
      if (e.type === PROPOSAL_INSTRUMENTS_ASSIGNED) {
        for (const id of e.data.deletedReviewIds) ids.add(id);
        for (const r of e.data.createdReviews) ids.add(r.technicalReviewId);
      } else if (e.type !== PROPOSAL_TECHNIQUES_ASSIGNED) ids.add(e.data.technicalReviewId);
    }
    const reviews = new Map<number, ViewReview | null>();
    if (ids.size > 0) {
      const { rows } = await tx.query<ViewReview>(
        `SELECT technical_review_id, proposal_pk, instrument_id, status, time_allocation, submitted, assignee_id
           FROM ${reviewTable} WHERE technical_review_id = ANY($1::int[])`,
        [[...ids]],
      );
      for (const r of rows) reviews.set(Number(r.technical_review_id), r);
    }
    const instruments = new Map<
      number,
      Extract<ProposalAssessmentEvent, { type: typeof PROPOSAL_INSTRUMENTS_ASSIGNED }>
    >();
    const techniques = new Map<
      number,
      Extract<ProposalAssessmentEvent, { type: typeof PROPOSAL_TECHNIQUES_ASSIGNED }>
    >();
    const refreshed = new Set<number>();
    let foreign = false;
    const own = (pk: number, r: ViewReview | null | undefined) => {
      if (r && Number(r.proposal_pk) !== pk) foreign = true;
    };
    for (const e of events) {
      const pk = e.data.proposalPk;
      switch (e.type) {
        case PROPOSAL_TECHNIQUES_ASSIGNED:
          techniques.set(pk, e);
          continue;
        case PROPOSAL_INSTRUMENTS_ASSIGNED:
          instruments.set(pk, e);
          for (const id of e.data.deletedReviewIds) {
            own(pk, reviews.get(id));
            reviews.set(id, null);
          }
          for (const s of e.data.createdReviews) {
            if (reviews.get(s.technicalReviewId)) continue; // ON CONFLICT DO NOTHING
            reviews.set(s.technicalReviewId, {
              technical_review_id: s.technicalReviewId,
              proposal_pk: pk,
              instrument_id: s.instrumentId,
              status: TechnicalReviewStatus.UNFEASIBLE,
              time_allocation: null,
              submitted: false,
              assignee_id: s.technicalReviewAssigneeId,
            });
          }
          break;
        case TECHNICAL_REVIEW_SAVED: {
          const r = reviews.get(e.data.technicalReviewId);
          own(pk, r);
          if (r) {
            r.status = e.data.status;
            r.time_allocation = e.data.timeAllocation;
            r.submitted = e.data.submitted;
          }
          break;
        }
        case TECHNICAL_REVIEW_SUBMITTED: {
          const r = reviews.get(e.data.technicalReviewId);
          own(pk, r);
          if (r) r.submitted = true;
          break;
        }
        case TECHNICAL_REVIEW_ASSIGNEE_CHANGED: {
          const r = reviews.get(e.data.technicalReviewId);
          own(pk, r);
          if (r) r.assignee_id = e.data.technicalReviewAssigneeId;
          break;
        }
      }
      refreshed.add(pk);
    }
    if (foreign) {
      for (const e of events) await this.applyAssessment(tx, e, tables);
      return;
    }
    if (instruments.size > 0) {
      const rows = [...instruments.values()].map((e) => {
        const names = e.data.instruments.map((i) => i.name).sort((a, b) => a.localeCompare(b));
        return {
          pk: e.data.proposalPk,
          ids: e.data.instruments.map((i) => i.id),
          instruments: e.data.instruments,
          sort: names.length ? names.join(', ') : null,
        };
      });
      await tx.query(
        `UPDATE ${t} v SET instrument_ids = ARRAY(SELECT jsonb_array_elements_text(r.ids)::int),
           instruments = r.instruments, instrument_sort = r.sort
         FROM jsonb_to_recordset($1::jsonb) AS r(pk integer, ids jsonb, instruments jsonb, sort text)
         WHERE v.proposal_pk = r.pk`,
        [JSON.stringify(rows)],
      );
      const pks = rows.map((r) => r.pk);
      const byInstrument = tables.proposal_view_instruments;
      await tx.query(`DELETE FROM ${byInstrument} WHERE proposal_pk = ANY($1::int[])`, [pks]);
      await tx.query(
        `INSERT INTO ${byInstrument} (instrument_id, proposal_pk)
         SELECT DISTINCT unnest(instrument_ids), proposal_pk FROM ${t} WHERE proposal_pk = ANY($1::int[])`,
        [pks],
      );
    }
    if (techniques.size > 0) {
      const rows = [...techniques.values()].map((e) => ({
        pk: e.data.proposalPk,
        ids: e.data.techniques.map((x) => x.id),
        techniques: e.data.techniques.map((x) => ({ id: x.id, name: x.name })),
      }));
      await tx.query(
        `UPDATE ${t} v SET technique_ids = ARRAY(SELECT jsonb_array_elements_text(r.ids)::int),
           techniques = r.techniques
         FROM jsonb_to_recordset($1::jsonb) AS r(pk integer, ids jsonb, techniques jsonb)
         WHERE v.proposal_pk = r.pk`,
        [JSON.stringify(rows)],
      );
    }
    if (reviews.size > 0) {
      await tx.query(`DELETE FROM ${reviewTable} WHERE technical_review_id = ANY($1::int[])`, [
        [...reviews.keys()],
      ]);
      const kept = [...reviews.values()].filter((r): r is ViewReview => r !== null);
      if (kept.length > 0)
        await tx.query(
          `INSERT INTO ${reviewTable} (technical_review_id, proposal_pk, instrument_id, status, time_allocation,
             submitted, assignee_id)
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(technical_review_id integer, proposal_pk integer,
             instrument_id integer, status text, time_allocation double precision, submitted boolean,
             assignee_id integer)`,
          [JSON.stringify(kept)],
        );
    }
    if (refreshed.size > 0)
      await this.refreshReviews(tx, tables, `v.proposal_pk = ANY($1::int[])`, [[...refreshed]]);
  }

  /** status changes of distinct proposals at once: one UPDATE, the counts' changes summed into one upsert */
  private async changeStatuses(
    tx: SqlExecutor,
    tables: Tables,
    statuses: Map<number, number>,
  ): Promise<void> {
    if (statuses.size === 0) return;
    const rows = [...statuses];
    statuses.clear();
    const t = tables.proposal_views;
    // the CTEs share one snapshot: `old` reads each row's status before the update
    const changed = await tx.query<{ call_id: number; old_status_id: number; status_id: number }>(
      `WITH c AS (SELECT * FROM unnest($1::int[], $2::int[]) AS c(proposal_pk, status_id)),
            old AS (SELECT v.proposal_pk, v.call_id, v.status_id AS old_status_id FROM ${t} v JOIN c USING (proposal_pk)),
            upd AS (
              UPDATE ${t} v SET status_id = c.status_id, status_name = s.name
                FROM c LEFT JOIN ${tables.proposal_view_statuses} s ON s.status_id = c.status_id
               WHERE v.proposal_pk = c.proposal_pk
              RETURNING v.proposal_pk)
       SELECT old.call_id, old.old_status_id, c.status_id FROM old JOIN c USING (proposal_pk)
        WHERE EXISTS (SELECT 1 FROM upd WHERE upd.proposal_pk = old.proposal_pk)`,
      [rows.map(([pk]) => pk), rows.map(([, s]) => s)],
    );
    const deltas = new Map<string, { callId: number; statusId: number; delta: number }>();
    const add = (callId: number, statusId: number, delta: number) => {
      const key = `${callId}:${statusId}`;
      const entry = deltas.get(key) ?? { callId, statusId, delta: 0 };
      entry.delta += delta;
      deltas.set(key, entry);
    };
    for (const r of changed.rows) {
      if (r.old_status_id === r.status_id) continue;
      add(r.call_id, r.old_status_id, -1);
      add(r.call_id, r.status_id, 1);
    }
    const counts = [...deltas.values()].filter((c) => c.delta !== 0);
    if (counts.length === 0) return;
    await tx.query(
      `INSERT INTO ${tables.proposal_view_counts} (call_id, status_id, n)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[])
       ON CONFLICT (call_id, status_id) DO UPDATE SET n = ${tables.proposal_view_counts}.n + excluded.n`,
      [counts.map((c) => c.callId), counts.map((c) => c.statusId), counts.map((c) => c.delta)],
    );
  }

  /** instruments, techniques and technical reviews (the technical-reviews module's events) */
  private async applyAssessment(tx: SqlExecutor, e: ProposalAssessmentEvent, tables: Tables): Promise<void> {
    const t = tables.proposal_views;
    if ((e.type as string) === INSTRUMENT_UPDATED) {
      const d = e.data as unknown as { id: number; name: string; shortCode: string };
      await tx.query(
        `UPDATE ${t} v SET instruments = r.instruments, instrument_sort = r.sort FROM (
           SELECT p.proposal_pk,
             jsonb_agg(CASE WHEN (i->>'id')::int = $1 THEN jsonb_build_object('id', $1::int, 'name', $2::text, 'shortCode', $3::text) ELSE i END ORDER BY n) AS instruments,
             string_agg(CASE WHEN (i->>'id')::int = $1 THEN $2::text ELSE i->>'name' END, ', ' ORDER BY CASE WHEN (i->>'id')::int = $1 THEN $2::text ELSE i->>'name' END) AS sort
           FROM ${t} p, jsonb_array_elements(p.instruments) WITH ORDINALITY AS x(i, n)
           WHERE p.instrument_ids @> ARRAY[$1::int]
           GROUP BY p.proposal_pk) r
         WHERE v.proposal_pk = r.proposal_pk`,
        [d.id, d.name, d.shortCode],
      );
      return;
    }
    if ((e.type as string) === TECHNIQUE_UPDATED) {
      const d = e.data as unknown as { id: number; name: string };
      await tx.query(
        `UPDATE ${t} v SET techniques = r.techniques FROM (
           SELECT p.proposal_pk,
             jsonb_agg(CASE WHEN (x->>'id')::int = $1 THEN jsonb_build_object('id', $1::int, 'name', $2::text) ELSE x END ORDER BY n) AS techniques
           FROM ${t} p, jsonb_array_elements(p.techniques) WITH ORDINALITY AS y(x, n)
           WHERE p.technique_ids @> ARRAY[$1::int]
           GROUP BY p.proposal_pk) r
         WHERE v.proposal_pk = r.proposal_pk`,
        [d.id, d.name],
      );
      return;
    }
    const reviews = tables.proposal_view_reviews;
    const pk = e.data.proposalPk;
    switch (e.type) {
      case PROPOSAL_INSTRUMENTS_ASSIGNED: {
        const d = e.data;
        const names = d.instruments.map((i) => i.name).sort((a, b) => a.localeCompare(b));
        await tx.query(
          `UPDATE ${t} SET instrument_ids = $2::int[], instruments = $3::jsonb, instrument_sort = $4 WHERE proposal_pk = $1`,
          [
            pk,
            d.instruments.map((i) => i.id),
            JSON.stringify(d.instruments),
            names.length ? names.join(', ') : null,
          ],
        );
        const byInstrument = tables.proposal_view_instruments;
        await tx.query(`DELETE FROM ${byInstrument} WHERE proposal_pk = $1`, [pk]);
        await tx.query(
          `INSERT INTO ${byInstrument} (instrument_id, proposal_pk)
           SELECT DISTINCT unnest(instrument_ids), proposal_pk FROM ${t} WHERE proposal_pk = $1`,
          [pk],
        );
        if (d.deletedReviewIds.length > 0)
          await tx.query(`DELETE FROM ${reviews} WHERE technical_review_id = ANY($1::int[])`, [
            [...d.deletedReviewIds],
          ]);
        for (const s of d.createdReviews)
          await tx.query(
            `INSERT INTO ${reviews} (technical_review_id, proposal_pk, instrument_id, status, submitted, assignee_id)
             VALUES ($1, $2, $3, $4, false, $5) ON CONFLICT (technical_review_id) DO NOTHING`,
            [
              s.technicalReviewId,
              pk,
              s.instrumentId,
              TechnicalReviewStatus.UNFEASIBLE,
              s.technicalReviewAssigneeId,
            ],
          );
        break;
      }
      case PROPOSAL_TECHNIQUES_ASSIGNED:
        await tx.query(
          `UPDATE ${t} SET technique_ids = $2::int[], techniques = $3::jsonb WHERE proposal_pk = $1`,
          [
            pk,
            e.data.techniques.map((x) => x.id),
            JSON.stringify(e.data.techniques.map((x) => ({ id: x.id, name: x.name }))),
          ],
        );
        return;
      case TECHNICAL_REVIEW_SAVED:
        await tx.query(
          `UPDATE ${reviews} SET status = $2, time_allocation = $3, submitted = $4 WHERE technical_review_id = $1`,
          [e.data.technicalReviewId, e.data.status, e.data.timeAllocation, e.data.submitted],
        );
        break;
      case TECHNICAL_REVIEW_SUBMITTED:
        await tx.query(`UPDATE ${reviews} SET submitted = true WHERE technical_review_id = $1`, [
          e.data.technicalReviewId,
        ]);
        break;
      case TECHNICAL_REVIEW_ASSIGNEE_CHANGED:
        await tx.query(`UPDATE ${reviews} SET assignee_id = $2 WHERE technical_review_id = $1`, [
          e.data.technicalReviewId,
          e.data.technicalReviewAssigneeId,
        ]);
        break;
    }
    await this.refreshReviews(tx, tables, `v.proposal_pk = $1`, [pk]);
  }

  /**
   * The technical review columns of the rows matching `condition` (on `v`), from proposal_view_reviews and the
   * assignees' names: the json the table shows and the sort keys (first review's status, total time, first
   * assignee's last name).
   */
  private async refreshReviews(tx: SqlExecutor, tables: Tables, condition: string, params: unknown[]) {
    const reviews = tables.proposal_view_reviews;
    const users = tables.proposal_view_users;
    await tx.query(
      `UPDATE ${tables.proposal_views} v SET
         technical_reviews = agg.reviews, review_assignee_ids = agg.assignees, review_status = agg.status,
         review_time_allocation = agg.time, review_assignee = agg.assignee
       FROM (
         SELECT p.proposal_pk,
           coalesce(jsonb_agg(jsonb_build_object('status', r.status, 'timeAllocation', r.time_allocation,
             'instrumentId', r.instrument_id, 'submitted', r.submitted,
             'technicalReviewAssignee', CASE WHEN r.assignee_id IS NULL THEN NULL ELSE jsonb_build_object(
               'id', r.assignee_id, 'firstname', u.firstname, 'lastname', u.lastname) END)
             ORDER BY r.technical_review_id) FILTER (WHERE r.technical_review_id IS NOT NULL), '[]'::jsonb) AS reviews,
           coalesce(array_agg(DISTINCT r.assignee_id) FILTER (WHERE r.assignee_id IS NOT NULL), '{}') AS assignees,
           (array_agg(r.status ORDER BY r.technical_review_id))[1] AS status,
           sum(r.time_allocation) AS time,
           (array_agg(u.lastname ORDER BY r.technical_review_id) FILTER (WHERE u.lastname IS NOT NULL))[1] AS assignee
         FROM ${tables.proposal_views} p
         LEFT JOIN ${reviews} r ON r.proposal_pk = p.proposal_pk
         LEFT JOIN ${users} u ON u.user_id = r.assignee_id
         WHERE ${condition.replace(/\bv\./g, 'p.')}
         GROUP BY p.proposal_pk
       ) agg
       WHERE v.proposal_pk = agg.proposal_pk`,
      params,
    );
  }

  /** adds `delta` to the count of (call, status) */
  private async count(
    tx: SqlExecutor,
    counts: string,
    callId: number,
    statusId: number,
    delta: number,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO ${counts} (call_id, status_id, n) VALUES ($1, $2, $3)
       ON CONFLICT (call_id, status_id) DO UPDATE SET n = ${counts}.n + excluded.n`,
      [callId, statusId, delta],
    );
  }
}

/** a proposal created in the batch, as its row will be inserted (names joined from the lookup tables then) */
interface FoldedRow {
  proposal_pk: number;
  proposal_id: string;
  title: string;
  pi_id: number;
  submitted: boolean;
  submitted_date: string | null;
  status_id: number;
  notified: boolean;
  call_id: number;
  final_status: string;
  questionary_id: number;
  created: Date;
}

/** the proposals created in a run of events, folded in memory; the counts' changes summed */
class FoldedRun {
  private readonly rows = new Map<number, FoldedRow | null>();
  private readonly counts = new Map<string, { callId: number; statusId: number; delta: number }>();

  private count(callId: number, statusId: number, delta: number): void {
    const key = `${callId}:${statusId}`;
    const entry = this.counts.get(key) ?? { callId, statusId, delta: 0 };
    entry.delta += delta;
    this.counts.set(key, entry);
  }

  /** false when the event is not of a proposal created in this run (the caller applies it) */
  fold(e: ProposalEvent, createdAt: Date): boolean {
    if (e.type === PROPOSAL_CREATED) {
      const d = e.data;
      if (this.rows.has(d.proposalPk)) return false;
      this.rows.set(d.proposalPk, {
        proposal_pk: d.proposalPk,
        proposal_id: d.proposalId,
        title: d.title,
        pi_id: d.proposerId,
        submitted: false,
        submitted_date: null,
        status_id: d.statusId,
        notified: false,
        call_id: d.callId,
        final_status: 'UNSET',
        questionary_id: d.questionaryId,
        created: createdAt,
      });
      this.count(d.callId, d.statusId, 1);
      return true;
    }
    const pk = (e.data as { proposalPk?: number }).proposalPk;
    if (pk === undefined || !this.rows.has(pk)) return false;
    const row = this.rows.get(pk);
    if (!row) return true; // deleted in this run: later events change nothing, as on a missing row
    switch (e.type) {
      case PROPOSAL_UPDATED:
        row.title = e.data.title;
        row.pi_id = e.data.proposerId;
        return true;
      case PROPOSAL_SUBMITTED:
        row.submitted = true;
        row.submitted_date = e.data.submittedAt;
        row.proposal_id = e.data.proposalId;
        return true;
      case PROPOSAL_DELETED:
        this.rows.set(pk, null);
        this.count(row.call_id, row.status_id, -1);
        return true;
      case PROPOSAL_MANAGEMENT_DECISION_UPDATED:
        row.final_status = e.data.finalStatus;
        return true;
      case PROPOSAL_NOTIFIED:
        row.notified = true;
        return true;
      case PROPOSAL_STATUS_CHANGED:
        if (row.status_id !== e.data.statusId) {
          this.count(row.call_id, row.status_id, -1);
          this.count(row.call_id, e.data.statusId, 1);
        }
        row.status_id = e.data.statusId;
        return true;
      default:
        return false;
    }
  }

  async flush(tx: SqlExecutor, tables: Tables): Promise<void> {
    const rows = [...this.rows.values()].filter((r): r is FoldedRow => r !== null);
    if (rows.length > 0) {
      await tx.query(
        `INSERT INTO ${tables.proposal_views} (proposal_pk, proposal_id, title, pi_id, pi_firstname, pi_lastname,
           pi_preferredname, pi_email, submitted, submitted_date, status_id, status_name, notified, call_id,
           call_short_code, allocation_time_unit, final_status, questionary_id, created)
         SELECT r.proposal_pk, r.proposal_id, r.title, r.pi_id, u.firstname, u.lastname, u.preferredname, u.email,
           r.submitted, r.submitted_date, r.status_id, s.name, r.notified, r.call_id, c.short_code,
           c.allocation_time_unit, r.final_status, r.questionary_id, r.created
         FROM jsonb_to_recordset($1::jsonb) AS r(proposal_pk integer, proposal_id text, title text, pi_id integer,
           submitted boolean, submitted_date timestamptz, status_id integer, notified boolean, call_id integer,
           final_status text, questionary_id integer, created timestamptz)
         LEFT JOIN ${tables.proposal_view_users} u ON u.user_id = r.pi_id
         LEFT JOIN ${tables.proposal_view_statuses} s ON s.status_id = r.status_id
         LEFT JOIN ${tables.proposal_view_calls} c ON c.call_id = r.call_id`,
        [JSON.stringify(rows)],
      );
    }
    const counts = [...this.counts.values()];
    if (counts.length > 0) {
      await tx.query(
        `INSERT INTO ${tables.proposal_view_counts} (call_id, status_id, n)
         SELECT * FROM unnest($1::int[], $2::int[], $3::int[])
         ON CONFLICT (call_id, status_id) DO UPDATE SET n = ${tables.proposal_view_counts}.n + excluded.n`,
        [counts.map((c) => c.callId), counts.map((c) => c.statusId), counts.map((c) => c.delta)],
      );
    }
  }
}
