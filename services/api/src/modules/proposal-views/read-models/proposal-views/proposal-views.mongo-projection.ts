import { Inject, Injectable } from '@nestjs/common';
import {
  CALL_CREATED,
  CALL_UPDATED,
  FAP_CREATED,
  FAP_UPDATED,
  INSTRUMENT_UPDATED,
  PROPOSAL_CREATED,
  PROPOSAL_DELETED,
  PROPOSAL_FAPS_ASSIGNED,
  PROPOSAL_INSTRUMENTS_ASSIGNED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_NOTIFIED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  PROPOSAL_TECHNIQUES_ASSIGNED,
  PROPOSAL_UPDATED,
  QUESTIONARY_ANSWERS_COPIED,
  STATUS_CREATED,
  STATUS_UPDATED,
  TECHNICAL_REVIEW_ASSIGNEE_CHANGED,
  TECHNICAL_REVIEW_SAVED,
  TECHNICAL_REVIEW_SUBMITTED,
  TECHNIQUE_UPDATED,
  TOPIC_ANSWERED,
  TechnicalReviewStatus,
  USER_CREATED,
  USER_UPDATED,
  type AnswerData,
  type ProposalEndStatus,
} from '@user-office/contracts';
import type { AnyBulkWriteOperation, Collection, Document, Filter } from 'mongodb';
import type { SqlClient } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import {
  RegisterMongoProjection,
  type MongoCollectionSpec,
  type MongoCollections,
  type MongoDoc,
  type MongoProjection,
} from '../../../../platform/read-models-mongo/mongo-projection';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { ProposalViewModel } from './proposal-view.model';
import { PROPOSAL_VIEWS_PROJECTION, ProposalViewsProjection } from './proposal-views.projection';

/** an embedded technical review (the relational projection's proposal_view_reviews row) */
interface EmbeddedReview {
  id: number;
  instrumentId: number;
  status: string | null;
  timeAllocation: number | null;
  submitted: boolean;
  assigneeId: number | null;
}

/**
 * One proposal of the staff table in MongoDB: the relational row's columns in camelCase, the technical reviews
 * embedded, and what MongoDB's queries need beside them: `search` (the words of the reference, title and PI, as
 * PostgreSQL's `simple` text search splits them), `dateKey` (submitted, else created), `sampleKey` (the estimated
 * count's sample) and `n_<field>` for each nullable sort column (1 when null: PostgreSQL sorts nulls last going up).
 */
export interface ProposalViewDocument {
  _id: number;
  proposalId: string;
  title: string;
  piId: number;
  piFirstname: string | null;
  piLastname: string | null;
  piPreferredname: string | null;
  piEmail: string | null;
  submitted: boolean;
  submittedDate: Date | null;
  statusId: number;
  statusName: string | null;
  notified: boolean;
  callId: number;
  callShortCode: string | null;
  allocationTimeUnit: string | null;
  finalStatus: ProposalEndStatus;
  questionaryId: number;
  created: Date;
  instrumentIds: number[];
  instruments: ProposalViewModel['instruments'];
  instrumentSort: string | null;
  techniqueIds: number[];
  techniques: ProposalViewModel['techniques'];
  reviews: EmbeddedReview[];
  technicalReviews: ProposalViewModel['technicalReviews'];
  reviewAssigneeIds: number[];
  reviewStatus: string | null;
  reviewTimeAllocation: number | null;
  reviewAssignee: string | null;
  fapIds: number[];
  faps: string[];
  fapInstruments: ProposalViewModel['fapInstruments'];
  search: string[];
  dateKey: Date;
  sampleKey: number;
  [nullFlag: `n_${string}`]: number;
  _pos: number;
}

/** the names copied into the rows (users, calls, statuses, FAPs) */
interface LookupDocument {
  _id: string;
  firstname?: string | null;
  lastname?: string | null;
  preferredname?: string | null;
  email?: string | null;
  shortCode?: string;
  allocationTimeUnit?: string | null;
  name?: string;
  code?: string;
  _pos: number;
}

/**
 * One answer of a questionary, with the forms the question filter compares: `num` (a NUMBER_INPUT's value),
 * `min`/`max` (an INTERVAL's), `date` (a DATE's), `bool`, `str`, `isArray`, beside the answer itself.
 */
export interface AnswerDocument {
  _id: string;
  q: number;
  k: string;
  value: unknown;
  num?: number;
  min?: number;
  max?: number;
  date?: Date;
  bool?: boolean;
  str?: string;
  scalar?: number;
  isArray?: boolean;
  _pos: number;
}

