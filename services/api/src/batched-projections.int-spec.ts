import {
  CALL_CREATED,
  CO_PROPOSER_INVITED,
  CO_PROPOSER_INVITE_ACCEPTED,
  CO_PROPOSER_INVITE_CANCELLED,
  FAP_CREATED,
  FAP_DELETED,
  FAP_INSTRUMENT_SUBMITTED,
  FAP_MEETING_DECISION_SAVED,
  FAP_MEMBER_ASSIGNED,
  FAP_MEMBER_REMOVED,
  FAP_REVIEWER_RANK_SAVED,
  FAP_TIME_ALLOCATION_UPDATED,
  FAP_REVIEWER_ASSIGNED,
  FAP_REVIEWER_REMOVED,
  FAP_REVIEW_SAVED,
  FAP_REVIEW_SUBMITTED,
  FAP_UPDATED,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_FAPS_ASSIGNED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_NOTIFIED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  PROPOSAL_UPDATED,
  QUESTIONARY_ANSWERS_COPIED,
  QUESTIONARY_CREATED,
  STATUS_CREATED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  TECHNICAL_REVIEW_SAVED,
  TECHNICAL_REVIEW_SUBMITTED,
  TOPIC_ANSWERED,
  USER_CREATED,
  USER_UPDATED,
} from '@user-office/contracts';
import { PgliteSqlClient } from './platform/database/pglite-sql-client';
import type { SqlClient } from './platform/database/sql-client';
import type { StoredEvent } from './platform/event-store/event-store.port';
import { applyEvents, handles, type Projection } from './platform/projections/projection';
import { CallsProjection } from './modules/calls/read-models/calls/calls.projection';
import { FapsProjection } from './modules/faps/read-models/faps/faps.projection';
import { ProposalViewsProjection } from './modules/proposal-views/read-models/proposal-views/proposal-views.projection';
import { ProposalsProjection } from './modules/proposals/read-models/proposals/proposals.projection';
import { QuestionariesProjection } from './modules/questionaries/read-models/questionaries/questionaries.projection';
import { TechnicalReviewsProjection } from './modules/technical-reviews/read-models/technical-reviews/technical-reviews.projection';
import { UsersProjection } from './modules/users/read-models/users/users.projection';

/**
 * The projections' `applyBatch` (what imports, catch-ups and rebuilds use) leaves exactly the rows that applying
 * the same events one by one leaves: random histories over a few proposals (so that events meet the same rows
 * within a batch), applied one by one into one set of tables and in random batches into another, compared row by
 * row.
 */

/** a small deterministic generator (mulberry32) */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const metadata = { actorId: null, impersonatorId: null, correlationId: 'c', causationId: null };

