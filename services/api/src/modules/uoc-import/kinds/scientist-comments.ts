import {
  PROPOSAL_SCIENTIST_COMMENT_CREATED,
  PROPOSAL_SCIENTIST_COMMENT_UPDATED,
  proposalScientistCommentStreamId,
  type ProposalScientistCommentData,
} from '@user-office/contracts';
import { sanitizeRichText } from '../../../platform/validation/sanitize-rich-text';
import { digest, num, str, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, existingIds, resumeAfter, saveCheckpoint } from './advance-sequence';

const BATCH = 1000;

/**
 * UOC `proposal_internal_comments` (its "proposal scientist comment") → `ProposalScientistCommentCreated` on
 * `proposal-scientist-comment-<pk>` (UOC's comment id, `updated_at` as the time); one changed in the source since
 * a previous run → `…Updated`. The product keeps one comment per proposal: a later one (by id) is a problem, as is
 * a comment on a proposal not imported. Read in batches by `comment_id`.
 */
export const scientistCommentsKind: ImportKind = {
  name: 'scientist comments',
  async run(ctx) {
    const cp = await resumeAfter(ctx, 'scientist_comments');
    let after = cp.after;
    let read = 0;
    let events = 0;
    for (;;) {
      const rows = await ctx.rows(
        `SELECT comment_id, proposal_pk, comment, updated_at FROM proposal_internal_comments
          WHERE comment_id > $1 ORDER BY comment_id LIMIT $2`,
        [after, ctx.batch(BATCH)],
      );
      if (rows.length === 0) break;
      read += rows.length;
      after = num(rows[rows.length - 1].comment_id);
      const pks = rows.map((r) => num(r.proposal_pk));
      const imported = await existingIds(ctx, 'proposals', 'proposal_pk', pks);
      // the live comment of each proposal in the store (the first UOC comment of it, imported before)
      const live = new Map(
        (
          await ctx.sql.query<{ proposal_pk: number; comment_id: number; comment: string }>(
            `SELECT proposal_pk, comment_id, comment FROM proposal_scientist_comments
              WHERE NOT deleted AND proposal_pk = ANY($1::int[])`,
            [[...new Set(pks)]],
          )
        ).rows.map((r) => [Number(r.proposal_pk), { commentId: Number(r.comment_id), comment: r.comment }]),
      );
      const planned: Planned[] = [];
      for (const r of rows) {
        const commentId = num(r.comment_id);
        const proposalPk = num(r.proposal_pk);
        const row = `comment_id=${commentId}`;
        if (!imported.has(proposalPk)) {
          ctx.problem(
            'proposal_internal_comments',
            row,
            `proposal ${proposalPk} was not imported: not imported`,
          );
          continue;
        }
        const stored = live.get(proposalPk);
        if (stored && stored.commentId !== commentId) {
          ctx.problem(
            'proposal_internal_comments',
            row,
            `proposal ${proposalPk} has another comment (${stored.commentId}); the product keeps one per proposal: left out`,
          );
          continue;
        }
        const data: ProposalScientistCommentData = {
          commentId,
          proposalPk,
          comment: sanitizeRichText(str(r.comment)),
        };
        // a later comment of the same proposal in this batch finds this one
        live.set(proposalPk, { commentId, comment: data.comment });
        if (stored?.comment === data.comment) continue;
        planned.push({
          streamId: proposalScientistCommentStreamId(proposalPk),
          key: stored
            ? `proposal_internal_comments/${commentId}/${digest([stored.comment, data.comment])}`
            : `proposal_internal_comments/${commentId}`,
          type: stored ? PROPOSAL_SCIENTIST_COMMENT_UPDATED : PROPOSAL_SCIENTIST_COMMENT_CREATED,
          data,
          at: r.updated_at as Date,
          actorId: null,
          from: `uoc:proposal_internal_comments/${commentId}`,
        });
      }
      events += await ctx.write('scientist comments', planned);
      if (!cp.complete) await saveCheckpoint(ctx, 'scientist_comments', after, false);
    }
    ctx.count('scientist comments', read, events);
    await saveCheckpoint(ctx, 'scientist_comments', after, true);
    await advanceSequence(ctx, 'proposal_scientist_comment_id_seq', after);
  },
};