export interface CountDocument {
  _id: string;
  callId: number;
  statusId: number;
  n: number;
}

/** the sort columns that may be null, by document field */
export const NULLABLE_SORTS: readonly string[] = [
  'statusName',
  'callShortCode',
  'submittedDate',
  'piLastname',
  'instrumentSort',
  'reviewStatus',
  'reviewTimeAllocation',
  'reviewAssignee',
];

/** PostgreSQL's hashint4 (Bob Jenkins' hash_uint32): the same sample on both stores */
export function hashInt4(k: number): number {
  const rot = (x: number, s: number) => ((x << s) | (x >>> (32 - s))) >>> 0;
  let a = (0x9e3779b9 + 4 + 3923095) >>> 0;
  let b = a;
  let c = a;
  a = (a + (k >>> 0)) >>> 0;
  c = ((c ^ b) >>> 0) - rot(b, 14);
  c >>>= 0;
  a = ((a ^ c) >>> 0) - rot(c, 11);
  a >>>= 0;
  b = ((b ^ a) >>> 0) - rot(a, 25);
  b >>>= 0;
  c = ((c ^ b) >>> 0) - rot(b, 16);
  c >>>= 0;
  a = ((a ^ c) >>> 0) - rot(c, 4);
  a >>>= 0;
  b = ((b ^ a) >>> 0) - rot(a, 14);
  b >>>= 0;
  c = ((c ^ b) >>> 0) - rot(b, 24);
  return c | 0;
}

export const sampleKeyOf = (proposalPk: number): number => hashInt4(proposalPk) & 0x7fffffff;

/** the answer's forms the question filter compares (see AnswerDocument) */
export function answerForms(value: unknown): Omit<AnswerDocument, '_id' | 'q' | 'k' | '_pos' | 'value'> {
  const forms: Omit<AnswerDocument, '_id' | 'q' | 'k' | '_pos' | 'value'> = {};
  if (Array.isArray(value)) forms.isArray = true;
  else if (typeof value === 'boolean') forms.bool = value;
  else if (typeof value === 'number') forms.scalar = value;
  else if (typeof value === 'string') {
    forms.str = value;
    const time = Date.parse(value);
    if (!Number.isNaN(time)) forms.date = new Date(time);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.value === 'number') forms.num = o.value;
    if (typeof o.min === 'number') forms.min = o.min;
    if (typeof o.max === 'number') forms.max = o.max;
  }
  return forms;
}

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The staff proposals table in MongoDB (READ_MODELS_MONGO_URL), replacing ProposalViewsProjection: the same rows
 * from the same events, folded in memory per batch. A batch loads the documents its events touch (a proposal's
 * own events by key; a rename of a user, call, status, instrument, technique or FAP the proposals showing it, by an
 * index), applies each event to each document whose `_pos` is before it, and writes each changed document whole,
 * only if nobody changed it since it was loaded. The questionary answers the question filter reads are projected
 * beside them; the counts per call and status are counted again for the pairs a batch touched (absolute values,
 * so a replay writes the same).
 */
@Injectable()
@RegisterMongoProjection()
export class ProposalViewsMongoProjection implements MongoProjection {
  readonly name = PROPOSAL_VIEWS_PROJECTION;
  readonly version = 1;
  readonly eventTypes: readonly string[] = [
    ...new ProposalViewsProjection().eventTypes,
    TOPIC_ANSWERED,
    QUESTIONARY_ANSWERS_COPIED,
  ];
  readonly collections: readonly MongoCollectionSpec[] = [
    {
      name: 'proposal_views',
      indexes: [
        { key: { callId: 1, _id: -1 }, name: 'call' },
        { key: { statusId: 1, _id: -1 }, name: 'status' },
        { key: { piId: 1 }, name: 'pi' },
        { key: { title: 1, _id: 1 }, name: 'title' },
        { key: { proposalId: 1, _id: 1 }, name: 'proposal_id' },
        { key: { questionaryId: 1 }, name: 'questionary' },
        { key: { created: 1, _id: 1 }, name: 'created' },
        { key: { finalStatus: 1, _id: 1 }, name: 'final_status' },
        { key: { dateKey: 1 }, name: 'date' },
        { key: { search: 1 }, name: 'search' },
        { key: { instrumentIds: 1, _id: -1 }, name: 'instrument_ids' },
        { key: { techniqueIds: 1 }, name: 'technique_ids' },
        { key: { reviewAssigneeIds: 1 }, name: 'review_assignees' },
        { key: { fapIds: 1 }, name: 'fap_ids' },
        { key: { sampleKey: 1 }, name: 'sample' },
        ...NULLABLE_SORTS.map((f) => ({ key: { [`n_${f}`]: 1, [f]: 1, _id: 1 }, name: `sort_${f}` })),
      ],
    },
    {
      name: 'proposal_view_answers',
      indexes: [
        { key: { k: 1, num: 1 }, name: 'number' },
        { key: { k: 1, min: 1 }, name: 'interval_min' },
        { key: { k: 1, max: 1 }, name: 'interval_max' },
        { key: { k: 1, date: 1 }, name: 'date' },
        { key: { k: 1, value: 1 }, name: 'value' },
        { key: { q: 1 }, name: 'questionary' },
      ],
    },
    { name: 'proposal_view_counts', indexes: [] },
    { name: 'proposal_view_lookups', indexes: [] },
  ];

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async applyBatch(collections: MongoCollections, events: readonly StoredEvent[]): Promise<void> {
    const batch = new Batch(collections);
    await batch.prefetch(events);
    for (const event of events) await batch.apply(event);
    await batch.flush(this.sql);
  }