/** a valid history (no event that one by one would fail) with every kind of event the batches fold */
function history(seed: number, length: number): StoredEvent[] {
  const r = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  const events: StoredEvent[] = [];
  const at = (n: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, n));
  const push = (type: string, data: unknown) =>
    events.push({
      eventId: `e${events.length + 1}`,
      position: events.length + 1,
      streamId: 's',
      version: 1,
      type,
      data,
      metadata,
      createdAt: at(events.length),
    });
  const user = (id: number) => ({
    id,
    user_title: null,
    username: null,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    preferredname: null,
    gender: null,
    birthdate: null,
    institutionId: null,
    department: null,
    position: null,
    email: `u${id}@x.test`,
    telephone: null,
    country: null,
    oidcSub: null,
    placeholder: false,
    roles: [],
    source: 'seed',
  });
  for (const id of [1, 2, 3, 4, 5]) push(USER_CREATED, user(id));
  for (const [statusId, name] of [
    [1, 'Draft'],
    [2, 'Review'],
    [3, 'Done'],
  ] as const)
    push(STATUS_CREATED, {
      statusId,
      shortCode: name.toUpperCase(),
      name,
      description: '',
      isDefault: false,
    });
  for (const callId of [1, 2])
    push(CALL_CREATED, {
      callId,
      shortCode: `CALL-${callId}`,
      startCall: '2024-01-01T00:00:00.000Z',
      endCall: '2024-06-01T00:00:00.000Z',
      endCallInternal: '2024-06-01T00:00:00.000Z',
      startReview: '2024-06-01T00:00:00.000Z',
      endReview: '2024-07-01T00:00:00.000Z',
      endFapReview: null,
      templateId: 1,
      esiTemplateId: null,
      pdfTemplateId: null,
      proposalWorkflowId: 1,
      allocationTimeUnit: 'day',
    });
  const fap = (id: number, code: string) => ({
    id,
    code,
    description: 'panel',
    numberRatingsRequired: 2,
    gradeGuide: null,
    customGradeGuide: null,
    active: true,
    files: null,
  });
  for (const id of [1, 2]) push(FAP_CREATED, fap(id, `FAP-${id}`));
  /** FAP review id → its proposal and panel (the live ones) */
  const fapReviews = new Map<number, { pk: number; fapId: number }>();
  let nextFapReview = 1;
  const proposals = new Map<number, { callId: number; proposerId: number }>();
  const questionaries = new Set<number>();
  const invites: { id: string; pk: number; open: boolean }[] = [];
  /** review id → its proposal and instrument (the live ones) */
  const reviews = new Map<number, { pk: number; instrumentId: number }>();
  let nextPk = 1;
  let nextReview = 1;
  let nextInvite = 1;
  const users = [1, 2, 3, 4, 5];
  const anyPk = () => (proposals.size > 0 && r() < 0.9 ? pick([...proposals.keys()]) : nextPk + 3);
  const answers = () =>
    [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(['q1', 'q2', 'q3', 'q4'])))].map(
      (questionId) => ({ questionId, value: pick([null, 'text', 3, { a: 1 }, [1, 2], true]) }),
    );
  for (let i = 0; i < length; i++) {
    const roll = r();
    if (roll < 0.12 || proposals.size === 0) {
      const pk = nextPk++;
      const proposerId = pick(users);
      const callId = pick([1, 2]);
      proposals.set(pk, { callId, proposerId });
      push(PROPOSAL_CREATED, {
        proposalPk: pk,
        proposalId: `P${pk}`,
        callId,
        proposerId,
        questionaryId: pk,
        statusId: 1,
        title: `Title ${pk}`,
        abstract: 'A',
        userIds: r() < 0.5 ? [pick(users), pick(users)] : [],
        clonedFromPk: null,
      });
      if (!questionaries.has(pk) && r() < 0.8) {
        questionaries.add(pk);
        push(QUESTIONARY_CREATED, { questionaryId: pk, templateId: 1, creatorId: proposerId });
      }
      continue;
    }
    const pk = anyPk();
    const known = proposals.get(pk);
    switch (Math.floor(r() * 26)) {
      case 0:
        push(PROPOSAL_UPDATED, {
          proposalPk: pk,
          title: `Renamed ${i}`,
          abstract: 'B',
          proposerId: pick(users),
          userIds: [pick(users)],
        });
        break;
      case 1:
        push(PROPOSAL_SUBMITTED, {
          proposalPk: pk,
          proposalId: `REF-${pk}`,
          callId: known?.callId ?? 1,
          submittedAt: at(i + 1000).toISOString(),
        });
        break;
      case 2:
        if (r() < 0.3 && known) {
          proposals.delete(pk);
          push(PROPOSAL_DELETED, { proposalPk: pk, callId: known.callId });
        }
        break;
      case 3:
      case 4:
        push(PROPOSAL_STATUS_CHANGED, {
          proposalPk: pk,
          statusId: pick([1, 2, 3]),
          previousStatusId: 1,
          changedBy: 'user',
          events: [],
          connectionId: null,
        });
        break;
      case 5:
        push(PROPOSAL_MANAGEMENT_DECISION_UPDATED, {
          proposalPk: pk,
          finalStatus: pick(['ACCEPTED', 'REJECTED', 'UNSET']),
          previousFinalStatus: 'UNSET',
          commentForUser: `c${i}`,
          commentForManagement: `m${i}`,
          managementTimeAllocations: [{ instrumentId: 1, value: i }],
          managementDecisionSubmitted: r() < 0.5,
        });
        push(pick([PROPOSAL_MANAGEMENT_DECISION_SUBMITTED, PROPOSAL_NOTIFIED]), {
          proposalPk: pk,
          finalStatus: 'ACCEPTED',
          proposalId: `P${pk}`,
          proposerId: 1,
          commentForUser: '',
        });
        break;
      case 6: {
        const id = `inv-${nextInvite++}`;
        invites.push({ id, pk, open: true });
        push(CO_PROPOSER_INVITED, {
          proposalPk: pk,
          inviteId: id,
          code: `CODE${id}`,
          email: `${id}@x.test`,
          createdByUserId: pick(users),
          expiresAt: '2030-01-01T00:00:00.000Z',
        });
        break;
      }
      case 7: {
        const open = invites.filter((x) => x.open);
        if (open.length === 0) break;
        const invite = pick(open);
        invite.open = false;
        if (r() < 0.7)
          push(CO_PROPOSER_INVITE_ACCEPTED, {
            proposalPk: invite.pk,
            inviteId: invite.id,
            userId: pick(users),
            claimedAt: at(i + 2000).toISOString(),
          });
        else push(CO_PROPOSER_INVITE_CANCELLED, { proposalPk: invite.pk, inviteId: invite.id });
        break;
      }
      case 8:
      case 9: {
        const q = questionaries.size > 0 ? pick([...questionaries]) : 999;
        if (r() < 0.8)
          push(TOPIC_ANSWERED, {
            questionaryId: q,
            topicId: pick([1, 2]),
            answers: answers(),
            removedQuestionIds: r() < 0.3 ? [pick(['q1', 'q2', 'q3', 'q4'])] : [],
            isComplete: r() < 0.5,
          });
        else
          push(QUESTIONARY_ANSWERS_COPIED, {
            questionaryId: q,
            sourceQuestionaryId: 1,
            answers: answers(),
            completedTopicIds: [pick([1, 2])],
          });
        break;
      }
      case 10:
      case 11: {
        // the instruments as the technical-reviews module decides them: a review per new instrument, the reviews
        // of the instruments taken off deleted
        const chosen = [...new Set([pick([1, 2, 3]), pick([1, 2, 3])])].slice(0, Math.floor(r() * 3));
        const mine = [...reviews].filter(([, x]) => x.pk === pk);
        const deleted = mine.filter(([, x]) => !chosen.includes(x.instrumentId)).map(([id]) => id);
        for (const id of deleted) reviews.delete(id);
        const created = chosen
          .filter((id) => !mine.some(([, x]) => x.instrumentId === id))
          .map((instrumentId) => {
            const technicalReviewId = nextReview++;
            reviews.set(technicalReviewId, { pk, instrumentId });
            return {
              technicalReviewId,
              instrumentId,
              technicalReviewAssigneeId: pick([null, 4, 5]),
              questionaryId: null,
            };
          });
        push(PROPOSAL_INSTRUMENTS_ASSIGNED, {
          proposalPk: pk,
          instruments: chosen.map((id) => ({ id, name: `Instrument ${id}`, shortCode: `I${id}` })),
          createdReviews: created,
          deletedReviewIds: deleted,
        });
        break;
      }
      case 12:
      case 13: {
        const mine = [...reviews].filter(([, x]) => x.pk === pk);
        // now and then a review of another proposal (or none), as no command does: the batch applies it alone
        const [id, review] =
          mine.length > 0 && r() < 0.95
            ? pick(mine)
            : ([pick([...reviews.keys(), 999]), { pk, instrumentId: 1 }] as const);
        const type = pick([
          TECHNICAL_REVIEW_SAVED,
          TECHNICAL_REVIEW_SUBMITTED,
          TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
        ]);
        push(type, {
          technicalReviewId: id,
          proposalPk: pk,
          instrumentId: review.instrumentId,
          status: pick([null, 'FEASIBLE', 'UNFEASIBLE']),
          timeAllocation: pick([null, 1.5, 3]),
          comment: `c${i}`,
          publicComment: null,
          submitted: r() < 0.5,
          reviewerId: pick([null, 4]),
          files: [],
          questionaryId: null,
          allSubmitted: false,
          technicalReviewAssigneeId: pick([4, 5]),
        });
        break;
      }
      case 14:
        push(PROPOSAL_TECHNIQUES_ASSIGNED, {
          proposalPk: pk,
          techniques: [1, 2].slice(0, Math.floor(r() * 3)).map((id) => ({ id, name: `Technique ${id}` })),
        });
        break;
      case 15:
        push(USER_UPDATED, { id: pick(users), changes: { lastname: `Changed${i}` } });
        break;
      case 16:
      case 17: {
        // the panels as the FAPs module decides them: the reviews of the panels left deleted
        const faps = [
          ...new Map(
            Array.from({ length: Math.floor(r() * 3) }, () => ({
              fapId: pick([1, 2]),
              instrumentId: pick([null, 1]),
            })).map((f) => [`${f.fapId}:${f.instrumentId}`, f]),
          ).values(),
        ];
        const deletedReviewIds = [...fapReviews]
          .filter(([, x]) => x.pk === pk && !faps.some((f) => f.fapId === x.fapId))
          .map(([id]) => id);
        for (const id of deletedReviewIds) fapReviews.delete(id);
        push(PROPOSAL_FAPS_ASSIGNED, { proposalPk: pk, callId: known?.callId ?? 1, faps, deletedReviewIds });
        break;
      }
      case 18:
      case 19: {
        // now and then an id already taken, as no command does: one by one keeps the first
        const reviewId = fapReviews.size > 0 && r() < 0.05 ? pick([...fapReviews.keys()]) : nextFapReview++;
        const fapId = pick([1, 2]);
        if (!fapReviews.has(reviewId)) fapReviews.set(reviewId, { pk, fapId });
        push(FAP_REVIEWER_ASSIGNED, {
          reviewId,
          proposalPk: pk,
          fapId,
          userId: pick(users),
          questionaryId: pick([null, 7]),
          conflicts: r() < 0.3 ? [{ kind: 'institution', hard: false, reason: `same ${i}` }] : [],
          overrideReason: pick([null, 'ok']),
          allReviewersSelected: false,
        });
        break;
      }
      case 20: {
        const id = fapReviews.size > 0 ? pick([...fapReviews.keys()]) : 999;
        const roll = r();
        if (roll < 0.3) {
          fapReviews.delete(id);
          push(FAP_REVIEWER_REMOVED, { reviewId: id, proposalPk: pk, fapId: 1 });
        } else if (roll < 0.5) push(FAP_REVIEW_SUBMITTED, { reviewId: id, proposalPk: pk, fapId: 1 });
        else
          push(FAP_REVIEW_SAVED, {
            reviewId: id,
            proposalPk: pk,
            fapId: 1,
            grade: pick([null, 3]),
            comment: `g${i}`,
            status: 'DRAFT',
            questionaryId: null,
          });
        break;
      }
      case 21:
        push(FAP_UPDATED, fap(pick([1, 2]), `FAP-${i}`));
        break;
      case 22: {
        const id = fapReviews.size > 0 ? pick([...fapReviews.keys()]) : 999;
        push(FAP_REVIEWER_RANK_SAVED, { reviewId: id, proposalPk: pk, fapId: 1, rank: pick([null, 1, 2]) });
        break;
      }
      case 23:
        push(FAP_TIME_ALLOCATION_UPDATED, {
          proposalPk: pk,
          fapId: pick([1, 2]),
          fapTimeAllocation: pick([null, 1.5, 3]),
        });
        break;
      case 24:
        push(FAP_MEETING_DECISION_SAVED, {
          proposalPk: pk,
          instrumentId: pick([1, 2]),
          fapId: pick([1, 2]),
          recommendation: pick([null, 'ACCEPTED', 'REJECTED']),
          commentForUser: pick([null, `u${i}`]),
          commentForManagement: pick([null, `m${i}`]),
          rankOrder: pick([null, 1, 2]),
          submitted: r() < 0.5,
          submittedBy: pick([null, ...users]),
          becameSubmitted: false,
        });
        break;
      case 25: {
        const roll = r();
        const member = {
          fapId: pick([1, 2]),
          userId: pick(users),
          role: pick(['FAP_CHAIR', 'FAP_REVIEWER']),
        };
        if (roll < 0.4) push(FAP_MEMBER_ASSIGNED, member);
        else if (roll < 0.6) push(FAP_MEMBER_REMOVED, member);
        else if (roll < 0.9)
          push(FAP_INSTRUMENT_SUBMITTED, {
            fapId: pick([1, 2]),
            callId: 1,
            instrumentId: 1,
            submitted: r() < 0.5,
          });
        else push(FAP_DELETED, { id: pick([1, 2]) });
        break;
      }
      default:
        break;
    }
  }
  return events;
}

