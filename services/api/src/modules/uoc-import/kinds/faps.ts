import { ProposalEndStatus, ReviewStatus, Role, type FapMemberRole } from '@user-office/contracts';
import {
  digest,
  num,
  numOrNull,
  str,
  strOrNull,
  type ImportContext,
  type ImportKind,
  type Planned,
  type Row,
} from '../import-context';
import {
  BATCH,
  advanceSequence,
  changedSince,
  checkpointOf,
  groupBy,
  latest,
  latestDetails,
  proposalsInStore,
  questionaryEvents,
  saveCheckpointOf,
} from './support';

const RECOMMENDATION: Record<number, ProposalEndStatus> = {
  0: ProposalEndStatus.UNSET,
  1: ProposalEndStatus.ACCEPTED,
  2: ProposalEndStatus.RESERVED,
  3: ProposalEndStatus.REJECTED,
};

const MEMBERS: ReadonlyArray<[string, FapMemberRole]> = [
  ['fap_chairs', Role.FAP_CHAIR],
  ['fap_secretaries', Role.FAP_SECRETARY],
  ['fap_reviewers', Role.FAP_REVIEWER],
];

/** UOC stores a grade as text: a number, else null (and the row in the report) */
function gradeOf(ctx: ImportContext, r: Row): number | null {
  if (r.grade === null || r.grade === undefined || str(r.grade).trim() === '') return null;
  const g = Number(str(r.grade).trim());
  if (Number.isFinite(g)) return g;
  ctx.problem(
    'fap_reviews',
    `review_id=${str(r.review_id)}`,
    `grade ${JSON.stringify(str(r.grade))} is not a number: imported without a grade`,
  );
  return null;
}

/** the panels (`fap-<fapId>`): details, chairs, secretaries, reviewers; the availability submitted per call */
async function importPanels(ctx: ImportContext): Promise<Set<number>> {
  const faps = await ctx.rows(
    `SELECT fap_id, code, description, number_ratings_required, active, grade_guide, custom_grade_guide, files
       FROM faps ORDER BY fap_id`,
  );
  const ids = new Set(faps.map((f) => num(f.fap_id)));
  const stored = await latestDetails(
    ctx,
    [...ids].map((id) => `fap-${id}`),
    ['FapCreated', 'FapUpdated'],
  );
  const planned: Planned[] = [];
  for (const f of faps) {
    const id = num(f.fap_id);
    const data = {
      id,
      code: str(f.code),
      description: str(f.description),
      numberRatingsRequired: num(f.number_ratings_required ?? 2),
      gradeGuide: strOrNull(f.grade_guide),
      customGradeGuide: f.custom_grade_guide === null ? null : Boolean(f.custom_grade_guide),
      active: f.active !== false,
      files: f.files === null || f.files === undefined ? null : JSON.stringify(f.files),
    };
    const event = {
      streamId: `fap-${id}`,
      key: `faps/${id}`,
      at: null,
      actorId: null,
      from: `uoc:faps/${id}`,
    };
    planned.push({ ...event, type: 'FapCreated', data });
    // imported before: changed details → FapUpdated (UOC keeps no modification time for a FAP: the run's)
    const updated = changedSince(stored.get(event.streamId), data, { ...event, type: 'FapUpdated' });
    if (updated) planned.push(updated);
  }
  for (const [table, role] of MEMBERS) {
    for (const m of await ctx.rows(`SELECT fap_id, user_id FROM ${table} ORDER BY fap_id, user_id`)) {
      const fapId = num(m.fap_id);
      const userId = num(m.user_id);
      const row = `fap_id=${fapId} user_id=${userId}`;
      if (!ids.has(fapId)) {
        ctx.problem(table, row, 'the FAP does not exist: left out');
        continue;
      }
      if (!ctx.users.has(userId)) {
        ctx.problem(table, row, 'the user does not exist (a deleted user): left out');
        continue;
      }
      planned.push({
        streamId: `fap-${fapId}`,
        key: `${table}/${fapId}/${userId}`,
        type: 'FapMemberAssigned',
        data: { fapId, userId, role },
        at: null,
        actorId: null,
        from: `uoc:${table}/${fapId}`,
      });
    }
  }
  // the availability of an instrument submitted in a panel for a call: UOC marks each of its proposals (those
  // that exist)
  const submitted = await ctx.rows(
    `SELECT fp.fap_id, coalesce(fp.call_id, p.call_id) AS call_id, fp.instrument_id
       FROM fap_proposals fp JOIN proposals p USING (proposal_pk)
      WHERE fp.instrument_id IS NOT NULL
      GROUP BY 1, 2, 3 HAVING bool_and(coalesce(fp.fap_meeting_instrument_submitted, false))
      ORDER BY 1, 2, 3`,
  );
  for (const s of submitted) {
    const fapId = num(s.fap_id);
    if (!ids.has(fapId) || s.call_id === null || !ctx.instruments.has(num(s.instrument_id))) continue;
    planned.push({
      streamId: `fap-${fapId}`,
      key: `fap_proposals/submitted/${fapId}/${str(s.call_id)}/${str(s.instrument_id)}`,
      type: 'FapInstrumentSubmitted',
      data: { fapId, callId: num(s.call_id), instrumentId: num(s.instrument_id), submitted: true },
      at: null,
      actorId: null,
      from: `uoc:fap_proposals/${fapId}`,
    });
  }
  ctx.count('faps', faps.length, await ctx.write('faps', planned));
  return ids;
}