  comparable(_logical: string, doc: Document): Document {
    return doc;
  }
}

type ViewEntry = { doc: ProposalViewDocument | null; loadedPos: number | null; dirty: boolean };

/** the documents one batch touches, loaded once, changed in memory, written at the end */
class Batch {
  private readonly views = new Map<number, ViewEntry>();
  private readonly lookups = new Map<string, { doc: LookupDocument | null; dirty: boolean }>();
  private readonly answers = new Map<string, { doc: AnswerDocument | null; dirty: boolean }>();
  private readonly touchedCounts = new Map<string, { callId: number; statusId: number }>();

  constructor(private readonly c: MongoCollections) {}

  /** the documents the batch's events name, read in three queries instead of one per event */
  async prefetch(events: readonly StoredEvent[]): Promise<void> {
    const pks = new Set<number>();
    const lookups = new Set<string>();
    const answers = new Set<string>();
    for (const e of events) {
      const d = e.data as {
        proposalPk?: number;
        proposerId?: number;
        statusId?: number;
        callId?: number;
        questionaryId?: number;
        answers?: { questionId: string }[];
        removedQuestionIds?: string[];
      };
      if (typeof d.proposalPk === 'number') pks.add(d.proposalPk);
      if (typeof d.proposerId === 'number') lookups.add(`user:${d.proposerId}`);
      if (typeof d.statusId === 'number') lookups.add(`status:${d.statusId}`);
      if (typeof d.callId === 'number') lookups.add(`call:${d.callId}`);
      if (typeof d.questionaryId === 'number')
        for (const k of [...(d.answers ?? []).map((a) => a.questionId), ...(d.removedQuestionIds ?? [])])
          answers.add(`${d.questionaryId}:${k}`);
    }
    const [views, found, given] = await Promise.all([
      pks.size > 0 ? this.viewsCollection.find({ _id: { $in: [...pks] } }).toArray() : [],
      lookups.size > 0 ? this.c.proposal_view_lookups.find({ _id: { $in: [...lookups] } }).toArray() : [],
      answers.size > 0 ? this.c.proposal_view_answers.find({ _id: { $in: [...answers] } }).toArray() : [],
    ]);
    const viewsById = new Map(views.map((v) => [v._id, v]));
    for (const pk of pks) {
      const doc = viewsById.get(pk) ?? null;
      this.views.set(pk, { doc, loadedPos: doc?._pos ?? null, dirty: false });
    }
    const lookupsById = new Map(found.map((l) => [l._id, l as unknown as LookupDocument]));
    for (const key of lookups) this.lookups.set(key, { doc: lookupsById.get(key) ?? null, dirty: false });
    const answersById = new Map(given.map((a) => [a._id, a as unknown as AnswerDocument]));
    for (const key of answers) this.answers.set(key, { doc: answersById.get(key) ?? null, dirty: false });
  }

  private get viewsCollection(): Collection<ProposalViewDocument> {
    return this.c.proposal_views as unknown as Collection<ProposalViewDocument>;
  }

  private async view(pk: number): Promise<ViewEntry> {
    let entry = this.views.get(pk);
    if (!entry) {
      const doc = await this.viewsCollection.findOne({ _id: pk });
      entry = { doc, loadedPos: doc?._pos ?? null, dirty: false };
      this.views.set(pk, entry);
    }
    return entry;
  }

