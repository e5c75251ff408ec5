import { ExperimentSafetyDecision, ExperimentStatus } from '@user-office/contracts';
import {
  iso,
  num,
  numOrNull,
  str,
  type ImportContext,
  type ImportKind,
  type Planned,
  type Row,
} from '../import-context';
import {
  advanceSequence,
  changedSince,
  groupBy,
  inBatches,
  latest,
  latestDetails,
  proposalsInStore,
  questionaryEvents,
} from './support';

const STATUSES = new Set<string>(Object.values(ExperimentStatus));
/** UOC's InstrumentScientistDecisionEnum and ExperimentSafetyReviewerDecisionEnum (0 UNSET) */
const DECISION: Record<number, ExperimentSafetyDecision> = {
  1: ExperimentSafetyDecision.ACCEPTED,
  2: ExperimentSafetyDecision.REJECTED,
};

/** each experiment workflow's initial status (the connection with no previous status) */
async function initialStatuses(ctx: ImportContext): Promise<Map<number, number>> {
  const rows = await ctx.rows(
    `SELECT workflow_id, status_id FROM workflow_connections WHERE prev_status_id IS NULL
      ORDER BY workflow_id, sort_order, workflow_connection_id`,
  );
  const m = new Map<number, number>();
  for (const r of rows) if (!m.has(num(r.workflow_id))) m.set(num(r.workflow_id), num(r.status_id));
  return m;
}

function planExperiment(
  ctx: ImportContext,
  e: Row,
  callId: number,
  workflow: { workflowId: number | null; statusId: number | null },
): Planned | null {
  const pk = num(e.experiment_pk);
  const row = `experiment_pk=${pk}`;
  const instrumentId = num(e.instrument_id);
  if (!ctx.instruments.has(instrumentId)) {
    ctx.problem('experiments', row, `instrument ${instrumentId} does not exist: not imported`);
    return null;
  }
  let status = str(e.status).toUpperCase();
  if (!STATUSES.has(status)) {
    ctx.problem('experiments', row, `unknown experiment status ${str(e.status)}: imported as DRAFT`);
    status = ExperimentStatus.DRAFT;
  }
  let localContactId = numOrNull(e.local_contact_id);
  if (localContactId !== null && !ctx.users.has(localContactId)) {
    ctx.problem('experiments', row, `local contact ${localContactId} does not exist: left empty`);
    localContactId = null;
  }
  return {
    streamId: `experiment-${pk}`,
    key: `experiments/${pk}`,
    type: 'ExperimentCreated',
    data: {
      experimentPk: pk,
      experimentId: str(e.experiment_id),
      proposalPk: num(e.proposal_pk),
      callId,
      instrumentId,
      startsAt: iso(e.starts_at as Date),
      endsAt: iso(e.ends_at as Date),
      localContactId,
      status,
      scheduledEventId: e.scheduled_event_id === null ? null : str(e.scheduled_event_id),
      workflowId: workflow.workflowId,
      workflowStatusId: workflow.statusId,
    },
    at: e.created_at as Date,
    actorId: null,
    from: `uoc:experiments/${pk}`,
  };
}

