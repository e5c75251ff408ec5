import { iso, num, str, type ImportContext, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, BATCH, experimentsInStore, inBatches, questionaryEvents } from './support';

/** Experiment feedback (`feedback-<experimentPk>-<userId>`): started with its questionary's answers, submitted. */
export const feedbackKind: ImportKind = {
  name: 'feedback',
  async run(ctx) {
    let read = 0;
    let events = 0;
    const seen = new Map<string, number>();
    await inBatches(ctx, 'feedback', 'feedbacks', 'feedback_id', async (feedbacks) => {
      const experiments = await experimentsInStore(
        ctx,
        feedbacks.map((f) => num(f.experiment_pk)),
      );
      // the feedback the store already has of these experiments (a resumed run's earlier batches, or the product's)
      const { rows: stored } = await ctx.sql.query<{
        experiment_pk: number;
        creator_id: number;
        feedback_id: number;
      }>(
        'SELECT experiment_pk, creator_id, feedback_id FROM feedbacks WHERE experiment_pk = ANY($1::int[])',
        [[...experiments.keys()]],
      );
      for (const f of stored) {
        const stream = `feedback-${f.experiment_pk}-${f.creator_id}`;
        if (!seen.has(stream)) seen.set(stream, Number(f.feedback_id));
      }
      const planned: Planned[] = [];
      const questionaries: { questionaryId: number; creatorId: number | null; from: string }[] = [];
      for (const f of feedbacks) {
        const feedbackId = num(f.feedback_id);
        const experimentPk = num(f.experiment_pk);
        const creatorId = num(f.creator_id);
        const row = `feedback_id=${feedbackId}`;
        const from = `uoc:feedbacks/${feedbackId}`;
        const experiment = experiments.get(experimentPk);
        if (!experiment) {
          ctx.problem(
            'feedbacks',
            row,
            `experiment ${experimentPk} was not imported (or does not exist): left out`,
          );
          continue;
        }
        if (!ctx.users.has(creatorId)) {
          ctx.problem('feedbacks', row, `its author ${creatorId} does not exist (a deleted user): left out`);
          continue;
        }
        const stream = `feedback-${experimentPk}-${creatorId}`;
        const other = seen.get(stream);
        if (other !== undefined && other !== feedbackId) {
          ctx.problem(
            'feedbacks',
            row,
            `user ${creatorId} already gave feedback ${other} on experiment ${experimentPk}: left out`,
          );
          continue;
        }
        seen.set(stream, feedbackId);
        planned.push({
          streamId: stream,
          key: `feedbacks/${feedbackId}`,
          type: 'FeedbackCreated',
          data: {
            feedbackId,
            experimentPk,
            proposalPk: experiment.proposalPk,
            creatorId,
            questionaryId: num(f.questionary_id),
          },
          at: f.created_at as Date,
          actorId: creatorId,
          from,
        });
        questionaries.push({ questionaryId: num(f.questionary_id), creatorId, from });
        if (str(f.status) === 'SUBMITTED') {
          const at = (f.submitted_at ?? f.created_at) as Date;
          planned.push({
            streamId: stream,
            key: `feedbacks/${feedbackId}/submitted`,
            type: 'FeedbackSubmitted',
            data: { feedbackId, experimentPk, creatorId, submittedAt: iso(at) },
            at,
            actorId: creatorId,
            from,
          });
        }
      }
      planned.unshift(...(await questionaryEvents(ctx, 'feedbacks', questionaries)));
      read += feedbacks.length;
      events += await ctx.write('feedback', planned);
    });
    ctx.count('feedback', read, events);
    await listFeedbackRequests(ctx);
    const [m] = await ctx.rows('SELECT max(feedback_id) AS m FROM feedbacks');
    await advanceSequence(ctx, 'feedback_id_seq', m.m);
  },
};

/**
 * UOC's `feedback_requests`: that a user officer had the feedback request e-mail sent to an experiment's visit team
 * lead (requestFeedback; its cadence checks count them). The product has no such record: its feedback reminders are
 * jobs the product plans itself when an experiment is completed (none for an imported one: reactions are moved past
 * the import), not events. Each row is listed in the report, not carried.
 */
async function listFeedbackRequests(ctx: ImportContext): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await ctx.rows(
      `SELECT feedback_request_id, experiment_pk, created_at FROM feedback_requests
        WHERE feedback_request_id > $1 ORDER BY feedback_request_id LIMIT $2`,
      [after, ctx.batch(BATCH)],
    );
    for (const r of rows)
      ctx.problem(
        'feedback_requests',
        `feedback_request_id=${num(r.feedback_request_id)} experiment_pk=${num(r.experiment_pk)} at ${iso(r.created_at as Date)}`,
        "a feedback request e-mail UOC sent: the product's feedback reminders are planned jobs, not events: not carried",
      );
    if (rows.length < ctx.batch(BATCH)) break;
    after = num(rows[rows.length - 1].feedback_request_id);
  }
}