  /** the proposals matching `filter` (on the stored documents) and `inMemory` (on the loaded ones) */
  private async viewsWhere(
    filter: Filter<ProposalViewDocument>,
    inMemory: (doc: ProposalViewDocument) => boolean,
  ): Promise<ViewEntry[]> {
    const loaded = [...this.views.keys()];
    const stored = await this.viewsCollection.find({ $and: [filter, { _id: { $nin: loaded } }] }).toArray();
    for (const doc of stored) this.views.set(doc._id, { doc, loadedPos: doc._pos, dirty: false });
    return [...this.views.values()].filter((e) => e.doc !== null && inMemory(e.doc));
  }

  private async lookup(key: string): Promise<LookupDocument | null> {
    let entry = this.lookups.get(key);
    if (!entry) {
      const doc = (await this.c.proposal_view_lookups.findOne({ _id: key })) as LookupDocument | null;
      entry = { doc, dirty: false };
      this.lookups.set(key, entry);
    }
    return entry.doc;
  }

  private setLookup(key: string, doc: LookupDocument): void {
    this.lookups.set(key, { doc, dirty: true });
  }

  private touchCount(callId: number, statusId: number): void {
    this.touchedCounts.set(`${callId}:${statusId}`, { callId, statusId });
  }

  /** applies `change` to each entry whose document is before `position` */
  private change(entries: ViewEntry[], position: number, change: (doc: ProposalViewDocument) => void): void {
    for (const entry of entries) {
      if (!entry.doc || entry.doc._pos >= position) continue;
      change(entry.doc);
      entry.doc._pos = position;
      entry.dirty = true;
    }
  }