/** the experiment's safety input (`experiment-safety-<experimentPk>`): created, samples, submitted, decisions */
function planSafety(ctx: ImportContext, s: Row, experiment: Row, samples: Row[]): Planned[] {
  const experimentPk = num(s.experiment_pk);
  const experimentSafetyPk = num(s.experiment_safety_pk);
  const stream = `experiment-safety-${experimentPk}`;
  const from = `uoc:experiment_safety/${experimentSafetyPk}`;
  const of = { experimentSafetyPk, experimentPk };
  const createdBy = num(s.created_by);
  const planned: Planned[] = [
    {
      streamId: stream,
      key: `experiment_safety/${experimentSafetyPk}`,
      type: 'ExperimentSafetyCreated',
      data: {
        ...of,
        proposalPk: num(experiment.proposal_pk),
        instrumentId: num(experiment.instrument_id),
        esiQuestionaryId: num(s.esi_questionary_id),
        createdBy,
      },
      at: s.created_at as Date,
      actorId: createdBy,
      from,
    },
  ];
  for (const x of samples) {
    const sampleId = num(x.sample_id);
    const f = `uoc:experiment_has_samples/${experimentPk}/${sampleId}`;
    planned.push({
      streamId: stream,
      key: `experiment_has_samples/${experimentPk}/${sampleId}`,
      type: 'ExperimentSampleAdded',
      data: { ...of, sampleId, sampleEsiQuestionaryId: num(x.sample_esi_questionary_id) },
      at: x.created_at as Date,
      actorId: null,
      from: f,
    });
    if (x.is_esi_submitted)
      planned.push({
        streamId: stream,
        key: `experiment_has_samples/${experimentPk}/${sampleId}/submitted`,
        type: 'ExperimentSampleUpdated',
        data: { ...of, sampleId, isEsiSubmitted: true },
        at: x.updated_at as Date,
        actorId: null,
        from: f,
      });
  }
  if (s.esi_questionary_submitted_at)
    planned.push({
      streamId: stream,
      key: `experiment_safety/${experimentSafetyPk}/submitted`,
      type: 'ExperimentSafetySubmitted',
      data: { ...of, esiVersion: 1, submittedAt: iso(s.esi_questionary_submitted_at as Date) },
      at: s.esi_questionary_submitted_at as Date,
      actorId: createdBy,
      from,
    });
  const reviewedBy = numOrNull(s.reviewed_by);
  for (const [reviewer, decision, comment] of [
    ['INSTRUMENT_SCIENTIST', s.instrument_scientist_decision, s.instrument_scientist_decision_comment],
    ['SAFETY_REVIEWER', s.experiment_safety_reviewer_decision, s.experiment_safety_reviewer_decision_comment],
  ] as const) {
    const d = DECISION[num(decision ?? 0)];
    if (!d) continue;
    // UOC records one reviewer (reviewed_by): the safety reviewer's decision is the last one taken
    const by =
      reviewer === 'SAFETY_REVIEWER' && reviewedBy !== null && ctx.users.has(reviewedBy) ? reviewedBy : null;
    planned.push({
      streamId: stream,
      key: `experiment_safety/${experimentSafetyPk}/${reviewer}/${d}`,
      type: 'ExperimentSafetyDecided',
      data: { ...of, reviewer, decision: d, comment: str(comment), esiVersion: 1, decidedBy: by },
      at: s.updated_at as Date,
      actorId: by,
      from,
    });
  }
  if (s.safety_review_questionary_id !== null && s.safety_review_questionary_id !== undefined)
    ctx.problem(
      'experiment_safety',
      `experiment_safety_pk=${experimentSafetyPk} safety_review_questionary_id=${str(s.safety_review_questionary_id)}`,
      'the safety review questionary (experiment safety review template) is not imported yet',
    );
  return planned;
}

/**
 * Experiments (`experiment-<pk>`, in their call's experiment workflow, at the status their safety input is in),
 * then their experiment safety inputs with the ESI questionary, the samples' ESIs and the two decisions.
 */
