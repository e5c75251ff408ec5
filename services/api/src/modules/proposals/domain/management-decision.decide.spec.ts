import {
  managementDecisionMessages as D,
  PROPOSAL_CREATED,
  PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
  PROPOSAL_MANAGEMENT_DECISION_UPDATED,
  PROPOSAL_NOTIFIED,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_SUBMITTED,
  proposalRuleMessages,
  ProposalEndStatus,
} from '@user-office/contracts';
import type { NewEvent } from '../../../platform/event-store/event-store.port';
import {
  decideProposal,
  evolveProposal,
  initialProposalState,
  type ProposalCommand,
  type ProposalState,
  type WorkflowStep,
} from './proposal.decide';

const officer = { id: 1, isOfficer: true };
const chair = { id: 7, isOfficer: false };

const created = {
  type: PROPOSAL_CREATED,
  data: {
    proposalPk: 5,
    proposalId: '000005',
    callId: 2,
    proposerId: 10,
    questionaryId: 3,
    statusId: 1,
    title: 'Spin waves',
    abstract: 'Inelastic.',
    userIds: [11],
    clonedFromPk: null,
  },
};
const submitted = {
  type: PROPOSAL_SUBMITTED,
  data: { proposalPk: 5, proposalId: 'UO-0001', callId: 2, submittedAt: '2026-01-01T00:00:00Z' },
};

const given = (...events: NewEvent[]): ProposalState => events.reduce(evolveProposal, initialProposalState);
/** the state after the events the decision led to */
const then = (state: ProposalState, events: NewEvent[]) => events.reduce(evolveProposal, state);

type Administer = Extract<ProposalCommand, { type: 'AdministerProposal' }>;
const administer = (over: Partial<Administer> = {}): Administer => ({
  type: 'AdministerProposal',
  actor: officer,
  administers: true,
  finalStatus: ProposalEndStatus.ACCEPTED,
  commentForUser: 'Well done',
  commentForManagement: 'Rank 1',
  managementTimeAllocations: [],
  managementDecisionSubmitted: false,
  assignedInstrumentIds: [],
  ...over,
});
const notify: ProposalCommand = { type: 'NotifyProposal', actor: officer };