  async apply(event: StoredEvent): Promise<void> {
    const p = event.position;
    const d = event.data as Record<string, unknown> & { proposalPk: number };
    switch (event.type) {
      case USER_CREATED: {
        const u = event.data as {
          id: number;
          firstname: string | null;
          lastname: string | null;
          preferredname: string | null;
          email: string | null;
        };
        const key = `user:${u.id}`;
        const old = await this.lookup(key);
        if (!old || old._pos < p)
          this.setLookup(key, {
            _id: key,
            firstname: u.firstname,
            lastname: u.lastname,
            preferredname: u.preferredname,
            email: u.email,
            _pos: p,
          });
        return;
      }
      case USER_UPDATED: {
        const u = event.data as {
          id: number;
          changes: {
            firstname?: string | null;
            lastname?: string | null;
            preferredname?: string | null;
            email?: string | null;
          };
        };
        const c = u.changes;
        if (
          c.firstname === undefined &&
          c.lastname === undefined &&
          c.preferredname === undefined &&
          c.email === undefined
        )
          return;
        const key = `user:${u.id}`;
        const old = await this.lookup(key);
        if (!old) return;
        if (old._pos < p)
          this.setLookup(key, {
            ...old,
            firstname: c.firstname ?? old.firstname,
            lastname: c.lastname ?? old.lastname,
            preferredname: c.preferredname !== undefined ? c.preferredname : old.preferredname,
            email: c.email ?? old.email,
            _pos: p,
          });
        const user = (await this.lookup(key)) as LookupDocument;
        const pis = await this.viewsWhere({ piId: u.id }, (doc) => doc.piId === u.id);
        this.change(pis, p, (doc) => setPi(doc, user));
        const reviewed = await this.viewsWhere({ reviewAssigneeIds: u.id }, (doc) =>
          doc.reviewAssigneeIds.includes(u.id),
        );
        const names = await this.reviewerNames(reviewed);
        this.change(reviewed, p, (doc) => refreshReviews(doc, names));
        return;
      }
      case STATUS_CREATED:
      case STATUS_UPDATED: {
        const s = event.data as { statusId: number; name: string };
        const key = `status:${s.statusId}`;
        const old = await this.lookup(key);
        if (!old || old._pos < p) this.setLookup(key, { _id: key, name: s.name, _pos: p });
        if (event.type === STATUS_UPDATED) {
          const rows = await this.viewsWhere({ statusId: s.statusId }, (doc) => doc.statusId === s.statusId);
          this.change(rows, p, (doc) => {
            doc.statusName = s.name;
            setNullFlags(doc);
          });
        }
        return;
      }
      case CALL_CREATED:
      case CALL_UPDATED: {
        const c = event.data as { callId: number; shortCode: string; allocationTimeUnit: string | null };
        const key = `call:${c.callId}`;
        const old = await this.lookup(key);
        if (!old || old._pos < p)
          this.setLookup(key, {
            _id: key,
            shortCode: c.shortCode,
            allocationTimeUnit: c.allocationTimeUnit,
            _pos: p,
          });
        if (event.type === CALL_UPDATED) {
          const rows = await this.viewsWhere({ callId: c.callId }, (doc) => doc.callId === c.callId);
          this.change(rows, p, (doc) => {
            doc.callShortCode = c.shortCode;
            doc.allocationTimeUnit = c.allocationTimeUnit;
            setNullFlags(doc);
          });
        }
        return;
      }
      case FAP_CREATED:
      case FAP_UPDATED: {
        const f = event.data as { id: number; code: string };
        const key = `fap:${f.id}`;
        const old = await this.lookup(key);
        if (!old || old._pos < p) this.setLookup(key, { _id: key, code: f.code, _pos: p });
        if (event.type === FAP_UPDATED) {
          const rows = await this.viewsWhere({ fapIds: f.id }, (doc) => doc.fapIds.includes(f.id));
          const codes = await this.fapCodes(rows.flatMap((r) => r.doc?.fapIds ?? []));
          this.change(rows, p, (doc) => {
            doc.faps = doc.fapIds.flatMap((id) => (codes.has(id) ? [codes.get(id) as string] : []));
          });
        }
        return;
      }
      case PROPOSAL_FAPS_ASSIGNED: {
        const a = event.data as { proposalPk: number; faps: { fapId: number; instrumentId: number }[] };
        const ids = [...new Set(a.faps.map((f) => f.fapId))];
        const codes = await this.fapCodes(ids);
        this.change([await this.view(a.proposalPk)], p, (doc) => {
          doc.fapIds = ids;
          doc.fapInstruments = a.faps.map((f) => ({ instrumentId: f.instrumentId, fapId: f.fapId }));
          doc.faps = ids.flatMap((id) => (codes.has(id) ? [codes.get(id) as string] : []));
        });
        return;
      }
      case INSTRUMENT_UPDATED: {
        const i = event.data as { id: number; name: string; shortCode: string };
        const rows = await this.viewsWhere({ instrumentIds: i.id }, (doc) =>
          doc.instrumentIds.includes(i.id),
        );
        this.change(rows, p, (doc) => {
          doc.instruments = doc.instruments.map((x) =>
            x.id === i.id ? { id: i.id, name: i.name, shortCode: i.shortCode } : x,
          );
          const names = doc.instruments.map((x) => x.name).sort(byteOrder);
          doc.instrumentSort = names.length > 0 ? names.join(', ') : null;
          setNullFlags(doc);
        });
        return;
      }
      case TECHNIQUE_UPDATED: {
        const t = event.data as { id: number; name: string };
        const rows = await this.viewsWhere({ techniqueIds: t.id }, (doc) => doc.techniqueIds.includes(t.id));
        this.change(rows, p, (doc) => {
          doc.techniques = doc.techniques.map((x) => (x.id === t.id ? { id: t.id, name: t.name } : x));
        });
        return;
      }
      case PROPOSAL_INSTRUMENTS_ASSIGNED: {
        const a = event.data as {
          proposalPk: number;
          instruments: { id: number; name: string; shortCode: string }[];
          createdReviews: {
            technicalReviewId: number;
            instrumentId: number;
            technicalReviewAssigneeId: number | null;
          }[];
          deletedReviewIds: number[];
        };
        const entry = await this.view(a.proposalPk);
        const names = await this.reviewerNames(
          [entry],
          a.createdReviews.map((r) => r.technicalReviewAssigneeId),
        );
        this.change([entry], p, (doc) => {
          const sorted = a.instruments.map((i) => i.name).sort((x, y) => x.localeCompare(y));
          doc.instrumentIds = a.instruments.map((i) => i.id);
          doc.instruments = a.instruments as ProposalViewModel['instruments'];
          doc.instrumentSort = sorted.length ? sorted.join(', ') : null;
          doc.reviews = doc.reviews.filter((r) => !a.deletedReviewIds.includes(r.id));
          for (const s of a.createdReviews)
            if (!doc.reviews.some((r) => r.id === s.technicalReviewId))
              doc.reviews.push({
                id: s.technicalReviewId,
                instrumentId: s.instrumentId,
                status: TechnicalReviewStatus.UNFEASIBLE,
                timeAllocation: null,
                submitted: false,
                assigneeId: s.technicalReviewAssigneeId ?? null,
              });
          refreshReviews(doc, names);
        });
        return;
      }
      case PROPOSAL_TECHNIQUES_ASSIGNED: {
        const a = event.data as { proposalPk: number; techniques: { id: number; name: string }[] };
        this.change([await this.view(a.proposalPk)], p, (doc) => {
          doc.techniqueIds = a.techniques.map((x) => x.id);
          doc.techniques = a.techniques.map((x) => ({ id: x.id, name: x.name }));
        });
        return;
      }
      case TECHNICAL_REVIEW_SAVED:
      case TECHNICAL_REVIEW_SUBMITTED:
      case TECHNICAL_REVIEW_ASSIGNEE_CHANGED: {
        const r = event.data as {
          proposalPk: number;
          technicalReviewId: number;
          status?: string | null;
          timeAllocation?: number | null;
          submitted?: boolean;
          technicalReviewAssigneeId?: number | null;
        };
        const entry = await this.view(r.proposalPk);
        const names = await this.reviewerNames([entry], [r.technicalReviewAssigneeId ?? null]);
        this.change([entry], p, (doc) => {
          const review = doc.reviews.find((x) => x.id === r.technicalReviewId);
          if (review) {
            if (event.type === TECHNICAL_REVIEW_SAVED) {
              review.status = r.status ?? null;
              review.timeAllocation = r.timeAllocation ?? null;
              review.submitted = r.submitted ?? false;
            } else if (event.type === TECHNICAL_REVIEW_SUBMITTED) {
              review.submitted = true;
            } else {
              review.assigneeId = r.technicalReviewAssigneeId ?? null;
            }
          }
          refreshReviews(doc, names);
        });
        return;
      }
      case TOPIC_ANSWERED:
      case QUESTIONARY_ANSWERS_COPIED: {
        const a = event.data as {
          questionaryId: number;
          answers: AnswerData[];
          removedQuestionIds?: string[];
        };
        for (const questionId of a.removedQuestionIds ?? []) {
          const key = `${a.questionaryId}:${questionId}`;
          const old = await this.answer(key);
          if (old && old._pos < p) this.answers.set(key, { doc: null, dirty: true });
        }
        for (const answer of a.answers) {
          const key = `${a.questionaryId}:${answer.questionId}`;
          const old = await this.answer(key);
          if (old && old._pos >= p) continue;
          const value = answer.value ?? null;
          this.answers.set(key, {
            doc: {
              _id: key,
              q: a.questionaryId,
              k: answer.questionId,
              value,
              ...answerForms(value),
              _pos: p,
            },
            dirty: true,
          });
        }
        return;
      }
      case PROPOSAL_CREATED: {
        const entry = await this.view(d.proposalPk);
        if (entry.doc) return; // already there (a replay): its _pos is at or after this event
        const c = event.data as {
          proposalPk: number;
          proposalId: string;
          title: string;
          proposerId: number;
          statusId: number;
          callId: number;
          questionaryId: number;
        };
        const [user, status, call] = await Promise.all([
          this.lookup(`user:${c.proposerId}`),
          this.lookup(`status:${c.statusId}`),
          this.lookup(`call:${c.callId}`),
        ]);
        const doc: ProposalViewDocument = {
          _id: c.proposalPk,
          proposalId: c.proposalId,
          title: c.title,
          piId: c.proposerId,
          piFirstname: null,
          piLastname: null,
          piPreferredname: null,
          piEmail: null,
          submitted: false,
          submittedDate: null,
          statusId: c.statusId,
          statusName: status?.name ?? null,
          notified: false,
          callId: c.callId,
          callShortCode: call?.shortCode ?? null,
          allocationTimeUnit: call?.allocationTimeUnit ?? null,
          finalStatus: 'UNSET' as ProposalEndStatus,
          questionaryId: c.questionaryId,
          created: new Date(event.createdAt),
          instrumentIds: [],
          instruments: [],
          instrumentSort: null,
          techniqueIds: [],
          techniques: [],
          reviews: [],
          technicalReviews: [],
          reviewAssigneeIds: [],
          reviewStatus: null,
          reviewTimeAllocation: null,
          reviewAssignee: null,
          fapIds: [],
          faps: [],
          fapInstruments: [],
          search: [],
          dateKey: new Date(event.createdAt),
          sampleKey: sampleKeyOf(c.proposalPk),
          _pos: p,
        };
        setPi(doc, user);
        entry.doc = doc;
        entry.dirty = true;
        this.touchCount(c.callId, c.statusId);
        return;
      }
      case PROPOSAL_DELETED: {
        const entry = await this.view(d.proposalPk);
        if (!entry.doc || entry.doc._pos >= p) return;
        this.touchCount(entry.doc.callId, entry.doc.statusId);
        entry.doc = null;
        entry.dirty = true;
        return;
      }
      case PROPOSAL_STATUS_CHANGED: {
        const s = event.data as { proposalPk: number; statusId: number };
        const status = await this.lookup(`status:${s.statusId}`);
        this.change([await this.view(s.proposalPk)], p, (doc) => {
          this.touchCount(doc.callId, doc.statusId);
          this.touchCount(doc.callId, s.statusId);
          doc.statusId = s.statusId;
          doc.statusName = status?.name ?? null;
          setNullFlags(doc);
        });
        return;
      }
      case PROPOSAL_UPDATED: {
        const u = event.data as { proposalPk: number; title: string; proposerId: number };
        const user = await this.lookup(`user:${u.proposerId}`);
        this.change([await this.view(u.proposalPk)], p, (doc) => {
          doc.title = u.title;
          doc.piId = u.proposerId;
          setPi(doc, user);
        });
        return;
      }
      case PROPOSAL_SUBMITTED: {
        const s = event.data as { proposalPk: number; submittedAt: string; proposalId: string };
        this.change([await this.view(s.proposalPk)], p, (doc) => {
          doc.submitted = true;
          doc.submittedDate = new Date(s.submittedAt);
          doc.proposalId = s.proposalId;
          doc.dateKey = doc.submittedDate;
          setNullFlags(doc);
        });
        return;
      }
      case PROPOSAL_MANAGEMENT_DECISION_UPDATED: {
        const m = event.data as { proposalPk: number; finalStatus: ProposalEndStatus };
        this.change([await this.view(m.proposalPk)], p, (doc) => {
          doc.finalStatus = m.finalStatus;
        });
        return;
      }
      case PROPOSAL_NOTIFIED:
        this.change([await this.view(d.proposalPk)], p, (doc) => {
          doc.notified = true;
        });
        return;
    }
  }

