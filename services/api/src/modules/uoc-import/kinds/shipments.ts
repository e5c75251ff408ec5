import { num, numOrNull, str, type ImportKind, type Planned } from '../import-context';
import {
  advanceSequence,
  changedSince,
  experimentsInStore,
  groupBy,
  inBatches,
  latestDetails,
  proposalsInStore,
  questionaryEvents,
} from './support';

/** Shipments (`shipment-<id>`): created with the declaration questionary and its answers, the samples, submitted. */
export const shipmentsKind: ImportKind = {
  name: 'shipments',
  async run(ctx) {
    let read = 0;
    let events = 0;
    await inBatches(ctx, 'shipments', 'shipments', 'shipment_id', async (shipments) => {
      const ids = shipments.map((s) => num(s.shipment_id));
      const experiments = await experimentsInStore(
        ctx,
        shipments.map((s) => num(s.experiment_pk)),
      );
      const proposals = await proposalsInStore(
        ctx,
        shipments.filter((s) => s.proposal_pk !== null).map((s) => num(s.proposal_pk)),
      );
      const samples = await ctx.rows(
        'SELECT shipment_id, sample_id FROM shipments_has_samples WHERE shipment_id = ANY($1::int[]) ORDER BY shipment_id, sample_id',
        [ids],
      );
      const samplesOf = groupBy(samples, 'shipment_id');
      const stored = await latestDetails(
        ctx,
        ids.map((id) => `shipment-${id}`),
        ['ShipmentCreated', 'ShipmentUpdated'],
      );
      const planned: Planned[] = [];
      const questionaries: { questionaryId: number; creatorId: number | null; from: string }[] = [];
      for (const s of shipments) {
        const shipmentId = num(s.shipment_id);
        const row = `shipment_id=${shipmentId}`;
        const from = `uoc:shipments/${shipmentId}`;
        const stream = `shipment-${shipmentId}`;
        const experimentPk = numOrNull(s.experiment_pk);
        const experiment = experimentPk === null ? undefined : experiments.get(experimentPk);
        const proposalPk = numOrNull(s.proposal_pk) ?? experiment?.proposalPk ?? null;
        if (proposalPk === null || (!proposals.has(proposalPk) && experiment?.proposalPk !== proposalPk)) {
          ctx.problem(
            'shipments',
            row,
            `proposal ${String(proposalPk)} was not imported (or does not exist): left out`,
          );
          continue;
        }
        if (s.questionary_id === null) {
          ctx.problem('shipments', row, 'the shipment has no declaration questionary: left out');
          continue;
        }
        if (experimentPk !== null && !experiment)
          ctx.problem(
            'shipments',
            row,
            `experiment ${experimentPk} was not imported: the shipment is kept without it`,
          );
        const creatorId = numOrNull(s.creator_id);
        planned.push({
          streamId: stream,
          key: `shipments/${shipmentId}`,
          type: 'ShipmentCreated',
          data: {
            shipmentId,
            title: str(s.title),
            proposalPk,
            experimentPk: experiment ? experimentPk : null,
            questionaryId: num(s.questionary_id),
            creatorId: creatorId !== null && ctx.users.has(creatorId) ? creatorId : null,
          },
          at: s.created_at as Date,
          actorId: creatorId,
          from,
        });
        // imported before: a changed title → ShipmentUpdated (UOC keeps no modification time: the run's)
        const updated = changedSince(
          stored.get(stream),
          { shipmentId, title: str(s.title) },
          {
            streamId: stream,
            key: `shipments/${shipmentId}`,
            type: 'ShipmentUpdated',
            at: null,
            actorId: null,
            from,
          },
        );
        if (updated) planned.push(updated);
        questionaries.push({ questionaryId: num(s.questionary_id), creatorId, from });
        const sampleIds = (samplesOf.get(shipmentId) ?? []).map((x) => num(x.sample_id));
        if (sampleIds.length > 0)
          planned.push({
            streamId: stream,
            key: `shipments_has_samples/${shipmentId}/${sampleIds.join(',')}`,
            type: 'ShipmentSamplesSet',
            data: { shipmentId, sampleIds },
            at: s.created_at as Date,
            actorId: creatorId,
            from,
          });
        const status = str(s.status);
        if (status === 'SUBMITTED')
          planned.push({
            streamId: stream,
            key: `shipments/${shipmentId}/submitted`,
            type: 'ShipmentSubmitted',
            data: { shipmentId, proposalPk, experimentPk: experiment ? experimentPk : null },
            at: s.created_at as Date,
            actorId: creatorId,
            from,
          });
        else if (status !== 'DRAFT')
          ctx.problem('shipments', row, `unknown shipment status ${status}: left a draft`);
      }
      planned.unshift(...(await questionaryEvents(ctx, 'shipments', questionaries)));
      read += shipments.length;
      events += await ctx.write('shipments', planned);
    });
    ctx.count('shipments', read, events);
    const [m] = await ctx.rows('SELECT max(shipment_id) AS m FROM shipments');
    await advanceSequence(ctx, 'shipment_id_seq', m.m);
  },
};
