import { createHash } from 'node:crypto';
import type { TemplateGroupId } from '@user-office/contracts';
import type { SqlClient } from '../../platform/database/sql-client';

/** A source row as `pg` returns it. */
export type Row = Record<string, unknown>;

/** An event to write: its stream, its key (the event id's name), its actor and source row. */
export interface Planned {
  streamId: string;
  key: string;
  type: string;
  data: unknown;
  at: Date | string | null;
  actorId: number | null;
  /** who acted as `actorId` (UOC's impersonating user), when someone did */
  impersonatorId?: number | null;
  from: string;
}

export interface TemplateInfo {
  groupId: TemplateGroupId;
  /** question id → topic id */
  topicOf: Map<string, number>;
  topics: number[];
}

/**
 * What a kind of its own file (kinds/) is given by the importer: the source read in the import's one snapshot, the
 * keyed write (a repeat appends nothing), the report's problems and counts, and what the earlier kinds brought
 * across (ids known to exist in the store).
 */
export interface ImportContext {
  /** the store's SQL (checkpoints, lookups of what already exists) */
  readonly sql: SqlClient;
  /** rows per read of a kind whose batches are `size` (smaller in tests, to have many checkpoints) */
  batch(size: number): number;
  /** after each checkpointed batch of a kind (`kinds/<name>`, its last key): a test's hook, else nothing */
  afterBatch(kind: string, lastKey: number): Promise<void>;
  /** rows of the source, in the import's REPEATABLE READ READ ONLY snapshot */
  rows<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** appends the planned events not already stored (by key), after each stream's current version */
  write(kind: string, planned: Planned[]): Promise<number>;
  /**
   * runs a pass of batches whose inline read models are written beside its next batch (two database sessions at
   * work): only for a pass that reads no read model its own batches write; all written when it returns
   */
  deferringProjections<T>(pass: () => Promise<T>): Promise<T>;
  /** a row that cannot come across, with why: listed in the report, the import goes on */
  problem(kind: string, sourceRow: string, reason: string): void;
  /** the problems found so far into the store's `uoc_import_problems` (before a checkpoint: a kill loses none) */
  keepProblems(): Promise<void>;
  /** rows read and events appended, per kind, for the report */
  count(kind: string, read: number, events: number): void;
  /** user ids imported (an actor or member not among them is a problem or null) */
  readonly users: ReadonlySet<number>;
  /** status id → short code and entity type */
  readonly statuses: ReadonlyMap<number, { shortCode: string; entityType: string }>;
  /** workflow → status id → connection id */
  readonly connections: ReadonlyMap<number, Map<number, number>>;
  readonly calls: ReadonlyMap<number, { workflowId: number; shortCode: string }>;
  readonly templates: ReadonlyMap<number, TemplateInfo>;
  /** question ids imported */
  readonly questions: ReadonlySet<string>;
  readonly instruments: ReadonlyMap<number, { name: string; shortCode: string }>;
  /**
   * a questionary's events (QuestionaryCreated, one TopicAnswered per topic), as the proposals' are planned: `q` a
   * row of `questionaries`, its `answers` and `topic_completenesses` rows; answers of a template not imported, or to
   * a question no longer on it, go into the report
   */
  planQuestionary(q: Row, answers: Row[], complete: Row[], creatorId: number, from: string): Planned[];
}

/** A kind imported after the proposals (kinds/index.ts lists them in order). */
export interface ImportKind {
  name: string;
  run(ctx: ImportContext): Promise<void>;
}

export const num = (v: unknown): number => Number(v);
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export const digest = (value: unknown): string =>
  createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 16);

export const iso = (d: Date | string | null | undefined, fallback = new Date(0)): string =>
  (d ? new Date(d) : fallback).toISOString();