const refusal = (command: ProposalCommand, state: ProposalState) => {
  try {
    decideProposal(command, state);
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error('the command was not refused');
};

describe('proposal decider: the management decision (administrationProposal)', () => {
  it('given a submitted proposal, when an officer sets ACCEPTED with comments, then ProposalManagementDecisionUpdated', () => {
    const state = given(created, submitted);
    const events = decideProposal(administer(), state);
    expect(events).toEqual([
      {
        type: PROPOSAL_MANAGEMENT_DECISION_UPDATED,
        data: {
          proposalPk: 5,
          finalStatus: ProposalEndStatus.ACCEPTED,
          previousFinalStatus: ProposalEndStatus.UNSET,
          commentForUser: 'Well done',
          commentForManagement: 'Rank 1',
          managementTimeAllocations: [],
          managementDecisionSubmitted: false,
        },
      },
    ]);
    const after = then(state, events);
    expect(after).toMatchObject({
      finalStatus: ProposalEndStatus.ACCEPTED,
      commentForUser: 'Well done',
      commentForManagement: 'Rank 1',
      managementDecisionSubmitted: false,
      notified: false,
    });
    expect(after.eventsSinceStatus).toEqual(
      expect.arrayContaining(['PROPOSAL_MANAGEMENT_DECISION_UPDATED', 'PROPOSAL_ACCEPTED']),
    );
    expect(after.eventsSinceStatus).not.toContain('PROPOSAL_MANAGEMENT_DECISION_SUBMITTED');
  });

  it('when the decision is submitted, then also ProposalManagementDecisionSubmitted (once)', () => {
    const state = given(created, submitted);
    const events = decideProposal(administer({ managementDecisionSubmitted: true }), state);
    expect(events.map((e) => e.type)).toEqual([
      PROPOSAL_MANAGEMENT_DECISION_UPDATED,
      PROPOSAL_MANAGEMENT_DECISION_SUBMITTED,
    ]);
    expect(events[1].data).toEqual({ proposalPk: 5, finalStatus: ProposalEndStatus.ACCEPTED });
    const after = then(state, events);
    expect(after.managementDecisionSubmitted).toBe(true);
    expect(after.eventsSinceStatus).toContain('PROPOSAL_MANAGEMENT_DECISION_SUBMITTED');
    // the same decision again: nothing; a changed comment: only an update
    expect(decideProposal(administer({ managementDecisionSubmitted: true }), after)).toEqual([]);
    const changed = decideProposal(
      administer({ commentForUser: 'Changed', managementDecisionSubmitted: null }),
      after,
    );
    expect(changed.map((e) => e.type)).toEqual([PROPOSAL_MANAGEMENT_DECISION_UPDATED]);
    // left out (null): the submitted flag stays
    expect(changed[0].data).toMatchObject({ managementDecisionSubmitted: true });
  });

  it('records PROPOSAL_REJECTED / PROPOSAL_RESERVED when the final status changes to them, nothing for UNSET', () => {
    const state = given(created, submitted);
    for (const [finalStatus, name] of [
      [ProposalEndStatus.REJECTED, 'PROPOSAL_REJECTED'],
      [ProposalEndStatus.RESERVED, 'PROPOSAL_RESERVED'],
    ] as const) {
      expect(then(state, decideProposal(administer({ finalStatus }), state)).eventsSinceStatus).toContain(
        name,
      );
    }
    const unset = then(state, decideProposal(administer({ finalStatus: ProposalEndStatus.UNSET }), state));
    expect(unset.eventsSinceStatus).toContain('PROPOSAL_MANAGEMENT_DECISION_UPDATED');
    expect(unset.eventsSinceStatus.filter((n) => /ACCEPTED|REJECTED|RESERVED/.test(n))).toEqual([]);
    // the final status unchanged (only a comment): no new PROPOSAL_ACCEPTED after the status moved on
    const accepted = then(state, decideProposal(administer(), state));
    const moved = evolveProposal(accepted, {
      type: PROPOSAL_STATUS_CHANGED,
      data: {
        proposalPk: 5,
        statusId: 2,
        previousStatusId: 1,
        changedBy: 'user',
        events: [],
        connectionId: null,
      },
    });
    const again = then(moved, decideProposal(administer({ commentForUser: 'More' }), moved));
    expect(again.eventsSinceStatus).toEqual([
      'PROPOSAL_STATUS_CHANGED_BY_USER',
      'PROPOSAL_MANAGEMENT_DECISION_UPDATED',
    ]);
  });

  it('keeps comments and allocations left out (null), and changes nothing when nothing changes', () => {
    const state = then(given(created, submitted), decideProposal(administer(), given(created, submitted)));
    const events = decideProposal(
      administer({ commentForUser: null, commentForManagement: undefined, managementTimeAllocations: null }),
      state,
    );
    expect(events).toEqual([]);
    const cleared = decideProposal(administer({ commentForUser: '' }), state);
    expect(cleared[0].data).toMatchObject({ commentForUser: '', commentForManagement: 'Rank 1' });
  });

  it('refuses a proposal that does not exist, or is not submitted', () => {
    expect(refusal(administer(), initialProposalState)).toEqual({
      code: 'NOT_FOUND',
      message: proposalRuleMessages.notFound,
    });
    expect(refusal(administer(), given(created))).toEqual({
      code: 'BAD_USER_INPUT',
      message: D.notSubmitted,
    });
  });

  it('refuses a caller who may not make the decision', () => {
    expect(refusal(administer({ actor: chair, administers: false }), given(created, submitted))).toEqual({
      code: 'FORBIDDEN',
      message: D.mayNotAdminister,
    });
  });

  it('once submitted, lets only officers change the decision', () => {
    const base = given(created, submitted);
    const done = then(base, decideProposal(administer({ managementDecisionSubmitted: true }), base));
    // someone allowed to administer (e.g. a FAP chair, later) but not an officer
    expect(refusal(administer({ actor: chair, administers: true }), done)).toEqual({
      code: 'FORBIDDEN',
      message: D.decisionSubmitted,
    });
    // before submission they could
    expect(decideProposal(administer({ actor: chair, administers: true }), base)).toHaveLength(1);
    // officers still can, and may reopen it
    const reopened = decideProposal(
      administer({ finalStatus: ProposalEndStatus.REJECTED, managementDecisionSubmitted: false }),
      done,
    );
    expect(reopened.map((e) => e.type)).toEqual([PROPOSAL_MANAGEMENT_DECISION_UPDATED]);
    expect(then(done, reopened).managementDecisionSubmitted).toBe(false);
  });

  it('refuses a final status outside the enum', () => {
    expect(
      refusal(administer({ finalStatus: 'MAYBE' as ProposalEndStatus }), given(created, submitted)),
    ).toEqual({ code: 'BAD_USER_INPUT', message: D.finalStatusOneOf });
  });

  it('refuses time allocations while no instrument is assigned (instruments: a later issue)', () => {
    expect(
      refusal(
        administer({ managementTimeAllocations: [{ instrumentId: 1, value: 10 }] }),
        given(created, submitted),
      ),
    ).toEqual({ code: 'BAD_USER_INPUT', message: D.noInstrumentAssigned });
  });

  it('allocates time only on assigned instruments, once each, from 0 to 100000', () => {
    const state = given(created, submitted);
    const assigned = { assignedInstrumentIds: [3, 4] };
    const ok = decideProposal(
      administer({
        ...assigned,
        managementTimeAllocations: [
          { instrumentId: 3, value: 0 },
          { instrumentId: 4, value: 100000 },
        ],
      }),
      state,
    );
    expect(then(state, ok).managementTimeAllocations).toEqual([
      { instrumentId: 3, value: 0 },
      { instrumentId: 4, value: 100000 },
    ]);
    const refused = (allocations: { instrumentId: number; value: number }[]) =>
      refusal(administer({ ...assigned, managementTimeAllocations: allocations }), state).message;
    expect(refused([{ instrumentId: 5, value: 1 }])).toBe(D.instrumentNotAssigned(5));
    expect(refused([{ instrumentId: 3, value: -1 }])).toBe(D.timeAllocationMin);
    expect(refused([{ instrumentId: 3, value: 100001 }])).toBe(D.timeAllocationMax);
    expect(refused([{ instrumentId: 3, value: Number.NaN }])).toBe(D.timeAllocationRequired);
    expect(
      refused([
        { instrumentId: 3, value: 1 },
        { instrumentId: 3, value: 2 },
      ]),
    ).toBe(D.duplicateInstrument(3));
    // an empty list removes them
    const removed = decideProposal(
      administer({ ...assigned, managementTimeAllocations: [] }),
      then(state, ok),
    );
    expect(then(then(state, ok), removed).managementTimeAllocations).toEqual([]);
  });
});

describe('proposal decider: notifyProposal', () => {
  const decided = (over: Partial<Administer> = {}) => {
    const base = given(created, submitted);
    return then(base, decideProposal(administer(over), base));
  };

  it('given a submitted ACCEPTED decision, when notified, then ProposalNotified with what the PI is told', () => {
    const state = decided({ managementDecisionSubmitted: true });
    const events = decideProposal(notify, state);
    expect(events).toEqual([
      {
        type: PROPOSAL_NOTIFIED,
        data: {
          proposalPk: 5,
          proposalId: 'UO-0001',
          proposerId: 10,
          finalStatus: ProposalEndStatus.ACCEPTED,
          commentForUser: 'Well done',
        },
      },
    ]);
    const after = then(state, events);
    expect(after.notified).toBe(true);
    expect(after.eventsSinceStatus).toContain('PROPOSAL_NOTIFIED');
  });

  it('refuses before a final status is set', () => {
    expect(refusal(notify, given(created, submitted))).toEqual({
      code: 'BAD_USER_INPUT',
      message: D.notifyFinalStatusUnset,
    });
    expect(
      refusal(notify, decided({ finalStatus: ProposalEndStatus.UNSET, managementDecisionSubmitted: true })),
    ).toEqual({ code: 'BAD_USER_INPUT', message: D.notifyFinalStatusUnset });
  });

  it('refuses while the decision is not submitted', () => {
    expect(refusal(notify, decided())).toEqual({
      code: 'BAD_USER_INPUT',
      message: D.notifyDecisionNotSubmitted,
    });
  });

  it('refuses a second notification', () => {
    const state = decided({ managementDecisionSubmitted: true });
    const notified = then(state, decideProposal(notify, state));
    expect(refusal(notify, notified)).toEqual({ code: 'BAD_USER_INPUT', message: D.alreadyNotified });
  });

  it('refuses non-officers and proposals that do not exist', () => {
    expect(
      refusal({ type: 'NotifyProposal', actor: chair }, decided({ managementDecisionSubmitted: true })),
    ).toEqual({ code: 'FORBIDDEN', message: D.mayNotAdminister });
    expect(refusal(notify, initialProposalState).code).toBe('NOT_FOUND');
  });
});

describe('proposal decider: the workflow sees the decision', () => {
  const connection = (events: string[]): WorkflowStep[] => [
    { connectionId: 9, sortOrder: 1, prevStatusId: 1, statusId: 8, statusChangingEvents: events },
  ];

  it.each([
    [['PROPOSAL_MANAGEMENT_DECISION_UPDATED']],
    [['PROPOSAL_ACCEPTED']],
    [['PROPOSAL_MANAGEMENT_DECISION_SUBMITTED', 'PROPOSAL_ACCEPTED']],
  ])('moves a proposal waiting for %j once the decision is made', (events) => {
    const base = given(created, submitted);
    const state = then(base, decideProposal(administer({ managementDecisionSubmitted: true }), base));
    const moved = decideProposal({ type: 'AdvanceWorkflow', connections: connection(events) }, state);
    expect(moved).toEqual([expect.objectContaining({ type: PROPOSAL_STATUS_CHANGED })]);
    expect(moved[0].data).toMatchObject({ statusId: 8, events });
  });

  it('moves a proposal waiting for PROPOSAL_NOTIFIED only once notified', () => {
    const base = given(created, submitted);
    const state = then(base, decideProposal(administer({ managementDecisionSubmitted: true }), base));
    const advance: ProposalCommand = {
      type: 'AdvanceWorkflow',
      connections: connection(['PROPOSAL_NOTIFIED']),
    };
    expect(decideProposal(advance, state)).toEqual([]);
    const notified = then(state, decideProposal(notify, state));
    expect(decideProposal(advance, notified)).toHaveLength(1);
  });
});
