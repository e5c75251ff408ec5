import {
  GENERIC_TEMPLATE_CREATED,
  TemplateGroupId,
  genericTemplateStreamId,
  type GenericTemplateCreatedData,
} from '@user-office/contracts';
import { num, str, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, resumeAfter, saveCheckpoint } from './advance-sequence';
import { planSubTemplateQuestionary, readSubTemplates } from './sub-templates';

const BATCH = 500;

/**
 * UOC `generic_templates` (sub-templates) → the questionary with its answers, `GenericTemplateCreated` on
 * `generic-template-<id>` (UOC's id, `created_at` as the time, the creator as the actor). One without a proposal
 * or a question is a problem. Read in batches of 500 by `generic_template_id`.
 */
export const genericTemplatesKind: ImportKind = {
  name: 'generic templates',
  async run(ctx) {
    const cp = await resumeAfter(ctx, 'generic_templates');
    let after = cp.after;
    let read = 0;
    let events = 0;
    for (;;) {
      const batch = await readSubTemplates(
        ctx,
        `SELECT generic_template_id, title, proposal_pk, questionary_id, creator_id, created_at, question_id
           FROM generic_templates`,
        'generic_template_id',
        after,
        ctx.batch(BATCH),
      );
      if (batch.rows.length === 0) break;
      const planned: Planned[] = [];
      for (const r of batch.rows) {
        const id = num(r.generic_template_id);
        const row = `generic_template_id=${id}`;
        if (r.question_id === null) {
          ctx.problem('generic_templates', row, 'it is on no question: not imported');
          continue;
        }
        const plan = planSubTemplateQuestionary(
          ctx,
          batch,
          r,
          'generic_templates',
          row,
          TemplateGroupId.GENERIC_TEMPLATE,
        );
        if (!plan) continue;
        planned.push(...plan.planned);
        const data: GenericTemplateCreatedData = {
          genericTemplateId: id,
          title: str(r.title),
          creatorId: plan.creatorId,
          proposalPk: plan.proposalPk,
          questionId: str(r.question_id),
          templateId: plan.templateId,
          questionaryId: num(r.questionary_id),
          origin: null,
        };
        planned.push({
          streamId: genericTemplateStreamId(id),
          key: `generic_templates/${id}`,
          type: GENERIC_TEMPLATE_CREATED,
          data,
          at: r.created_at as Date,
          actorId: plan.creatorId,
          from: `uoc:generic_templates/${id}`,
        });
      }
      events += await ctx.write('generic templates', planned);
      read += batch.rows.length;
      after = num(batch.rows[batch.rows.length - 1].generic_template_id);
      if (!cp.complete) await saveCheckpoint(ctx, 'generic_templates', after, false);
    }
    ctx.count('generic templates', read, events);
    await saveCheckpoint(ctx, 'generic_templates', after, true);
    await advanceSequence(ctx, 'generic_template_id_seq', after);
  },
};
