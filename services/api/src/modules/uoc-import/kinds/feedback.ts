import { iso, num, str, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, experimentsInStore, inBatches, questionaryEvents } from './support';

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
    const [m] = await ctx.rows('SELECT max(feedback_id) AS m FROM feedbacks');
    await advanceSequence(ctx, 'feedback_id_seq', m.m);
  },
};
