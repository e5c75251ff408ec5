import {
  INTERNAL_REVIEW_CREATED,
  INTERNAL_REVIEW_UPDATED,
  internalReviewStreamId,
  type InternalReviewCreatedData,
  type InternalReviewUpdatedData,
} from '@user-office/contracts';
import { sanitizeRichText } from '../../../platform/validation/sanitize-rich-text';
import { digest, num, numOrNull, str, strOrNull, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, existingIds, resumeAfter, saveCheckpoint } from './advance-sequence';

const BATCH = 1000;

/** UOC keeps an internal review's documents as the JSON of a file answer: file ids, or objects with an `id` */
function fileIds(value: unknown): string[] | null {
  let v = value;
  if (v === null || v === undefined || v === '') return [];
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(v)) return null;
  const ids = v.map((f: unknown) =>
    typeof f === 'string' ? f : typeof f === 'object' && f !== null ? (f as { id?: unknown }).id : null,
  );
  return ids.every((id): id is string => typeof id === 'string') ? ids : null;
}

/**
 * UOC `internal_reviews` → `InternalReviewCreated` on `internal-review-<id>` (UOC's id; `assigned_by` as the actor,
 * `created_at` as the time); one changed in the source since a previous run → `InternalReviewUpdated`. A review
 * of a technical review not imported, or without a reviewer, is a problem (not imported); a reviewer who was
 * deleted is kept by id (a problem). Read in batches by `internal_review_id`.
 */
export const internalReviewsKind: ImportKind = {
  name: 'internal reviews',
  async run(ctx) {
    const cp = await resumeAfter(ctx, 'internal_reviews');
    let after = cp.after;
    let read = 0;
    let events = 0;
    for (;;) {
      const rows = await ctx.rows(
        `SELECT internal_review_id, title, comment, files, reviewer_id, technical_review_id, created_at, assigned_by
         FROM internal_reviews WHERE internal_review_id > $1 ORDER BY internal_review_id LIMIT $2`,
        [after, ctx.batch(BATCH)],
      );
      if (rows.length === 0) break;
      read += rows.length;
      after = num(rows[rows.length - 1].internal_review_id);
      const reviews = await existingIds(
        ctx,
        'technical_reviews',
        'technical_review_id',
        rows.map((r) => num(r.technical_review_id)),
      );
      const current = new Map(
        (
          await ctx.sql.query<{
            id: number;
            title: string;
            comment: string | null;
            reviewer_id: number;
            files: unknown;
          }>(
            'SELECT id, title, comment, reviewer_id, files FROM internal_reviews WHERE id = ANY($1::int[])',
            [rows.map((r) => num(r.internal_review_id))],
          )
        ).rows.map((r) => [Number(r.id), r]),
      );
      const planned: Planned[] = [];
      for (const r of rows) {
        const id = num(r.internal_review_id);
        const row = `internal_review_id=${id}`;
        const technicalReviewId = num(r.technical_review_id);
        if (!reviews.has(technicalReviewId)) {
          ctx.problem(
            'internal_reviews',
            row,
            `technical review ${str(r.technical_review_id)} was not imported: not imported`,
          );
          continue;
        }
        const reviewerId = numOrNull(r.reviewer_id);
        if (reviewerId === null) {
          ctx.problem('internal_reviews', row, 'it has no reviewer: not imported');
          continue;
        }
        if (!ctx.users.has(reviewerId))
          ctx.problem(
            'internal_reviews',
            row,
            `reviewer ${reviewerId} does not exist (a deleted user): kept by id`,
          );
        let files = fileIds(r.files);
        if (files === null) {
          ctx.problem(
            'internal_reviews',
            row,
            `its files ${JSON.stringify(r.files)} cannot be read: left out`,
          );
          files = [];
        }
        const comment = strOrNull(r.comment);
        const created: InternalReviewCreatedData = {
          id,
          technicalReviewId,
          title: str(r.title),
          comment: comment === null ? null : sanitizeRichText(comment),
          reviewerId,
          files,
          assignedBy: numOrNull(r.assigned_by),
        };
        const from = `uoc:internal_reviews/${id}`;
        const stored = current.get(id);
        if (!stored) {
          planned.push({
            streamId: internalReviewStreamId(id),
            key: `internal_reviews/${id}`,
            type: INTERNAL_REVIEW_CREATED,
            data: created,
            at: r.created_at as Date,
            actorId: created.assignedBy,
            from,
          });
          continue;
        }
        // changed in the source since a previous run: the review as it is now
        const updated: InternalReviewUpdatedData = {
          id,
          technicalReviewId,
          title: created.title,
          comment: created.comment,
          reviewerId,
          files,
        };
        if (
          stored.title === updated.title &&
          stored.comment === updated.comment &&
          Number(stored.reviewer_id) === updated.reviewerId &&
          JSON.stringify(stored.files) === JSON.stringify(updated.files)
        )
          continue;
        planned.push({
          streamId: internalReviewStreamId(id),
          key: `internal_reviews/${id}/${digest([stored, updated])}`,
          type: INTERNAL_REVIEW_UPDATED,
          data: updated,
          at: null,
          actorId: null,
          from,
        });
      }
      events += await ctx.write('internal reviews', planned);
      if (!cp.complete) await saveCheckpoint(ctx, 'internal_reviews', after, false);
    }
    ctx.count('internal reviews', read, events);
    await saveCheckpoint(ctx, 'internal_reviews', after, true);
    await advanceSequence(ctx, 'internal_review_id_seq', after);
  },
};