/** everything FAP about one proposal (`fap-proposal-<pk>`): panels, FAP time, reviews and grades, decisions */
function planProposal(
  ctx: ImportContext,
  pk: number,
  callId: number,
  faps: ReadonlySet<number>,
  required: ReadonlyMap<number, number>,
  assigned: Row[],
  reviews: Row[],
  decisions: Row[],
): Planned[] {
  const stream = `fap-proposal-${pk}`;
  const planned: Planned[] = [];
  const pairs: { fapId: number; instrumentId: number | null }[] = [];
  const onPanels = new Set<number>();
  for (const a of assigned) {
    const fapId = num(a.fap_id);
    const instrumentId = numOrNull(a.instrument_id);
    const row = `proposal_pk=${pk} fap_id=${str(a.fap_id)}`;
    if (!faps.has(fapId)) {
      ctx.problem('fap_proposals', row, 'the FAP does not exist: left out');
      continue;
    }
    if (instrumentId !== null && !ctx.instruments.has(instrumentId)) {
      ctx.problem(
        'fap_proposals',
        `${row} instrument_id=${instrumentId}`,
        'the instrument does not exist: assigned without it',
      );
      pairs.push({ fapId, instrumentId: null });
    } else pairs.push({ fapId, instrumentId });
    onPanels.add(fapId);
  }
  const at = latest(...assigned.map((a) => a.date_assigned));
  if (pairs.length > 0)
    planned.push({
      streamId: stream,
      key: `fap_proposals/${pk}/${digest(pairs)}`,
      type: 'ProposalFapsAssigned',
      data: { proposalPk: pk, callId, faps: pairs, deletedReviewIds: [] },
      at,
      actorId: null,
      from: `uoc:fap_proposals/${pk}`,
    });
  for (const a of assigned) {
    const fapId = num(a.fap_id);
    if (!onPanels.has(fapId)) continue;
    const from = `uoc:fap_proposals/${pk}`;
    if (a.fap_time_allocation !== null && a.fap_time_allocation !== undefined)
      planned.push({
        streamId: stream,
        key: `fap_proposals/${pk}/${fapId}/time/${str(a.fap_time_allocation)}`,
        type: 'FapTimeAllocationUpdated',
        data: { proposalPk: pk, fapId, fapTimeAllocation: num(a.fap_time_allocation) },
        at: a.date_assigned as Date,
        actorId: null,
        from,
      });
    if (
      a.fap_meeting_instrument_submitted &&
      a.instrument_id !== null &&
      ctx.instruments.has(num(a.instrument_id))
    )
      planned.push({
        streamId: stream,
        key: `fap_proposals/${pk}/${fapId}/${str(a.instrument_id)}/submitted`,
        type: 'FapProposalInstrumentSubmitted',
        data: { proposalPk: pk, fapId, callId, instrumentId: num(a.instrument_id), submitted: true },
        at: a.date_assigned as Date,
        actorId: null,
        from,
      });
  }
  // reviews: assigned, saved (grade and comment), submitted, ranked; in their panel's order of assignment
  const kept = reviews.filter((r) => {
    const row = `review_id=${str(r.review_id)}`;
    if (!onPanels.has(num(r.fap_id))) {
      ctx.problem('fap_reviews', row, `proposal ${pk} is not on FAP ${str(r.fap_id)}: left out`);
      return false;
    }
    if (!ctx.users.has(num(r.user_id))) {
      ctx.problem(
        'fap_reviews',
        row,
        `the reviewer ${str(r.user_id)} does not exist (a deleted user): left out`,
      );
      return false;
    }
    return true;
  });
  const perPanel = new Map<number, Row[]>();
  for (const r of kept) perPanel.set(num(r.fap_id), [...(perPanel.get(num(r.fap_id)) ?? []), r]);
  for (const [fapId, list] of perPanel) {
    list.forEach((r, i) => {
      const reviewId = num(r.review_id);
      const userId = num(r.user_id);
      const from = `uoc:fap_reviews/${reviewId}`;
      const questionaryId = numOrNull(r.questionary_id);
      planned.push({
        streamId: stream,
        key: `fap_reviews/${reviewId}`,
        type: 'FapReviewerAssigned',
        data: {
          reviewId,
          proposalPk: pk,
          fapId,
          userId,
          questionaryId,
          conflicts: [],
          overrideReason: null,
          allReviewersSelected: i + 1 === list.length && list.length >= (required.get(fapId) ?? 1),
        },
        at: (r.date_assigned ?? r.created_at) as Date,
        actorId: null,
        from,
      });
    });
    for (const r of list) {
      const reviewId = num(r.review_id);
      const userId = num(r.user_id);
      const from = `uoc:fap_reviews/${reviewId}`;
      const submitted = num(r.status) === 1;
      const grade = gradeOf(ctx, r);
      const comment = strOrNull(r.comment);
      const data = {
        reviewId,
        proposalPk: pk,
        fapId,
        userId,
        grade,
        comment,
        status: submitted ? ReviewStatus.SUBMITTED : ReviewStatus.DRAFT,
        questionaryId: numOrNull(r.questionary_id),
      };
      if (grade !== null || comment !== null || submitted)
        planned.push({
          streamId: stream,
          key: `fap_reviews/${reviewId}/${digest(data)}`,
          type: 'FapReviewSaved',
          data,
          at: r.updated_at as Date,
          actorId: userId,
          from,
        });
      if (submitted)
        planned.push({
          streamId: stream,
          key: `fap_reviews/${reviewId}/submitted`,
          type: 'FapReviewSubmitted',
          data: {
            reviewId,
            proposalPk: pk,
            fapId,
            userId,
            grade,
            allSubmitted: list.every((x) => num(x.status) === 1),
          },
          at: r.updated_at as Date,
          actorId: userId,
          from,
        });
      if (r.rank !== null && r.rank !== undefined)
        planned.push({
          streamId: stream,
          key: `fap_reviews/${reviewId}/rank/${str(r.rank)}`,
          type: 'FapReviewerRankSaved',
          data: { reviewId, proposalPk: pk, fapId, rank: num(r.rank) },
          at: r.updated_at as Date,
          actorId: null,
          from,
        });
    }
  }
  // meeting decisions and ranking (UOC keeps no time for them: the proposal's latest FAP time)
  const decidedAt = latest(at, ...kept.map((r) => r.updated_at));
  for (const d of decisions) {
    const instrumentId = num(d.instrument_id);
    const row = `proposal_pk=${pk} instrument_id=${instrumentId}`;
    const fapId = numOrNull(d.fap_id) ?? pairs.find((p) => p.instrumentId === instrumentId)?.fapId ?? null;
    if (fapId === null || !faps.has(fapId)) {
      ctx.problem('fap_meeting_decisions', row, `its FAP ${String(fapId)} does not exist: left out`);
      continue;
    }
    if (!ctx.instruments.has(instrumentId)) {
      ctx.problem('fap_meeting_decisions', row, 'the instrument does not exist: left out');
      continue;
    }
    const submittedBy = numOrNull(d.submitted_by);
    const data = {
      proposalPk: pk,
      instrumentId,
      fapId,
      recommendation:
        d.recommendation === null || d.recommendation === undefined
          ? null
          : (RECOMMENDATION[num(d.recommendation)] ?? null),
      commentForUser: strOrNull(d.comment_for_user),
      commentForManagement: strOrNull(d.comment_for_management),
      rankOrder: numOrNull(d.rank_order),
      submitted: Boolean(d.submitted),
      submittedBy: submittedBy !== null && ctx.users.has(submittedBy) ? submittedBy : null,
      becameSubmitted: Boolean(d.submitted),
    };
    planned.push({
      streamId: stream,
      key: `fap_meeting_decisions/${pk}/${instrumentId}/${digest(data)}`,
      type: 'FapMeetingDecisionSaved',
      data,
      at: decidedAt,
      actorId: data.submittedBy,
      from: `uoc:fap_meeting_decisions/${pk}/${instrumentId}`,
    });
  }
  return planned;
}