const PROJECTIONS: Projection[] = [
  new ProposalsProjection(),
  new ProposalViewsProjection(),
  new QuestionariesProjection(),
  new UsersProjection(),
  new CallsProjection(),
  new TechnicalReviewsProjection(),
  new FapsProjection(),
];

describe('applyBatch is applying one by one', () => {
  let sql: SqlClient;

  beforeAll(async () => {
    sql = await PgliteSqlClient.open('memory://');
  });
  afterAll(async () => {
    await (sql as PgliteSqlClient).close();
  });

  const tablesOf = async (p: Projection, prefix: string) => {
    const tables: Record<string, string> = {};
    for (const t of p.tables) {
      tables[t.name] = `${prefix}_${t.name}`;
      await sql.query(`DROP TABLE IF EXISTS ${tables[t.name]}`);
      for (const ddl of t.ddl(tables[t.name])) await sql.query(ddl);
    }
    return tables;
  };
  const rows = async (table: string) =>
    (await sql.query(`SELECT * FROM ${table}`)).rows.map((row) => JSON.stringify(row)).sort();

  it.each(PROJECTIONS.map((p) => [p.name, p] as const))(
    '%s: the same rows after random histories in random batches',
    async (_name, projection) => {
      expect(projection.applyBatch).toBeDefined();
      for (const seed of [1, 2, 3, 4]) {
        const events = history(seed, 400).filter((e) => handles(projection, e.type));
        const one = await tablesOf(projection, 'one');
        const batched = await tablesOf(projection, 'batched');
        await sql.transaction(async (tx) => {
          for (const event of events) await projection.apply(tx, event, one);
        });
        const r = random(seed * 7919);
        await sql.transaction(async (tx) => {
          for (let i = 0; i < events.length;) {
            // a whole batch now and then, else a few events up to a few hundred
            const size = r() < 0.2 ? events.length : 1 + Math.floor(r() * (r() < 0.5 ? 8 : 200));
            await applyEvents(projection, tx, events.slice(i, i + size), batched);
            i += size;
          }
        });
        for (const t of projection.tables)
          expect({ seed, table: t.name, rows: await rows(batched[t.name]) }).toEqual({
            seed,
            table: t.name,
            rows: await rows(one[t.name]),
          });
      }
    },
  );
});

