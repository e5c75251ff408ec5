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
  QUESTIONARY_CREATED,
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
  bulkWriteInCommands,
  insertNew,
  RegisterMongoProjection,
  type MongoBatch,
  type MongoBatchOptions,
  type MongoCollectionSpec,
  type MongoCollections,
  type MongoDoc,
  type MongoProjection,
} from '../../../../platform/read-models-mongo/mongo-projection';
import { findByIds } from '../../../../platform/read-models-mongo/mongo-read-models';
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
    // only to know that a questionary's answers are new in its batch (nothing is read for them)
    QUESTIONARY_CREATED,
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

  async prepareBatch(
    collections: MongoCollections,
    events: readonly StoredEvent[],
    options: MongoBatchOptions,
  ): Promise<MongoBatch> {
    const batch = new Batch(collections, options);
    await batch.prefetch(events);
    for (const event of events) await batch.apply(event);
    await batch.setSearch(this.sql);
    return { claim: batch.claim(), write: (claim, from) => batch.write(claim, from) };
  }

  /** the counts' documents compare without the batch that last changed them (batches differ in a replay) */
  comparable(logical: string, doc: Document): Document {
    if (logical !== 'proposal_view_counts') return doc;
    const rest: Document = { ...doc };
    delete rest._from;
    return rest;
  }
}

/** a proposal's place in the counts */
interface Pair {
  callId: number;
  statusId: number;
}

const pairKey = (p: Pair): string => `${p.callId}:${p.statusId}`;

/** a batch's claim: how many proposals each (call, status) gained or lost in it */
interface CountsClaim {
  counts: (Pair & { _id: string; n: number })[];
}

/**
 * A document the batch touches. `fresh`: its object was created by an event of this batch, so it did not exist
 * when the batch started and is not read (one less read per document: a catch-up or a rebuild mostly inserts);
 * one found there all the same (a replay of the batch) is replaced if it is not newer. `loadedPos`: the `_pos` it
 * had when read (null: not there). `removedAt`: the position of the event that removed it.
 */
interface Entry<T> {
  doc: T | null;
  dirty: boolean;
  fresh: boolean;
  loadedPos: number | null;
  removedAt: number | null;
}

const entry = <T extends { _pos: number }>(doc: T | null, fresh = false): Entry<T> => ({
  doc,
  dirty: false,
  fresh,
  loadedPos: doc?._pos ?? null,
  removedAt: null,
});

/** creations of the names the lookups copy: the lookup document of that key is new in their batch */
const LOOKUP_CREATIONS: Record<string, (d: Record<string, unknown>) => string> = {
  [USER_CREATED]: (d) => `user:${String(d.id)}`,
  [STATUS_CREATED]: (d) => `status:${String(d.statusId)}`,
  [CALL_CREATED]: (d) => `call:${String(d.callId)}`,
  [FAP_CREATED]: (d) => `fap:${String(d.id)}`,
};

type ViewEntry = Entry<ProposalViewDocument> & {
  /** where the proposal counted when the batch started (null: nowhere) */
  base: Pair | null;
};

/** the documents one batch touches, loaded once, changed in memory, written at the end */
class Batch {
  private readonly views = new Map<number, ViewEntry>();
  private readonly lookups = new Map<string, Entry<LookupDocument>>();
  private readonly answers = new Map<string, Entry<AnswerDocument>>();
  private readonly touchedCounts = new Map<string, Pair>();

  constructor(
    private readonly c: MongoCollections,
    private readonly options: MongoBatchOptions,
  ) {}

  private viewEntry(doc: ProposalViewDocument | null, fresh = false): ViewEntry {
    return {
      ...entry(doc, fresh),
      base: doc && !fresh ? { callId: doc.callId, statusId: doc.statusId } : null,
    };
  }

