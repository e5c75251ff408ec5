import { shipmentRuleMessages as M, shipmentWorkflowEvents, ShipmentStatus } from '@user-office/contracts';
import { shipmentDecider, type ShipmentActor, type ShipmentCommand } from './shipment.decide';

type Event = { type: string; data: unknown };
const given = (events: Event[]) => events.reduce(shipmentDecider.evolve, shipmentDecider.initialState);
const decide = (command: ShipmentCommand, events: Event[]) => shipmentDecider.decide(command, given(events));
const error = (code: string, message: string) => expect.objectContaining({ code, message });

const nobody: ShipmentActor = { id: 1, isOfficer: false, isMember: false };
const pi: ShipmentActor = { id: 2, isOfficer: false, isMember: true };
const officer: ShipmentActor = { id: 5, isOfficer: true, isMember: false };
const created: Event = {
  type: 'ShipmentCreated',
  data: { shipmentId: 8, title: 'Crystals', proposalPk: 5, experimentPk: 7, questionaryId: 40, creatorId: 2 },
};
const samplesSet = (sampleIds: number[]) => ({
  type: 'ShipmentSamplesSet',
  data: { shipmentId: 8, sampleIds },
});
const submitted: Event = {
  type: 'ShipmentSubmitted',
  data: { shipmentId: 8, proposalPk: 5, experimentPk: 7 },
};
const received: Event = { type: 'ShipmentReceived', data: { shipmentId: 8, receivedBy: 5 } };

const create = (
  over: Partial<Extract<ShipmentCommand, { type: 'CreateShipment' }>> = {},
): ShipmentCommand => ({
  type: 'CreateShipment',
  shipmentId: 8,
  actor: pi,
  title: 'Crystals',
  proposalPk: 5,
  experimentPk: 7,
  proposalReady: true,
  experimentOfProposal: true,
  questionaryId: 40,
  ...over,
});
const rename = (title: string, actor = pi, proposalPk = 5): ShipmentCommand => ({
  type: 'UpdateShipment',
  shipmentId: 8,
  actor,
  title,
  proposalPk,
});
const setSamples = (sampleIds: number[], foreignSampleIds: number[] = []): ShipmentCommand => ({
  type: 'SetShipmentSamples',
  shipmentId: 8,
  actor: pi,
  sampleIds,
  foreignSampleIds,
});
const submit = (questionaryComplete = true, actor = pi): ShipmentCommand => ({
  type: 'SubmitShipment',
  shipmentId: 8,
  actor,
  questionaryComplete,
});
const receive = (actor = officer): ShipmentCommand => ({
  type: 'MarkShipmentReceived',
  shipmentId: 8,
  actor,
});
const remove = (actor: ShipmentActor): ShipmentCommand => ({ type: 'DeleteShipment', shipmentId: 8, actor });

describe('the shipment decider', () => {
  it('creates a shipment of a member (or the user office) for a ready proposal', () => {
    expect(decide(create(), [])).toEqual([created]);
    expect(decide(create({ actor: officer }), [])).toHaveLength(1);
  });

  it.each([
    ['a stranger', create({ actor: nobody }), 'FORBIDDEN', M.onlyMembers],
    ['a proposal not ready', create({ proposalReady: false }), 'BAD_USER_INPUT', M.notAccepted],
    [
      'an experiment of another proposal',
      create({ experimentOfProposal: false }),
      'BAD_USER_INPUT',
      M.experimentNotOfProposal,
    ],
    ['no active template', create({ questionaryId: null }), 'BAD_USER_INPUT', M.noActiveTemplate],
  ])('refuses to create for %s', (_, command, code, message) => {
    expect(() => decide(command, [])).toThrow(error(code, message));
  });

  it('renames a draft, keeps its proposal, and decides nothing when unchanged', () => {
    expect(decide(rename('Powders'), [created])).toEqual([
      { type: 'ShipmentUpdated', data: { shipmentId: 8, title: 'Powders' } },
    ]);
    expect(decide(rename('Crystals'), [created])).toEqual([]);
    expect(() => decide(rename('Powders', pi, 6), [created])).toThrow(
      error('BAD_USER_INPUT', M.proposalChanged),
    );
    expect(() => decide(rename('Powders', nobody), [created])).toThrow(error('FORBIDDEN', M.onlyMembers));
    expect(() => decide(rename('Powders'), [])).toThrow(error('NOT_FOUND', M.notFound));
  });

  it("sets the samples: the proposal's only, the same list again is nothing", () => {
    expect(decide(setSamples([3, 4, 3]), [created])).toEqual([samplesSet([3, 4])]);
    expect(decide(setSamples([3, 4]), [created, samplesSet([3, 4])])).toEqual([]);
    expect(() => decide(setSamples([3, 9], [9]), [created])).toThrow(
      error('BAD_USER_INPUT', M.sampleNotOfProposal),
    );
  });

  it('submits a complete declaration; submission locks editing', () => {
    expect(() => decide(submit(false), [created])).toThrow(error('BAD_USER_INPUT', M.incomplete));
    expect(decide(submit(), [created])).toEqual([submitted]);
    const locked = [created, submitted];
    expect(given(locked).status).toBe(ShipmentStatus.SUBMITTED);
    for (const command of [rename('Powders'), setSamples([3]), submit(), remove(pi)])
      expect(() => decide(command, locked)).toThrow(error('BAD_USER_INPUT', M.locked));
  });

  it('is received once, by the user office, after submission', () => {
    expect(() => decide(receive(), [created])).toThrow(error('BAD_USER_INPUT', M.notSubmitted));
    expect(() => decide(receive(pi), [created, submitted])).toThrow(error('FORBIDDEN', M.onlyOfficers));
    expect(decide(receive(), [created, submitted])).toEqual([received]);
    expect(decide(receive(), [created, submitted, received])).toEqual([]);
  });

  it('deletes a draft (members) or any shipment (the user office)', () => {
    const deleted = { type: 'ShipmentDeleted', data: { shipmentId: 8 } };
    expect(decide(remove(pi), [created])).toEqual([deleted]);
    expect(decide(remove(officer), [created, submitted])).toEqual([deleted]);
    expect(() => decide(remove(nobody), [created])).toThrow(error('FORBIDDEN', M.onlyMembers));
    expect(() => decide(rename('x'), [created, deleted])).toThrow(error('NOT_FOUND', M.notFound));
  });

  it('is a workflow event of its experiment when submitted', () => {
    expect(shipmentWorkflowEvents(submitted)).toEqual(['EXPERIMENT_SHIPMENT_SUBMITTED']);
    expect(
      shipmentWorkflowEvents({
        type: 'ShipmentSubmitted',
        data: { shipmentId: 8, proposalPk: 5, experimentPk: null },
      }),
    ).toEqual([]);
    expect(shipmentWorkflowEvents(created)).toEqual([]);
  });
});