describe('questionaries: an answer or step saved again unchanged', () => {
  it('keeps its row as it is (no new row version); a changed one is rewritten', async () => {
    const sql = await PgliteSqlClient.open('memory://');
    try {
      const projection = new QuestionariesProjection();
      const tables: Record<string, string> = {};
      for (const t of projection.tables) {
        tables[t.name] = t.name;
        for (const ddl of t.ddl(t.name)) await sql.query(ddl);
      }
      let position = 0;
      const event = (type: string, data: unknown): StoredEvent => ({
        eventId: `e${++position}`,
        position,
        streamId: 'questionary-1',
        version: position,
        type,
        data,
        metadata,
        createdAt: new Date(Date.UTC(2024, 0, 1)),
      });
      const answered = (text: string) =>
        event(TOPIC_ANSWERED, {
          questionaryId: 1,
          topicId: 1,
          answers: [
            { questionId: 'same', value: { value: 'kept' } },
            { questionId: 'changed', value: { value: text } },
          ],
          removedQuestionIds: [],
          isComplete: true,
        });
      const versions = async () =>
        Object.fromEntries(
          (
            await sql.query<{ k: string; v: string }>(
              `SELECT question_id AS k, xmin::text AS v FROM questionary_answers
               UNION ALL SELECT 'step ' || topic_id, xmin::text FROM questionary_steps`,
            )
          ).rows.map((r) => [r.k, r.v]),
        );
      await sql.transaction((tx) =>
        applyEvents(
          projection,
          tx,
          [event(QUESTIONARY_CREATED, { questionaryId: 1, templateId: 1, creatorId: 1 }), answered('first')],
          tables,
        ),
      );
      const before = await versions();
      await sql.transaction((tx) => applyEvents(projection, tx, [answered('second')], tables));
      const after = await versions();
      expect(after.same).toBe(before.same);
      expect(after['step 1']).toBe(before['step 1']);
      expect(after.changed).not.toBe(before.changed);
      const values = await sql.query<{ question_id: string; value: unknown }>(
        'SELECT question_id, value FROM questionary_answers ORDER BY question_id',
      );
      expect(values.rows).toEqual([
        { question_id: 'changed', value: { value: 'second' } },
        { question_id: 'same', value: { value: 'kept' } },
      ]);
    } finally {
      await (sql as PgliteSqlClient).close();
    }
  });
});