/**
 * FAPs: the panels with chairs, secretaries and reviewers; each proposal's panels (fap_proposals), FAP time, its
 * reviews with grades (and their FAP review questionaries), meeting decisions and ranking. Proposals in keyset
 * batches of BATCH.
 */
export const fapsKind: ImportKind = {
  name: 'faps',
  async run(ctx) {
    const faps = await importPanels(ctx);
    const required = new Map(
      (await ctx.rows('SELECT fap_id, number_ratings_required FROM faps')).map((f) => [
        num(f.fap_id),
        num(f.number_ratings_required ?? 2),
      ]),
    );
    // the batches read the proposals read model (complete before this kind) and the source, never what they write
    await ctx.deferringProjections(() => importAssignments(ctx, faps, required));
  },
};

/** the next keyset batch of proposals with FAP rows after `after`, and their rows in each FAP table */
async function readAssignments(
  ctx: ImportContext,
  after: number,
): Promise<{ pks: number[]; assigned: Row[]; reviews: Row[]; decisions: Row[] }> {
  const pks = (
    await ctx.rows(
      `SELECT proposal_pk FROM (SELECT proposal_pk FROM fap_proposals UNION SELECT proposal_pk FROM fap_reviews
           UNION SELECT proposal_pk FROM fap_meeting_decisions) u WHERE proposal_pk > $1 ORDER BY 1 LIMIT $2`,
      [after, ctx.batch(BATCH)],
    )
  ).map((r) => num(r.proposal_pk));
  if (pks.length === 0) return { pks, assigned: [], reviews: [], decisions: [] };
  return {
    pks,
    assigned: await ctx.rows(
      `SELECT proposal_pk, fap_id, date_assigned, call_id, fap_time_allocation, instrument_id,
              fap_meeting_instrument_submitted
         FROM fap_proposals WHERE proposal_pk = ANY($1::int[]) ORDER BY proposal_pk, date_assigned, fap_id`,
      [pks],
    ),
    reviews: await ctx.rows(
      `SELECT review_id, user_id, proposal_pk, comment, grade, status, created_at, updated_at, fap_id,
              questionary_id, date_assigned, rank
         FROM fap_reviews WHERE proposal_pk = ANY($1::int[]) ORDER BY proposal_pk, date_assigned, review_id`,
      [pks],
    ),
    decisions: await ctx.rows(
      `SELECT proposal_pk, comment_for_management, comment_for_user, rank_order, recommendation, submitted,
              submitted_by, instrument_id, fap_id
         FROM fap_meeting_decisions WHERE proposal_pk = ANY($1::int[]) ORDER BY proposal_pk, instrument_id`,
      [pks],
    ),
  };
}

