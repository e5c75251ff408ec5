import { digest, num, type ImportContext, type Planned, type Row } from '../import-context';

/** rows per read of a later kind (keyset batches: the importer's memory stays bounded whatever the source) */
export const BATCH = 1000;

/**
 * The kind's checkpoint in `uoc_import_checkpoints` (`kinds/<name>`, as the proposals'): where a first pass killed
 * midway resumes; once complete, a later run goes over every row again (and appends only what is new).
 */
export async function checkpointOf(
  ctx: ImportContext,
  name: string,
): Promise<{ after: number; complete: boolean }> {
  const { rows } = await ctx.sql.query<{ last_key: string | number; complete: boolean }>(
    'SELECT last_key, complete FROM uoc_import_checkpoints WHERE kind = $1',
    [`kinds/${name}`],
  );
  return rows[0]
    ? { after: Number(rows[0].last_key), complete: rows[0].complete }
    : { after: 0, complete: false };
}

export async function saveCheckpointOf(
  ctx: ImportContext,
  name: string,
  lastKey: number,
  complete: boolean,
): Promise<void> {
  await ctx.keepProblems();
  await ctx.sql.query(
    `INSERT INTO uoc_import_checkpoints (kind, last_key, complete) VALUES ($1, $2, $3)
     ON CONFLICT (kind) DO UPDATE SET last_key = $2, complete = $3, updated_at = now()`,
    [`kinds/${name}`, lastKey, complete],
  );
  if (!complete) await ctx.afterBatch(`kinds/${name}`, lastKey);
}

/**
 * The rows of `table` (its key `key`, a positive integer) in keyset batches of BATCH, each batch given to `each`
 * (which writes it); `select` is the select list (the table is aliased `t`). Checkpointed as `kinds/<name>` after
 * each batch: a first pass killed midway resumes after its last written batch.
 */
export async function inBatches(
  ctx: ImportContext,
  name: string,
  table: string,
  key: string,
  each: (rows: Row[]) => Promise<void>,
  select = 't.*',
): Promise<void> {
  const cp = await checkpointOf(ctx, name);
  let after = cp.complete ? 0 : cp.after;
  for (;;) {
    const rows = await ctx.rows(
      `SELECT ${select} FROM ${table} t WHERE t.${key} > $1 ORDER BY t.${key} LIMIT $2`,
      [after, ctx.batch(BATCH)],
    );
    if (rows.length > 0) {
      await each(rows);
      after = num(rows[rows.length - 1][key]);
      if (!cp.complete) await saveCheckpointOf(ctx, name, after, false);
    }
    if (rows.length < ctx.batch(BATCH)) break;
  }
  await saveCheckpointOf(ctx, name, after, true);
}

/** the proposals (of `pks`) the store holds, with their call (a proposal of a missing call was not imported) */
export async function proposalsInStore(
  ctx: ImportContext,
  pks: readonly number[],
): Promise<Map<number, { callId: number; proposalId: string; title: string }>> {
  if (pks.length === 0) return new Map();
  const { rows } = await ctx.sql.query<{
    proposal_pk: number;
    call_id: number;
    proposal_id: string;
    title: string;
  }>('SELECT proposal_pk, call_id, proposal_id, title FROM proposals WHERE proposal_pk = ANY($1::int[])', [
    [...new Set(pks)],
  ]);
  return new Map(
    rows.map((r) => [
      Number(r.proposal_pk),
      { callId: Number(r.call_id), proposalId: r.proposal_id, title: r.title },
    ]),
  );
}

/** the experiments (of `pks`) the store holds */
export async function experimentsInStore(
  ctx: ImportContext,
  pks: readonly number[],
): Promise<Map<number, { proposalPk: number; instrumentId: number }>> {
  if (pks.length === 0) return new Map();
  const { rows } = await ctx.sql.query<{ experiment_pk: number; proposal_pk: number; instrument_id: number }>(
    'SELECT experiment_pk, proposal_pk, instrument_id FROM experiments WHERE experiment_pk = ANY($1::int[])',
    [[...new Set(pks)]],
  );
  return new Map(
    rows.map((r) => [
      Number(r.experiment_pk),
      { proposalPk: Number(r.proposal_pk), instrumentId: Number(r.instrument_id) },
    ]),
  );
}

/**
 * The events of the questionaries `ids` (with their answers and topics' completeness, read in one query per table),
 * each planned as the proposals' are (QuestionaryCreated, TopicAnswered per topic); a missing one is a problem.
 */
