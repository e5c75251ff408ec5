/**
 * A proposal's history for auditors (issue 32): the proposal as it stood at an instant, folded from the events up
 * to that instant (never from today's read models), and what changed between two instants, field by field, with
 * who did it. Pure: the streams' own `evolve` functions are passed in (`HistoryFolds`), so this file imports no
 * module and no framework.
 *
 * Streams of one proposal: `proposal-<pk>` (fields, members, status, management decision), `questionary-<id>` (its
 * answers, and those of each sub-template item, sample, technical review and FAP review), `generic-template-<id>`
 * (the sub-template items), `sample-<id>` (the samples), `proposal-assessment-<pk>` (technical reviews),
 * `internal-review-<id>` (the internal reviews of its technical reviews, folded here from the contracts' events),
 * `fap-proposal-<pk>` (FAP reviews, grades, decisions), `legacy-event-log-proposal-<pk>` (the rows of the log of
 * the system it was imported from, issue 40).
 */
import {
  LEGACY_EVENT_LOGGED,
  type LegacyEventLoggedData,
  INTERNAL_REVIEW_CREATED,
  INTERNAL_REVIEW_DELETED,
  INTERNAL_REVIEW_STREAM,
  INTERNAL_REVIEW_UPDATED,
  type InternalReviewDeletedData,
  type InternalReviewUpdatedData,
} from '@user-office/contracts';

/** One stored event, as the history reads it. */
export interface HistoryEvent {
  position: number;
  streamId: string;
  type: string;
  data: unknown;
  metadata: { actorId: number | null; impersonatorId: number | null };
  createdAt: Date;
}

export interface StreamFold<S> {
  initial: S;
  evolve(state: S, event: { type: string; data: unknown }): S;
}

/** What the history reads of each stream's state (the modules' states have at least these fields). */
export interface ProposalView {
  status: 'none' | 'active' | 'deleted';
  proposalId: string;
  title: string;
  abstract: string;
  proposerId: number;
  userIds: readonly number[];
  questionaryId: number;
  statusId: number;
  submitted: boolean;
  finalStatus: string;
  commentForUser: string;
  commentForManagement: string;
  managementTimeAllocations: readonly unknown[];
  managementDecisionSubmitted: boolean;
  notified: boolean;
}
export interface QuestionaryView {
  templateId: number;
  answers: Readonly<Record<string, unknown>>;
}
export interface GenericTemplateView {
  status: 'none' | 'active' | 'deleted';
  genericTemplateId: number;
  title: string;
  questionId: string;
  questionaryId: number;
}
export interface SampleView {
  status: 'none' | 'active' | 'deleted';
  sampleId: number;
  title: string;
  questionId: string;
  questionaryId: number;
  isPostProposalSubmission: boolean;
  safetyStatus: string;
  safetyComment: string;
}
export interface AssessmentView {
  reviews: readonly {
    technicalReviewId: number;
    instrumentId: number;
    status: string | null;
    timeAllocation: number | null;
    comment: string | null;
    publicComment: string | null;
    submitted: boolean;
    reviewerId: number | null;
    questionaryId: number | null;
  }[];
}
export interface FapProposalView {
  reviews: readonly {
    reviewId: number;
    fapId: number;
    userId: number;
    grade: number | null;
    comment: string | null;
    status: string;
    questionaryId: number | null;
    /** the conflicts' reasons accepted on assignment, and why (null: none overridden) */
    conflicts: readonly string[];
    overrideReason: string | null;
  }[];
  decisions: readonly {
    instrumentId: number;
    fapId: number;
    recommendation: string | null;
    commentForUser: string | null;
    commentForManagement: string | null;
    rankOrder: number | null;
    submitted: boolean;
  }[];
}

export interface HistoryFolds {
  proposal: StreamFold<ProposalView>;
  questionary: StreamFold<QuestionaryView>;
  genericTemplate: StreamFold<GenericTemplateView>;
  sample: StreamFold<SampleView>;
  assessment: StreamFold<AssessmentView>;
  fapProposal: StreamFold<FapProposalView>;
}