  private async answer(key: string): Promise<AnswerDocument | null> {
    let entry = this.answers.get(key);
    if (!entry) {
      const doc = (await this.c.proposal_view_answers.findOne({ _id: key })) as AnswerDocument | null;
      entry = { doc, dirty: false };
      this.answers.set(key, entry);
    }
    return entry.doc;
  }

  private async fapCodes(ids: readonly number[]): Promise<Map<number, string>> {
    const codes = new Map<number, string>();
    for (const id of new Set(ids)) {
      const fap = await this.lookup(`fap:${id}`);
      if (fap?.code !== undefined) codes.set(id, fap.code);
    }
    return codes;
  }

  /** the names of the assignees of these proposals' reviews (and of `more`), as the lookups hold them now */
  private async reviewerNames(
    entries: ViewEntry[],
    more: readonly (number | null)[] = [],
  ): Promise<Map<number, LookupDocument | null>> {
    const ids = new Set<number>();
    for (const e of entries)
      for (const r of e.doc?.reviews ?? []) if (r.assigneeId !== null) ids.add(r.assigneeId);
    for (const id of more) if (id !== null && id !== undefined) ids.add(id);
    const names = new Map<number, LookupDocument | null>();
    for (const id of ids) names.set(id, await this.lookup(`user:${id}`));
    return names;
  }