export async function questionaryEvents(
  ctx: ImportContext,
  kind: string,
  wanted: ReadonlyArray<{ questionaryId: number; creatorId: number | null; from: string }>,
): Promise<Planned[]> {
  if (wanted.length === 0) return [];
  const ids = [...new Set(wanted.map((w) => w.questionaryId))];
  const questionaries = await ctx.rows(
    'SELECT questionary_id, template_id, created_at, creator_id FROM questionaries WHERE questionary_id = ANY($1::int[])',
    [ids],
  );
  const answers = await ctx.rows(
    `SELECT questionary_id, question_id, answer, created_at FROM answers WHERE questionary_id = ANY($1::int[])
      ORDER BY questionary_id, answer_id`,
    [ids],
  );
  const complete = await ctx.rows(
    'SELECT questionary_id, topic_id, is_complete FROM topic_completenesses WHERE questionary_id = ANY($1::int[])',
    [ids],
  );
  const byId = new Map(questionaries.map((q) => [num(q.questionary_id), q]));
  const group = (rows: Row[]) => {
    const m = new Map<number, Row[]>();
    for (const r of rows) {
      const k = num(r.questionary_id);
      const list = m.get(k);
      if (list) list.push(r);
      else m.set(k, [r]);
    }
    return m;
  };
  const answersOf = group(answers);
  const completeOf = group(complete);
  const planned: Planned[] = [];
  const done = new Set<number>();
  for (const w of wanted) {
    if (done.has(w.questionaryId)) continue;
    done.add(w.questionaryId);
    const q = byId.get(w.questionaryId);
    if (!q) {
      ctx.problem(
        kind,
        `${w.from.replace(/^uoc:/, '')} questionary_id=${w.questionaryId}`,
        'the questionary does not exist: no answers',
      );
      continue;
    }
    planned.push(
      ...ctx.planQuestionary(
        q,
        answersOf.get(w.questionaryId) ?? [],
        completeOf.get(w.questionaryId) ?? [],
        w.creatorId ?? num(q.creator_id),
        w.from,
      ),
    );
  }
  return planned;
}

/** the product's id sequence `seq` continues after `max` (UOC's largest id), as the importer's advanceSequences */
export async function advanceSequence(ctx: ImportContext, seq: string, max: unknown): Promise<void> {
  if (max === null || max === undefined || Number(max) < 1) return;
  await ctx.sql.query(`CREATE SEQUENCE IF NOT EXISTS "${seq}"`);
  await ctx.sql.query(`SELECT setval('"${seq}"', greatest($1::bigint, (SELECT last_value FROM "${seq}")))`, [
    Number(max),
  ]);
}

/** rows by the number in their column `key` */
export function groupBy(rows: readonly Row[], key: string): Map<number, Row[]> {
  const m = new Map<number, Row[]>();
  for (const r of rows) {
    const k = num(r[key]);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/** the largest of some times (null when none) */
export function latest(...times: unknown[]): Date | null {
  let best: Date | null = null;
  for (const t of times) {
    if (t === null || t === undefined) continue;
    const d = new Date(t as Date);
    if (!best || d > best) best = d;
  }
  return best;
}

/** every field of `next` equals the one in `stored` (an absent one is null), compared as JSON */
export const sameFields = (next: object, stored: Record<string, unknown>): boolean =>
  Object.entries(next).every(([k, v]) => JSON.stringify(v ?? null) === JSON.stringify(stored[k] ?? null));

/**
 * What the store holds of `streamIds`, folded as their modules fold these fields: the data of the last event of
 * `types` (a creation, then the updates that carry the whole details) in each stream, with the stream's version.
 */
export async function latestDetails(
  ctx: Pick<ImportContext, 'sql'>,
  streamIds: readonly string[],
  types: readonly string[],
): Promise<Map<string, { data: Record<string, unknown>; version: number }>> {
  if (streamIds.length === 0) return new Map();
  const { rows } = await ctx.sql.query<{
    stream_id: string;
    data: Record<string, unknown>;
    v: string | number;
  }>(
    `SELECT DISTINCT ON (stream_id) stream_id, data,
            (SELECT max(stream_version) FROM events x WHERE x.stream_id = e.stream_id) AS v
       FROM events e WHERE stream_id = ANY($1::text[]) AND type = ANY($2::text[])
      ORDER BY stream_id, stream_version DESC`,
    [[...new Set(streamIds)], [...types]],
  );
  return new Map(rows.map((r) => [r.stream_id, { data: r.data, version: Number(r.v) }]));
}

/**
 * The update event of a row imported before whose details changed in the source since (`next` differs from the
 * store's `stored`), else null: keyed by the stream's version and the new content, so a repeat plans nothing
 * (the store then equals the source) while a later change, even back to an earlier value, is new.
 */
export function changedSince(
  stored: { data: Record<string, unknown>; version: number } | undefined,
  next: Record<string, unknown>,
  event: Omit<Planned, 'data'>,
  /** the event's data when it carries more than the compared details (what they were before) */
  data: (before: Record<string, unknown>) => Record<string, unknown> = () => next,
): Planned | null {
  if (!stored || sameFields(next, stored.data)) return null;
  return {
    ...event,
    key: `${event.key}/updated/v${stored.version}/${digest(next)}`,
    data: data(stored.data),
  };
}
