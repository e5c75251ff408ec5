import { AllocationTimeUnit, CALL_UPDATED, callCreatedEvent, type CallData } from '@user-office/contracts';
import { callDecider as decider, type CallCommand } from './call.decide';

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(decider.evolve, decider.initialState);
const decide = (command: CallCommand, events: { type: string; data: unknown }[] = []) =>
  decider.decide(command, given(events));

const call: CallData = {
  shortCode: 'C-1',
  title: null,
  description: null,
  startCall: '2030-01-01T00:00:00.000Z',
  endCall: '2030-02-01T00:00:00.000Z',
  endCallInternal: '2030-02-01T00:00:00.000Z',
  startReview: '2030-02-02T00:00:00.000Z',
  endReview: '2030-03-01T00:00:00.000Z',
  startFapReview: null,
  endFapReview: null,
  startNotify: '2030-03-02T00:00:00.000Z',
  endNotify: '2030-03-10T00:00:00.000Z',
  startCycle: '2030-04-01T00:00:00.000Z',
  endCycle: '2030-09-01T00:00:00.000Z',
  cycleComment: 'Cycle',
  surveyComment: 'Survey',
  referenceNumberFormat: null,
  proposalWorkflowId: 1,
  templateId: 1,
  esiTemplateId: null,
  pdfTemplateId: null,
  fapReviewTemplateId: null,
  technicalReviewTemplateId: null,
  allocationTimeUnit: AllocationTimeUnit.Day,
  submissionMessage: null,
  experimentWorkflowId: null,
};
const update = (fields: Partial<CallData> = {}): CallCommand => ({
  type: 'UpdateCall',
  call: { ...call, ...fields },
  now: '2030-01-15T00:00:00.000Z',
});
/** a CallCreated written before calls had panels (no fapIds) */
const before = { type: callCreatedEvent.type, data: { callId: 7, ...call } };

describe('Call decider: its panels (fapIds)', () => {
  it('creates a call with its panels, or none', () => {
    expect(
      decide({ type: 'CreateCall', callId: 7, call: { ...call, fapIds: [2, 5] } })[0].data,
    ).toMatchObject({
      fapIds: [2, 5],
    });
    expect(decide({ type: 'CreateCall', callId: 7, call })[0].data).toMatchObject({ fapIds: [] });
  });

  it('folds an event without fapIds as no panels: an update naming none, or leaving them out, changes nothing', () => {
    expect(given([before]).call?.fapIds).toEqual([]);
    expect(decide(update(), [before])).toEqual([]);
    expect(decide(update({ fapIds: [] }), [before])).toEqual([]);
  });

  it('changes the panels on update and keeps them when an update leaves them out', () => {
    const [changed] = decide(update({ fapIds: [3] }), [before]);
    expect(changed).toMatchObject({ type: CALL_UPDATED, data: { callId: 7, fapIds: [3] } });
    expect(decide(update(), [before, changed])).toEqual([]);
    expect(decide(update({ title: 'New' }), [before, changed])[0].data).toMatchObject({
      title: 'New',
      fapIds: [3],
    });
  });

  it('sees the same call whatever the order of its stored keys', () => {
    const reordered = Object.fromEntries(Object.entries({ callId: 7, ...call, fapIds: [3] }).reverse());
    expect(decide(update({ fapIds: [3] }), [{ type: callCreatedEvent.type, data: reordered }])).toEqual([]);
  });
});