  /** writes what changed: each document only if it is still as loaded (another projector may have been first) */
  async flush(sql: SqlClient): Promise<void> {
    const views: AnyBulkWriteOperation<ProposalViewDocument>[] = [];
    const changed = [...this.views.entries()].filter(([, e]) => e.dirty);
    const searched = changed.flatMap(([, e]) => (e.doc ? [e.doc] : []));
    await setSearch(sql, searched);
    for (const [pk, e] of changed) {
      if (!e.doc) {
        if (e.loadedPos !== null) views.push({ deleteOne: { filter: { _id: pk, _pos: e.loadedPos } } });
      } else if (e.loadedPos === null) {
        // a new document: inserted, and a duplicate key (another projector was first) ignored below. Not an upsert
        // with $setOnInsert: FerretDB 1.24 drops a $setOnInsert document's empty arrays and nulls
        views.push({ insertOne: { document: e.doc } });
      } else {
        views.push({ replaceOne: { filter: { _id: pk, _pos: e.loadedPos }, replacement: e.doc } });
      }
    }
    if (views.length > 0)
      await this.viewsCollection.bulkWrite(views, { ordered: false }).catch((error: unknown) => {
        if (!onlyDuplicateKeys(error)) throw error;
      });

    const lookups: AnyBulkWriteOperation<MongoDoc>[] = [];
    for (const [key, e] of this.lookups)
      if (e.dirty && e.doc)
        lookups.push({
          replaceOne: { filter: { _id: key }, replacement: e.doc as unknown as MongoDoc, upsert: true },
        });
    if (lookups.length > 0) await this.c.proposal_view_lookups.bulkWrite(lookups, { ordered: false });

    const answers: AnyBulkWriteOperation<MongoDoc>[] = [];
    for (const [key, e] of this.answers) {
      if (!e.dirty) continue;
      answers.push(
        e.doc
          ? { replaceOne: { filter: { _id: key }, replacement: e.doc as unknown as MongoDoc, upsert: true } }
          : { deleteOne: { filter: { _id: key } } },
      );
    }
    if (answers.length > 0) await this.c.proposal_view_answers.bulkWrite(answers, { ordered: false });

    // the counts of the pairs this batch touched, counted again (absolute: a replay writes the same numbers)
    const counts: AnyBulkWriteOperation<MongoDoc>[] = [];
    for (const [key, { callId, statusId }] of this.touchedCounts) {
      const n = await this.viewsCollection.countDocuments({ callId, statusId });
      counts.push({
        replaceOne: { filter: { _id: key }, replacement: { _id: key, callId, statusId, n }, upsert: true },
      });
    }
    if (counts.length > 0) await this.c.proposal_view_counts.bulkWrite(counts, { ordered: false });
  }
}