/** An internal review of one of the proposal's technical reviews (`internal-review-<id>`). */
export interface InternalReviewView {
  internalReviewId: number;
  technicalReviewId: number;
  title: string;
  comment: string | null;
  reviewerId: number;
  files: readonly string[];
}

/** The proposal's streams folded so far. */
export interface ProposalHistoryState {
  proposal: ProposalView;
  questionaries: ReadonlyMap<number, QuestionaryView>;
  genericTemplates: ReadonlyMap<number, GenericTemplateView>;
  samples: ReadonlyMap<number, SampleView>;
  /** the internal reviews of its technical reviews (deleted ones removed) */
  internalReviews: ReadonlyMap<number, InternalReviewView>;
  assessment: AssessmentView;
  fapProposal: FapProposalView;
  /** the imported system's log rows about it (LegacyEventLogged): event log id → `<type>: <description>` */
  legacyLog: ReadonlyMap<number, string>;
  /** events folded, and the time of the last */
  eventCount: number;
  lastEventAt: Date | null;
}

export function initialHistory(folds: HistoryFolds): ProposalHistoryState {
  return {
    proposal: folds.proposal.initial,
    questionaries: new Map(),
    genericTemplates: new Map(),
    samples: new Map(),
    internalReviews: new Map(),
    assessment: folds.assessment.initial,
    fapProposal: folds.fapProposal.initial,
    legacyLog: new Map(),
    eventCount: 0,
    lastEventAt: null,
  };
}

const idOf = (streamId: string, prefix: string): number | null =>
  streamId.startsWith(`${prefix}-`) ? Number(streamId.slice(prefix.length + 1)) : null;

/** one event of any of the proposal's streams */
export function evolveHistory(
  folds: HistoryFolds,
  state: ProposalHistoryState,
  event: HistoryEvent,
): ProposalHistoryState {
  const next = { ...state, eventCount: state.eventCount + 1, lastEventAt: event.createdAt };
  const { streamId } = event;
  if (event.type === LEGACY_EVENT_LOGGED) {
    const d = event.data as LegacyEventLoggedData;
    const legacyLog = new Map(state.legacyLog);
    legacyLog.set(d.eventLogId, d.description ? `${d.eventType}: ${d.description}` : d.eventType);
    return { ...next, legacyLog };
  }
  if (idOf(streamId, 'proposal-assessment') !== null)
    return { ...next, assessment: folds.assessment.evolve(state.assessment, event) };
  if (idOf(streamId, 'fap-proposal') !== null)
    return { ...next, fapProposal: folds.fapProposal.evolve(state.fapProposal, event) };
  if (idOf(streamId, 'proposal') !== null)
    return { ...next, proposal: folds.proposal.evolve(state.proposal, event) };
  const questionaryId = idOf(streamId, 'questionary');
  if (questionaryId !== null) {
    const questionaries = new Map(state.questionaries);
    const current = questionaries.get(questionaryId) ?? folds.questionary.initial;
    questionaries.set(questionaryId, folds.questionary.evolve(current, event));
    return { ...next, questionaries };
  }
  const itemId = idOf(streamId, 'generic-template');
  if (itemId !== null) {
    const items = new Map(state.genericTemplates);
    items.set(
      itemId,
      folds.genericTemplate.evolve(items.get(itemId) ?? folds.genericTemplate.initial, event),
    );
    return { ...next, genericTemplates: items };
  }
  const internalReviewId = idOf(streamId, INTERNAL_REVIEW_STREAM);
  if (internalReviewId !== null) return { ...next, internalReviews: evolveInternalReviews(state, event) };
  const sampleId = idOf(streamId, 'sample');
  if (sampleId !== null) {
    const samples = new Map(state.samples);
    samples.set(sampleId, folds.sample.evolve(samples.get(sampleId) ?? folds.sample.initial, event));
    return { ...next, samples };
  }
  return next;
}