/** each proposal's panels, FAP time, reviews with grades, decisions and ranking, in keyset batches of proposals */
async function importAssignments(
  ctx: ImportContext,
  faps: Awaited<ReturnType<typeof importPanels>>,
  required: ReadonlyMap<number, number>,
): Promise<void> {
  const cp = await checkpointOf(ctx, 'fap_proposals');
  let after = cp.complete ? 0 : cp.after;
  let read = 0;
  let events = 0;
  // the next batch is read from the source while this one is written (two database sessions at work)
  let next = readAssignments(ctx, after);
  for (;;) {
    const { pks, assigned, reviews, decisions } = await next;
    if (pks.length === 0) break;
    after = pks[pks.length - 1];
    next = readAssignments(ctx, after);
    // a failed write ends the run before the read is awaited: its own failure is not reported twice
    next.catch(() => undefined);
    const inStore = await proposalsInStore(ctx, pks);
    const [assignedOf, reviewsOf, decisionsOf] = [assigned, reviews, decisions].map((rows) =>
      groupBy(rows, 'proposal_pk'),
    );
    const planned: Planned[] = [];
    // the FAP review questionaries (grades given through a FAP review template) come first: reviews point to them
    const questionaries: { questionaryId: number; creatorId: number | null; from: string }[] = [];
    for (const pk of pks) {
      const proposal = inStore.get(pk);
      if (!proposal) {
        ctx.problem(
          'fap_proposals',
          `proposal_pk=${pk}`,
          'the proposal was not imported (or does not exist): its FAP rows are left out',
        );
        continue;
      }
      const mine = assignedOf.get(pk) ?? [];
      const callId = numOrNull(mine.find((a) => a.call_id !== null)?.call_id) ?? proposal.callId;
      const planOf = planProposal(
        ctx,
        pk,
        callId,
        faps,
        required,
        mine,
        reviewsOf.get(pk) ?? [],
        decisionsOf.get(pk) ?? [],
      );
      for (const p of planOf)
        if (p.type === 'FapReviewerAssigned') {
          const d = p.data as { questionaryId: number | null; userId: number; reviewId: number };
          if (d.questionaryId !== null)
            questionaries.push({
              questionaryId: d.questionaryId,
              creatorId: d.userId,
              from: `uoc:fap_reviews/${d.reviewId}`,
            });
        }
      planned.push(...planOf);
    }
    planned.unshift(...(await questionaryEvents(ctx, 'fap_reviews', questionaries)));
    read += pks.length;
    events += await ctx.write('fap_proposals', planned);
    if (!cp.complete) await saveCheckpointOf(ctx, 'fap_proposals', after, false);
  }
  await saveCheckpointOf(ctx, 'fap_proposals', after, true);
  ctx.count('fap_proposals', read, events);
  // UOC's reassignment and e-mail flags of a review (copied from its old fap_assignments by patch 0178; its code
  // only reads them since): the product's FAP reviews have neither, listed once a run where any is set
  const [flags] = await ctx.rows<{ n: string | number; ids: number[] | null }>(
    `SELECT count(*) AS n, (array_agg(review_id ORDER BY review_id))[1:10] AS ids FROM fap_reviews
        WHERE reassigned OR email_sent OR date_reassigned IS NOT NULL`,
  );
  if (Number(flags.n) > 0)
    ctx.problem(
      'fap_reviews',
      `reassigned/date_reassigned/email_sent set on ${Number(flags.n)} rows (review_id ${(flags.ids ?? []).join(', ')}${Number(flags.n) > 10 ? ', …' : ''})`,
      "the product's FAP reviews have no reassignment or e-mail-sent flag: not carried (the reviews are)",
    );
  const [m] = await ctx.rows(
    'SELECT (SELECT max(fap_id) FROM faps) AS f, (SELECT max(review_id) FROM fap_reviews) AS r',
  );
  await advanceSequence(ctx, 'fap_id_seq', m.f);
  await advanceSequence(ctx, 'fap_review_id_seq', m.r);
}
