import { TemplateGroupId } from '@user-office/contracts';
import { num, str, type ImportContext, type Planned, type Row } from '../import-context';
import { existingIds } from './advance-sequence';

/** a batch of sub-template rows (samples, generic templates) with what they hang on */
export interface SubTemplateBatch {
  rows: Row[];
  questionaries: Map<number, Row>;
  answersOf: Map<number, Row[]>;
  completeOf: Map<number, Row[]>;
  /** proposal pk → its proposer, for the proposals imported */
  proposals: Map<number, number>;
}

const group = (rows: Row[], key: string): Map<number, Row[]> => {
  const m = new Map<number, Row[]>();
  for (const r of rows) {
    const k = num(r[key]);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
};

/**
 * The rows of `table` after `after` by `idColumn` (keyset, `size` at a time), with their questionaries, answers and
 * topic completeness read in one query each, and which of their proposals the store holds.
 */
export async function readSubTemplates(
  ctx: ImportContext,
  select: string,
  idColumn: string,
  after: number,
  size: number,
): Promise<SubTemplateBatch> {
  const rows = await ctx.rows(`${select} WHERE ${idColumn} > $1 ORDER BY ${idColumn} LIMIT $2`, [
    after,
    size,
  ]);
  const qids = rows.map((r) => num(r.questionary_id));
  const questionaries = new Map(
    (
      await ctx.rows(
        'SELECT questionary_id, template_id, created_at, creator_id FROM questionaries WHERE questionary_id = ANY($1::int[])',
        [qids],
      )
    ).map((q) => [num(q.questionary_id), q]),
  );
  const answers = await ctx.rows(
    'SELECT questionary_id, question_id, answer, created_at FROM answers WHERE questionary_id = ANY($1::int[]) ORDER BY questionary_id, answer_id',
    [qids],
  );
  const complete = await ctx.rows(
    'SELECT questionary_id, topic_id, is_complete FROM topic_completenesses WHERE questionary_id = ANY($1::int[])',
    [qids],
  );
  const pks = rows.map((r) => num(r.proposal_pk)).filter((pk) => Number.isFinite(pk) && pk > 0);
  const imported = await existingIds(ctx, 'proposals', 'proposal_pk', pks);
  const proposals = new Map<number, number>();
  if (imported.size > 0)
    for (const p of (
      await ctx.sql.query<{ proposal_pk: number; proposer_id: number }>(
        'SELECT proposal_pk, proposer_id FROM proposals WHERE proposal_pk = ANY($1::int[])',
        [[...imported]],
      )
    ).rows)
      proposals.set(Number(p.proposal_pk), Number(p.proposer_id));
  return {
    rows,
    questionaries,
    answersOf: group(answers, 'questionary_id'),
    completeOf: group(complete, 'questionary_id'),
    proposals,
  };
}

/**
 * The checks a sub-template row passes before it comes across (its proposal imported, its questionary there and of
 * a template of `groupId`) and its questionary's events; null (with the problem reported) when it cannot.
 */
export function planSubTemplateQuestionary(
  ctx: ImportContext,
  batch: SubTemplateBatch,
  r: Row,
  table: string,
  row: string,
  groupId: TemplateGroupId,
): { planned: Planned[]; creatorId: number; templateId: number; proposalPk: number } | null {
  const proposalPk = num(r.proposal_pk);
  const proposer = batch.proposals.get(proposalPk);
  if (proposer === undefined) {
    ctx.problem(table, row, `proposal ${str(r.proposal_pk)} was not imported: not imported`);
    return null;
  }
  const questionaryId = num(r.questionary_id);
  const q = batch.questionaries.get(questionaryId);
  if (!q) {
    ctx.problem(table, row, `questionary ${str(r.questionary_id)} does not exist: not imported`);
    return null;
  }
  const templateId = num(q.template_id);
  const template = ctx.templates.get(templateId);
  if (!template || template.groupId !== groupId) {
    ctx.problem(
      table,
      row,
      `its questionary's template ${templateId} was not imported as a ${groupId} template: not imported`,
    );
    return null;
  }
  let creatorId = r.creator_id === null || r.creator_id === undefined ? null : num(r.creator_id);
  if (creatorId === null) {
    ctx.problem(table, row, `it has no creator: recorded as created by the proposer ${proposer}`);
    creatorId = proposer;
  } else if (!ctx.users.has(creatorId))
    ctx.problem(table, row, `creator ${creatorId} does not exist (a deleted user): kept by id`);
  const planned = ctx.planQuestionary(
    q,
    batch.answersOf.get(questionaryId) ?? [],
    batch.completeOf.get(questionaryId) ?? [],
    creatorId,
    `uoc:${table}/${row}`,
  );
  return { planned, creatorId, templateId, proposalPk };
}