/** an internal review's events: created and updated give the whole review, deleted removes it */
function evolveInternalReviews(
  state: ProposalHistoryState,
  event: HistoryEvent,
): ReadonlyMap<number, InternalReviewView> {
  const reviews = new Map(state.internalReviews);
  if (event.type === INTERNAL_REVIEW_CREATED || event.type === INTERNAL_REVIEW_UPDATED) {
    const d = event.data as InternalReviewUpdatedData;
    reviews.set(d.id, {
      internalReviewId: d.id,
      technicalReviewId: d.technicalReviewId,
      title: d.title,
      comment: d.comment,
      reviewerId: d.reviewerId,
      files: d.files,
    });
  } else if (event.type === INTERNAL_REVIEW_DELETED) {
    reviews.delete((event.data as InternalReviewDeletedData).id);
  }
  return reviews;
}

/** the events up to and including `at`, folded (events must be in global order) */
export function foldAsOf(
  folds: HistoryFolds,
  events: readonly HistoryEvent[],
  at: Date,
): ProposalHistoryState {
  let state = initialHistory(folds);
  for (const e of events) {
    if (e.createdAt.getTime() > at.getTime()) break;
    state = evolveHistory(folds, state, e);
  }
  return state;
}

/** the answers of a questionary as fields `<prefix>answer.<questionId>` (none when it has none yet) */
function answerFields(
  fields: Record<string, unknown>,
  prefix: string,
  questionary: QuestionaryView | undefined,
): void {
  for (const [questionId, value] of Object.entries(questionary?.answers ?? {}))
    fields[`${prefix}answer.${questionId}`] = value;
}

/**
 * The proposal as an auditor reads it: one entry per field (`title`, `status`, `answer.<questionId>`,
 * `subTemplate.<id>.answer.<questionId>`, `sample.<id>.answer.<questionId>`, `technicalReview.<id>.status`,
 * `technicalReview.<id>.answer.<questionId>`, `internalReview.<id>.comment`, `fapReview.<id>.grade`, `fapReview.<id>.answer.<questionId>`, …),
 * values as the events gave them. Absent fields are absent (not null), so a diff sees them appear.
 */
