import {
  PROPOSAL_SCIENTIST_COMMENT_CREATED,
  PROPOSAL_SCIENTIST_COMMENT_UPDATED,
  proposalScientistCommentStreamId,
  type ProposalScientistCommentData,
} from '@user-office/contracts';
import { sanitizeRichText } from '../../../platform/validation/sanitize-rich-text';
import { digest, num, str, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, existingIds, maxOf } from './advance-sequence';

/**
 * UOC `proposal_internal_comments` (its "proposal scientist comment") → `ProposalScientistCommentCreated` on
 * `proposal-scientist-comment-<pk>` (UOC's comment id, `updated_at` as the time); one changed in the source since
 * a previous run → `…Updated`. The product keeps one comment per proposal: a second one is a problem, as is a
 * comment on a proposal not imported.
 */
export const scientistCommentsKind: ImportKind = {
  name: 'scientist comments',
  async run(ctx) {
    const rows = await ctx.rows(
      'SELECT comment_id, proposal_pk, comment, updated_at FROM proposal_internal_comments ORDER BY proposal_pk, comment_id',
    );
    const pks = rows.map((r) => num(r.proposal_pk));
    const imported = await existingIds(ctx, 'proposals', 'proposal_pk', pks);
    const current = new Map(
      (
        await ctx.sql.query<{ comment_id: number; comment: string }>(
          'SELECT comment_id, comment FROM proposal_scientist_comments WHERE NOT deleted AND proposal_pk = ANY($1::int[])',
          [[...new Set(pks)]],
        )
      ).rows.map((r) => [Number(r.comment_id), r.comment]),
    );
    const planned: Planned[] = [];
    const seen = new Map<number, number>();
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
      const first = seen.get(proposalPk);
      if (first !== undefined) {
        ctx.problem(
          'proposal_internal_comments',
          row,
          `proposal ${proposalPk} has another comment (${first}); the product keeps one per proposal: left out`,
        );
        continue;
      }
      seen.set(proposalPk, commentId);
      const data: ProposalScientistCommentData = {
        commentId,
        proposalPk,
        comment: sanitizeRichText(str(r.comment)),
      };
      const stored = current.get(commentId);
      if (stored === data.comment) continue;
      planned.push({
        streamId: proposalScientistCommentStreamId(proposalPk),
        key:
          stored === undefined
            ? `proposal_internal_comments/${commentId}`
            : `proposal_internal_comments/${commentId}/${digest([stored, data.comment])}`,
        type: stored === undefined ? PROPOSAL_SCIENTIST_COMMENT_CREATED : PROPOSAL_SCIENTIST_COMMENT_UPDATED,
        data,
        at: r.updated_at as Date,
        actorId: null,
        from: `uoc:proposal_internal_comments/${commentId}`,
      });
    }
    ctx.count('scientist comments', rows.length, await ctx.write('scientist comments', planned));
    await advanceSequence(ctx, 'proposal_scientist_comment_id_seq', maxOf(rows, 'comment_id'));
  },
};