  /**
   * The documents the batch's events name: none of those created in the batch; the others by key (one `$in`, or
   * one query per key on FerretDB), the lookups in one `$in` (a small collection).
   */
  async prefetch(events: readonly StoredEvent[]): Promise<void> {
    const pks = new Set<number>();
    const lookups = new Set<string>();
    const answers = new Set<string>();
    const created = new Set<number>();
    const newQuestionaries = new Set<number>();
    const newLookups = new Set<string>();
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
      if (e.type === PROPOSAL_CREATED && typeof d.proposalPk === 'number') created.add(d.proposalPk);
      if (e.type === QUESTIONARY_CREATED && typeof d.questionaryId === 'number')
        newQuestionaries.add(d.questionaryId);
      const lookupCreated = LOOKUP_CREATIONS[e.type];
      if (lookupCreated) newLookups.add(lookupCreated(e.data as Record<string, unknown>));
      if (typeof d.proposalPk === 'number') pks.add(d.proposalPk);
      if (typeof d.proposerId === 'number') lookups.add(`user:${d.proposerId}`);
      if (typeof d.statusId === 'number') lookups.add(`status:${d.statusId}`);
      if (typeof d.callId === 'number') lookups.add(`call:${d.callId}`);
      if (typeof d.questionaryId === 'number')
        for (const k of [...(d.answers ?? []).map((a) => a.questionId), ...(d.removedQuestionIds ?? [])])
          answers.add(`${d.questionaryId}:${k}`);
    }
    const freshAnswer = (key: string) => newQuestionaries.has(Number(key.slice(0, key.indexOf(':'))));
    const toRead = {
      views: [...pks].filter((pk) => !created.has(pk)),
      lookups: [...lookups].filter((k) => !newLookups.has(k)),
      answers: [...answers].filter((k) => !freshAnswer(k)),
    };
    const byKey = this.options.readByKey;
    const [views, found, given] = await Promise.all([
      findByIds(this.viewsCollection, toRead.views, byKey),
      findByIds(this.c.proposal_view_lookups, toRead.lookups, false),
      findByIds(this.c.proposal_view_answers, toRead.answers, byKey),
    ]);
    const viewsById = new Map(views.map((v) => [v._id, v]));
    for (const pk of pks)
      this.views.set(
        pk,
        created.has(pk) ? this.viewEntry(null, true) : this.viewEntry(viewsById.get(pk) ?? null),
      );
    const lookupsById = new Map(found.map((l) => [l._id, l as unknown as LookupDocument]));
    for (const key of new Set([...lookups, ...newLookups]))
      this.lookups.set(
        key,
        newLookups.has(key) ? entry<LookupDocument>(null, true) : entry(lookupsById.get(key) ?? null),
      );
    const answersById = new Map(given.map((a) => [a._id, a as unknown as AnswerDocument]));
    for (const key of answers)
      this.answers.set(
        key,
        freshAnswer(key) ? entry<AnswerDocument>(null, true) : entry(answersById.get(key) ?? null),
      );
  }

  private get viewsCollection(): Collection<ProposalViewDocument> {
    return this.c.proposal_views as unknown as Collection<ProposalViewDocument>;
  }

  private async view(pk: number): Promise<ViewEntry> {
    let e = this.views.get(pk);
    if (!e) {
      e = this.viewEntry(await this.viewsCollection.findOne({ _id: pk }));
      this.views.set(pk, e);
    }
    return e;
  }

  /** the proposals matching `filter` (on the stored documents) and `inMemory` (on the loaded ones) */
  private async viewsWhere(
    filter: Filter<ProposalViewDocument>,
    inMemory: (doc: ProposalViewDocument) => boolean,
  ): Promise<ViewEntry[]> {
    const loaded = [...this.views.keys()];
    const stored = await this.viewsCollection.find({ $and: [filter, { _id: { $nin: loaded } }] }).toArray();
    for (const doc of stored) this.views.set(doc._id, this.viewEntry(doc));
    return [...this.views.values()].filter((e) => e.doc !== null && inMemory(e.doc));
  }

  private async lookup(key: string): Promise<LookupDocument | null> {
    let e = this.lookups.get(key);
    if (!e) {
      e = entry((await this.c.proposal_view_lookups.findOne({ _id: key })) as LookupDocument | null);
      this.lookups.set(key, e);
    }
    return e.doc;
  }

  private setLookup(key: string, doc: LookupDocument): void {
    const e = this.lookups.get(key) ?? entry<LookupDocument>(null);
    e.doc = doc;
    e.dirty = true;
    this.lookups.set(key, e);
  }

  private touchCount(callId: number, statusId: number): void {
    this.touchedCounts.set(pairKey({ callId, statusId }), { callId, statusId });
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
          if (old && old._pos < p) this.setAnswer(key, null, p);
        }
        for (const answer of a.answers) {
          const key = `${a.questionaryId}:${answer.questionId}`;
          const old = await this.answer(key);
          if (old && old._pos >= p) continue;
          const value = answer.value ?? null;
          this.setAnswer(
            key,
            { _id: key, q: a.questionaryId, k: answer.questionId, value, ...answerForms(value), _pos: p },
            p,
          );
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
        entry.removedAt = p;
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
    let e = this.answers.get(key);
    if (!e) {
      e = entry((await this.c.proposal_view_answers.findOne({ _id: key })) as AnswerDocument | null);
      this.answers.set(key, e);
    }
    return e.doc;
  }

  private setAnswer(key: string, doc: AnswerDocument | null, position: number): void {
    const e = this.answers.get(key) ?? entry<AnswerDocument>(null);
    e.doc = doc;
    e.dirty = true;
    if (!doc) e.removedAt = position;
    this.answers.set(key, e);
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

  /** the search words of the proposals the batch changed (from the relational store's text search) */
  async setSearch(sql: SqlClient): Promise<void> {
    const changed = [...this.views.values()].flatMap((e) => (e.dirty && e.doc ? [e.doc] : []));
    await setSearch(sql, changed);
  }

  /**
   * How many proposals each (call, status) gained or lost in the batch: each changed proposal's place at the end
   * against its place when the batch started (nowhere for one created in it). Null when nothing moved.
   */
  claim(): CountsClaim | null {
    const n = new Map<string, number>();
    const add = (pair: Pair | null, k: number) => {
      if (pair) n.set(pairKey(pair), (n.get(pairKey(pair)) ?? 0) + k);
    };
    for (const e of this.views.values()) {
      if (!e.dirty) continue;
      add(e.base, -1);
      add(e.doc ? { callId: e.doc.callId, statusId: e.doc.statusId } : null, 1);
    }
    const counts = [...n].flatMap(([key, delta]) => {
      if (delta === 0) return [];
      const [callId, statusId] = key.split(':').map(Number);
      return [{ _id: key, callId, statusId, n: delta }];
    });
    return counts.length > 0 ? { counts } : null;
  }

  /**
   * Writes what changed: a document read by key only if it is still as read (another projector may have been
   * first), one created in the batch inserted (all in one unordered insertMany) or, when it was there already (a
   * replay), replaced if not newer; then the claim's counts, each (call, status) at most once per batch start
   * `from` (its `_from`), and a zero count for each (call, status) the batch went through.
   */
  async write(claim: Document | null, from: number): Promise<void> {
    await this.writeViews();
    await writeEntries(this.c.proposal_view_lookups, this.lookups, this.options);
    await writeEntries(this.c.proposal_view_answers, this.answers, this.options);
    await this.writeCounts((claim as CountsClaim | null)?.counts ?? [], from);
  }

  private async writeViews(): Promise<void> {
    const ops: AnyBulkWriteOperation<ProposalViewDocument>[] = [];
    const fresh = new Map<number, ProposalViewDocument>();
    for (const [pk, e] of this.views) {
      if (!e.dirty) continue;
      if (e.fresh) {
        if (e.doc) fresh.set(pk, e.doc);
        // created and deleted in the batch: an earlier attempt of it may have written it
        else ops.push({ deleteOne: { filter: { _id: pk, _pos: { $lt: e.removedAt ?? 0 } } } });
      } else if (!e.doc) {
        if (e.loadedPos !== null) ops.push({ deleteOne: { filter: { _id: pk, _pos: e.loadedPos } } });
      } else if (e.loadedPos === null) {
        // not there when read: inserted, a duplicate key (another projector was first) ignored below. Not an
        // upsert with $setOnInsert: FerretDB 1.24 drops a $setOnInsert document's empty arrays and nulls
        ops.push({ insertOne: { document: e.doc } });
      } else {
        ops.push({ replaceOne: { filter: { _id: pk, _pos: e.loadedPos }, replacement: e.doc } });
      }
    }
    const perCommand = this.options.statementsPerCommand;
    await bulkWriteInCommands(this.viewsCollection, ops, perCommand);
    await insertOrCatchUp(this.c.proposal_views, [...fresh.values()] as unknown as MongoDoc[], perCommand);
  }

  private async writeCounts(counts: CountsClaim['counts'], from: number): Promise<void> {
    const claimed = new Set<string>();
    for (const c of counts) {
      claimed.add(c._id);
      const applied = await this.c.proposal_view_counts.updateOne(
        { _id: c._id, $or: [{ _from: { $lt: from } }, { _from: { $exists: false } }] },
        { $inc: { n: c.n }, $set: { _from: from } },
      );
      // not there yet, or this batch's claim applied already (then the insert finds it)
      if (applied.matchedCount === 0)
        await insertNew(this.c.proposal_view_counts, [
          { _id: c._id, callId: c.callId, statusId: c.statusId, n: c.n, _from: from },
        ]);
    }
    const zeros = [...this.touchedCounts]
      .filter(([key]) => !claimed.has(key))
      .map(([key, pair]) => ({ _id: key, ...pair, n: 0 }));
    await insertNew(this.c.proposal_view_counts, zeros);
  }
}