/** a bulk write whose only failures are inserts of documents that were there already */
function onlyDuplicateKeys(error: unknown): boolean {
  const e = error as { name?: string; writeErrors?: unknown };
  if (e?.name !== 'MongoBulkWriteError') return false;
  const errors = Array.isArray(e.writeErrors) ? e.writeErrors : Object.values(e.writeErrors ?? {});
  return errors.length > 0 && errors.every((w) => (w as { code?: number }).code === 11000);
}

function setPi(doc: ProposalViewDocument, user: LookupDocument | null): void {
  doc.piFirstname = user?.firstname ?? null;
  doc.piLastname = user?.lastname ?? null;
  doc.piPreferredname = user?.preferredname ?? null;
  doc.piEmail = user?.email ?? null;
  setNullFlags(doc);
}

/** the technical review columns from the embedded reviews and the assignees' names (refreshReviews in SQL) */
function refreshReviews(doc: ProposalViewDocument, names: Map<number, LookupDocument | null>): void {
  const reviews = [...doc.reviews].sort((a, b) => a.id - b.id);
  doc.reviews = reviews;
  doc.technicalReviews = reviews.map((r) => {
    const u = r.assigneeId === null ? null : (names.get(r.assigneeId) ?? null);
    return {
      status: r.status,
      timeAllocation: r.timeAllocation,
      instrumentId: r.instrumentId,
      submitted: r.submitted,
      technicalReviewAssignee:
        r.assigneeId === null
          ? null
          : { id: r.assigneeId, firstname: u?.firstname ?? null, lastname: u?.lastname ?? null },
    } as ProposalViewModel['technicalReviews'][number];
  });
  doc.reviewAssigneeIds = [
    ...new Set(reviews.flatMap((r) => (r.assigneeId === null ? [] : [r.assigneeId]))),
  ].sort((a, b) => a - b);
  doc.reviewStatus = reviews[0]?.status ?? null;
  const times = reviews.flatMap((r) => (r.timeAllocation === null ? [] : [r.timeAllocation]));
  doc.reviewTimeAllocation = times.length > 0 ? times.reduce((s, t) => s + t, 0) : null;
  const assignee = reviews
    .map((r) => (r.assigneeId === null ? null : (names.get(r.assigneeId)?.lastname ?? null)))
    .find((n) => n !== null && n !== undefined);
  doc.reviewAssignee = assignee ?? null;
  setNullFlags(doc);
}

function setNullFlags(doc: ProposalViewDocument): void {
  for (const f of NULLABLE_SORTS)
    doc[`n_${f}`] = (doc as unknown as Record<string, unknown>)[f] === null ? 1 : 0;
}

/**
 * The words a staff search matches, split by the relational store's own `simple` text search (the same words the
 * SQL repository's tsvector holds): reference, title, PI names and e-mail.
 */
async function setSearch(sql: SqlClient, docs: ProposalViewDocument[]): Promise<void> {
  if (docs.length === 0) return;
  const texts = docs.map((d) =>
    [d.proposalId, d.title, d.piFirstname, d.piLastname, d.piPreferredname, d.piEmail]
      .map((x) => x ?? '')
      .join(' '),
  );
  const result = await sql.query<{ i: string | number; w: string[] | null }>(
    `SELECT x.i, tsvector_to_array(to_tsvector('simple', x.t)) AS w FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i)`,
    [texts],
  );
  for (const row of result.rows) docs[Number(row.i) - 1].search = row.w ?? [];
}