export function historyFields(state: ProposalHistoryState): Record<string, unknown> {
  const p = state.proposal;
  const fields: Record<string, unknown> = {};
  if (p.status === 'none') return fields;
  Object.assign(fields, {
    proposalId: p.proposalId,
    title: p.title,
    abstract: p.abstract,
    principalInvestigator: p.proposerId,
    coProposers: [...p.userIds],
    status: p.statusId,
    submitted: p.submitted,
    deleted: p.status === 'deleted',
    finalStatus: p.finalStatus,
    commentForUser: p.commentForUser,
    commentForManagement: p.commentForManagement,
    managementTimeAllocations: p.managementTimeAllocations,
    managementDecisionSubmitted: p.managementDecisionSubmitted,
    notified: p.notified,
  });
  answerFields(fields, '', state.questionaries.get(p.questionaryId));
  for (const item of [...state.genericTemplates.values()].sort(
    (a, b) => a.genericTemplateId - b.genericTemplateId,
  )) {
    if (item.status !== 'active') continue;
    const key = `subTemplate.${item.genericTemplateId}`;
    fields[`${key}.title`] = item.title;
    fields[`${key}.question`] = item.questionId;
    answerFields(fields, `${key}.`, state.questionaries.get(item.questionaryId));
  }
  for (const sample of [...state.samples.values()].sort((a, b) => a.sampleId - b.sampleId)) {
    if (sample.status !== 'active') continue;
    const key = `sample.${sample.sampleId}`;
    Object.assign(fields, {
      [`${key}.title`]: sample.title,
      [`${key}.question`]: sample.questionId,
      [`${key}.postSubmission`]: sample.isPostProposalSubmission,
      [`${key}.safetyStatus`]: sample.safetyStatus,
      [`${key}.safetyComment`]: sample.safetyComment,
    });
    answerFields(fields, `${key}.`, state.questionaries.get(sample.questionaryId));
  }
  for (const r of state.assessment.reviews) {
    const key = `technicalReview.${r.technicalReviewId}`;
    Object.assign(fields, {
      [`${key}.instrument`]: r.instrumentId,
      [`${key}.status`]: r.status,
      [`${key}.timeAllocation`]: r.timeAllocation,
      [`${key}.comment`]: r.comment,
      [`${key}.publicComment`]: r.publicComment,
      [`${key}.submitted`]: r.submitted,
      [`${key}.reviewer`]: r.reviewerId,
    });
    if (r.questionaryId !== null) answerFields(fields, `${key}.`, state.questionaries.get(r.questionaryId));
  }
  for (const r of [...state.internalReviews.values()].sort(
    (a, b) => a.internalReviewId - b.internalReviewId,
  )) {
    const key = `internalReview.${r.internalReviewId}`;
    Object.assign(fields, {
      [`${key}.technicalReview`]: r.technicalReviewId,
      [`${key}.title`]: r.title,
      [`${key}.comment`]: r.comment,
      [`${key}.reviewer`]: r.reviewerId,
      [`${key}.files`]: [...r.files],
    });
  }
  for (const r of state.fapProposal.reviews) {
    const key = `fapReview.${r.reviewId}`;
    Object.assign(fields, {
      [`${key}.fap`]: r.fapId,
      [`${key}.reviewer`]: r.userId,
      [`${key}.grade`]: r.grade,
      [`${key}.comment`]: r.comment,
      [`${key}.status`]: r.status,
    });
    // a reviewer assigned despite a conflict of interest: the conflicts and the reason given (issue 38)
    if (r.overrideReason !== null)
      Object.assign(fields, {
        [`${key}.conflicts`]: [...r.conflicts],
        [`${key}.overrideReason`]: r.overrideReason,
      });
    if (r.questionaryId !== null) answerFields(fields, `${key}.`, state.questionaries.get(r.questionaryId));
  }
  for (const d of state.fapProposal.decisions) {
    const key = `fapDecision.${d.fapId}.${d.instrumentId}`;
    Object.assign(fields, {
      [`${key}.recommendation`]: d.recommendation,
      [`${key}.commentForUser`]: d.commentForUser,
      [`${key}.commentForManagement`]: d.commentForManagement,
      [`${key}.rankOrder`]: d.rankOrder,
      [`${key}.submitted`]: d.submitted,
    });
  }
  // what the log of the system it was imported from recorded about it, one field per row (issue 40)
  for (const [id, text] of [...state.legacyLog].sort((a, b) => a[0] - b[0])) fields[`legacyLog.${id}`] = text;
  return fields;
}

/** One change of one field, by one event. */
export interface FieldChange {
  position: number;
  at: Date;
  eventType: string;
  changedById: number | null;
  impersonatedById: number | null;
  field: string;
  /** undefined: the field did not exist before (or no longer exists after) */
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed after `from` up to and including `to`: each event in between, the fields it changed (before →
 * after), who made it and who impersonated them. Events that changed no field of the view are left out.
 */
export function changesBetween(
  folds: HistoryFolds,
  events: readonly HistoryEvent[],
  from: Date,
  to: Date,
): FieldChange[] {
  let state = initialHistory(folds);
  let fields: Record<string, unknown> | null = null;
  const changes: FieldChange[] = [];
  for (const e of events) {
    const t = e.createdAt.getTime();
    if (t > to.getTime()) break;
    if (t <= from.getTime()) {
      state = evolveHistory(folds, state, e);
      continue;
    }
    fields ??= historyFields(state); // the view at `from`
    state = evolveHistory(folds, state, e);
    const after = historyFields(state);
    for (const field of new Set([...Object.keys(fields), ...Object.keys(after)])) {
      if (same(fields[field], after[field])) continue;
      changes.push({
        position: e.position,
        at: e.createdAt,
        eventType: e.type,
        changedById: e.metadata.actorId ?? null,
        impersonatedById: e.metadata.impersonatorId ?? null,
        field,
        before: fields[field],
        after: after[field],
      });
    }
    fields = after;
  }
  return changes;
}