export const experimentsKind: ImportKind = {
  name: 'experiments',
  async run(ctx) {
    const initial = await initialStatuses(ctx);
    const callWorkflow = new Map(
      (await ctx.rows('SELECT call_id, experiment_workflow_id FROM call')).map((c) => [
        num(c.call_id),
        numOrNull(c.experiment_workflow_id),
      ]),
    );
    let read = 0;
    let events = 0;
    await inBatches(ctx, 'experiments', 'experiments', 'experiment_pk', async (experiments) => {
      const pks = experiments.map((e) => num(e.experiment_pk));
      const proposals = await proposalsInStore(
        ctx,
        experiments.map((e) => num(e.proposal_pk)),
      );
      const safeties = await ctx.rows(
        `SELECT experiment_safety_pk, experiment_pk, esi_questionary_id, esi_questionary_submitted_at, created_by,
                safety_review_questionary_id, reviewed_by, created_at, updated_at, instrument_scientist_decision,
                instrument_scientist_decision_comment, experiment_safety_reviewer_decision,
                experiment_safety_reviewer_decision_comment, status_id
           FROM experiment_safety WHERE experiment_pk = ANY($1::int[]) ORDER BY experiment_safety_pk`,
        [pks],
      );
      const samples = await ctx.rows(
        `SELECT experiment_pk, sample_id, is_esi_submitted, sample_esi_questionary_id, created_at, updated_at
           FROM experiment_has_samples WHERE experiment_pk = ANY($1::int[]) ORDER BY experiment_pk, created_at, sample_id`,
        [pks],
      );
      const samplesOf = groupBy(samples, 'experiment_pk');
      const stored = await latestDetails(
        ctx,
        pks.map((pk) => `experiment-${pk}`),
        ['ExperimentCreated', 'ExperimentUpdated'],
      );
      const imported = new Set<number>();
      const safetyOf = new Map<number, Row>();
      for (const s of safeties) {
        const pk = num(s.experiment_pk);
        if (safetyOf.has(pk))
          ctx.problem(
            'experiment_safety',
            `experiment_safety_pk=${str(s.experiment_safety_pk)}`,
            `experiment ${pk} already has safety input ${str(safetyOf.get(pk)!.experiment_safety_pk)}: left out`,
          );
        else safetyOf.set(pk, s);
      }
      const planned: Planned[] = [];
      const questionaries: { questionaryId: number; creatorId: number | null; from: string }[] = [];
      const safetyPlans: Planned[] = [];
      for (const e of experiments) {
        const pk = num(e.experiment_pk);
        const proposal = proposals.get(num(e.proposal_pk));
        if (!proposal) {
          ctx.problem(
            'experiments',
            `experiment_pk=${pk}`,
            `proposal ${str(e.proposal_pk)} was not imported (or does not exist): not imported`,
          );
          continue;
        }
        const safety = safetyOf.get(pk);
        const workflowId = callWorkflow.get(proposal.callId) ?? null;
        const known = workflowId !== null && ctx.connections.has(workflowId);
        let statusId = known ? (initial.get(workflowId) ?? null) : null;
        const at = numOrNull(safety?.status_id);
        if (known && at !== null) {
          if (ctx.connections.get(workflowId)?.has(at)) statusId = at;
          else
            ctx.problem(
              'experiment_safety',
              `experiment_safety_pk=${str(safety?.experiment_safety_pk)}`,
              `status ${at} is on no connection of the experiment workflow ${workflowId}: the experiment starts in its initial status`,
            );
        }
        const created = planExperiment(ctx, e, proposal.callId, {
          workflowId: known ? workflowId : null,
          statusId,
        });
        if (!created) continue;
        planned.push(created);
        // imported before: changed dates, status, local contact or scheduled event → ExperimentUpdated
        // (its workflow is where it started: not a detail an update carries)
        const details = Object.fromEntries(
          Object.entries(created.data as Record<string, unknown>).filter(
            ([k]) => k !== 'workflowId' && k !== 'workflowStatusId',
          ),
        );
        const updated = changedSince(
          stored.get(created.streamId),
          details,
          { ...created, key: `experiments/${pk}`, type: 'ExperimentUpdated', at: latest(e.updated_at) },
          (before) => ({ ...details, previousStatus: before.status }),
        );
        if (updated) planned.push(updated);
        imported.add(pk);
        if (!safety) {
          for (const x of samplesOf.get(pk) ?? [])
            ctx.problem(
              'experiment_has_samples',
              `experiment_pk=${pk} sample_id=${str(x.sample_id)}`,
              'the experiment has no safety input to hold the sample: left out',
            );
          continue;
        }
        if (!ctx.users.has(num(safety.created_by)))
          ctx.problem(
            'experiment_safety',
            `experiment_safety_pk=${str(safety.experiment_safety_pk)}`,
            `its creator ${str(safety.created_by)} does not exist (a deleted user): kept as the creator id`,
          );
        const mine = samplesOf.get(pk) ?? [];
        safetyPlans.push(...planSafety(ctx, safety, e, mine));
        questionaries.push({
          questionaryId: num(safety.esi_questionary_id),
          creatorId: num(safety.created_by),
          from: `uoc:experiment_safety/${str(safety.experiment_safety_pk)}`,
        });
        for (const x of mine)
          questionaries.push({
            questionaryId: num(x.sample_esi_questionary_id),
            creatorId: num(safety.created_by),
            from: `uoc:experiment_has_samples/${pk}/${str(x.sample_id)}`,
          });
      }
      for (const s of safeties)
        if (!imported.has(num(s.experiment_pk)))
          ctx.problem(
            'experiment_safety',
            `experiment_safety_pk=${str(s.experiment_safety_pk)}`,
            `its experiment ${str(s.experiment_pk)} was not imported: left out`,
          );
      planned.push(...(await questionaryEvents(ctx, 'experiment_safety', questionaries)), ...safetyPlans);
      read += experiments.length;
      events += await ctx.write('experiments', planned);
    });
    ctx.count('experiments', read, events);
    const [m] = await ctx.rows(
      `SELECT (SELECT max(experiment_pk) FROM experiments) AS e,
              (SELECT max(experiment_safety_pk) FROM experiment_safety) AS s`,
    );
    await advanceSequence(ctx, 'experiment_pk_seq', m.e);
    await advanceSequence(ctx, 'experiment_safety_pk_seq', m.s);
  },
};