/**
 * Writes the changed entries of a collection keyed by name (the lookups, the answers): a document read by key
 * replaced whole (upserted), one created in the batch inserted or caught up (insertOrCatchUp), a removed one
 * deleted if not newer than its removal.
 */
async function writeEntries<T extends { _pos: number }>(
  collection: Collection<MongoDoc>,
  entries: Map<string, Entry<T>>,
  options: MongoBatchOptions,
): Promise<void> {
  const ops: AnyBulkWriteOperation<MongoDoc>[] = [];
  const fresh: MongoDoc[] = [];
  for (const [key, e] of entries) {
    if (!e.dirty) continue;
    if (!e.doc) {
      if (e.loadedPos !== null || e.fresh)
        ops.push({ deleteOne: { filter: { _id: key, _pos: { $lt: e.removedAt ?? 0 } } } });
    } else if (e.fresh) {
      fresh.push(e.doc as unknown as MongoDoc);
    } else {
      ops.push({
        replaceOne: { filter: { _id: key }, replacement: e.doc as unknown as MongoDoc, upsert: true },
      });
    }
  }
  await bulkWriteInCommands(collection, ops, options.statementsPerCommand);
  await insertOrCatchUp(collection, fresh, options.statementsPerCommand);
}

/**
 * Inserts documents created in the batch (one unordered insertMany); one that was there already (an earlier
 * attempt of the batch wrote it) is replaced when it is not newer than the batch's.
 */
async function insertOrCatchUp(
  collection: Collection<MongoDoc>,
  docs: readonly MongoDoc[],
  perCommand: number,
): Promise<void> {
  const there = await insertNew(collection, docs);
  await bulkWriteInCommands(
    collection,
    there.map((i) => ({
      replaceOne: {
        filter: { _id: docs[i]._id, _pos: { $lte: docs[i]._pos as number } },
        replacement: docs[i],
      },
    })),
    perCommand,
  );
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
