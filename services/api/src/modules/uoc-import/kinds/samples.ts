import {
  SAMPLE_CREATED,
  SAMPLE_SAFETY_EVALUATED,
  SafetyStatus,
  TemplateGroupId,
  sampleStreamId,
  type SampleCreatedData,
} from '@user-office/contracts';
import { digest, num, str, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, resumeAfter, saveCheckpoint } from './advance-sequence';
import { planSubTemplateQuestionary, readSubTemplates } from './sub-templates';

/** UOC's SampleStatus is numeric */
const SAFETY: Record<number, SafetyStatus> = {
  0: SafetyStatus.PENDING_EVALUATION,
  1: SafetyStatus.LOW_RISK,
  2: SafetyStatus.ELEVATED_RISK,
  3: SafetyStatus.HIGH_RISK,
};
const BATCH = 500;

/**
 * UOC `samples` → the sample's questionary with its answers (as the proposals' are), `SampleCreated` on
 * `sample-<id>` (UOC's id, `created_at` as the time, the creator as the actor), and `SampleSafetyEvaluated` when
 * UOC has an evaluation (a status other than pending, or a safety comment; UOC does not record who evaluated).
 * Read in batches of 500 by `sample_id`. Its shipment comes with the shipments.
 */
export const samplesKind: ImportKind = {
  name: 'samples',
  async run(ctx) {
    const cp = await resumeAfter(ctx, 'samples');
    let after = cp.after;
    let read = 0;
    let events = 0;
    for (;;) {
      const batch = await readSubTemplates(
        ctx,
        `SELECT sample_id, title, creator_id, questionary_id, safety_status, created_at, safety_comment, proposal_pk,
                question_id, is_post_proposal_submission FROM samples`,
        'sample_id',
        after,
        ctx.batch(BATCH),
      );
      if (batch.rows.length === 0) break;
      const planned: Planned[] = [];
      for (const r of batch.rows) {
        const sampleId = num(r.sample_id);
        const row = `sample_id=${sampleId}`;
        const plan = planSubTemplateQuestionary(
          ctx,
          batch,
          r,
          'samples',
          row,
          TemplateGroupId.SAMPLE_DECLARATION,
        );
        if (!plan) continue;
        planned.push(...plan.planned);
        const from = `uoc:samples/${sampleId}`;
        const safety = SAFETY[num(r.safety_status)];
        if (!safety)
          ctx.problem(
            'samples',
            row,
            `unknown safety status ${str(r.safety_status)}: imported as pending evaluation`,
          );
        const data: SampleCreatedData = {
          sampleId,
          title: str(r.title),
          creatorId: plan.creatorId,
          proposalPk: plan.proposalPk,
          questionId: str(r.question_id),
          templateId: plan.templateId,
          questionaryId: num(r.questionary_id),
          isPostProposalSubmission: r.is_post_proposal_submission === true,
          safetyStatus: SafetyStatus.PENDING_EVALUATION,
          origin: null,
        };
        planned.push({
          streamId: sampleStreamId(sampleId),
          key: `samples/${sampleId}`,
          type: SAMPLE_CREATED,
          data,
          at: r.created_at as Date,
          actorId: plan.creatorId,
          from,
        });
        const status = safety ?? SafetyStatus.PENDING_EVALUATION;
        const comment = str(r.safety_comment);
        if (status !== SafetyStatus.PENDING_EVALUATION || comment !== '') {
          const evaluation = {
            sampleId,
            safetyStatus: status,
            safetyComment: comment,
            // UOC does not record who evaluated a sample
            evaluatedBy: null,
          };
          planned.push({
            streamId: sampleStreamId(sampleId),
            key: `samples/${sampleId}/safety/${digest(evaluation)}`,
            type: SAMPLE_SAFETY_EVALUATED,
            data: evaluation,
            at: r.created_at as Date,
            actorId: null,
            from,
          });
        }
      }
      events += await ctx.write('samples', planned);
      read += batch.rows.length;
      after = num(batch.rows[batch.rows.length - 1].sample_id);
      if (!cp.complete) await saveCheckpoint(ctx, 'samples', after, false);
    }
    ctx.count('samples', read, events);
    await saveCheckpoint(ctx, 'samples', after, true);
    await advanceSequence(ctx, 'sample_id_seq', after);
  },
};
