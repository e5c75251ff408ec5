import { ValidationError } from 'yup';
import { ProposalEndStatus } from '../enums';
import { describeEvent, proposalStreamId } from '../events';
import { finalStatusChangingEvent, statusChangingEvent } from '../workflows';
import { proposalMessages } from './messages';
import { administrationProposalSchema, managementDecisionMessages as D } from './proposals.schema';

async function firstError(value: unknown): Promise<string | null> {
  try {
    await administrationProposalSchema.validate(value, { abortEarly: true, stripUnknown: true });
    return null;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.message;
  }
}

describe('administrationProposalSchema (§5 Administration)', () => {
  it('accepts a decision with comments and time allocations from 0 to 100000', async () => {
    expect(
      await firstError({
        proposalPk: 1,
        finalStatus: ProposalEndStatus.ACCEPTED,
        commentForUser: 'Well done',
        commentForManagement: null,
        managementTimeAllocations: [
          { instrumentId: 1, value: 0 },
          { instrumentId: 2, value: 100000 },
        ],
        managementDecisionSubmitted: true,
      }),
    ).toBeNull();
    expect(await firstError({ proposalPk: 1, finalStatus: ProposalEndStatus.UNSET })).toBeNull();
  });

  it('requires a final status of the enum', async () => {
    expect(await firstError({ proposalPk: 1 })).toBe(D.finalStatusRequired);
    expect(await firstError({ proposalPk: 1, finalStatus: null })).toBe(D.finalStatusRequired);
    expect(await firstError({ proposalPk: 1, finalStatus: 'MAYBE' })).toBe(D.finalStatusOneOf);
  });

  it('requires each time allocation to be a number from 0 to 100000 on an instrument', async () => {
    const allocation = async (a: Record<string, unknown>) =>
      firstError({ proposalPk: 1, finalStatus: 'ACCEPTED', managementTimeAllocations: [a] });
    expect(await allocation({ instrumentId: 1, value: -1 })).toBe('Must be greater than or equal to 0');
    expect(await allocation({ instrumentId: 1, value: 100001 })).toBe('Must be less than or equal to 100000');
    expect(await allocation({ instrumentId: 1, value: null })).toBe(D.timeAllocationRequired);
    expect(await allocation({ instrumentId: 1 })).toBe(D.timeAllocationRequired);
    expect(await allocation({ value: 3 })).toBe(D.instrumentRequired);
  });

  it('limits the comments to 6000 characters (§9)', async () => {
    const long = 'x'.repeat(6001);
    expect(await firstError({ proposalPk: 1, finalStatus: 'REJECTED', commentForUser: long })).toBe(
      D.commentForUserMax,
    );
    expect(await firstError({ proposalPk: 1, finalStatus: 'REJECTED', commentForManagement: long })).toBe(
      D.commentForManagementMax,
    );
  });

  it('uses the §8 text when no instrument is assigned', () => {
    expect(D.noInstrumentAssigned).toBe('Proposal has to be assigned to an instrument for administration');
    expect(proposalMessages.instrumentRequiredForAdministration).toBe(D.noInstrumentAssigned);
  });
});

describe('the management decision in workflows and the event log', () => {
  it('maps each final status but UNSET to a status-changing event', () => {
    expect(finalStatusChangingEvent(ProposalEndStatus.ACCEPTED)).toBe('PROPOSAL_ACCEPTED');
    expect(finalStatusChangingEvent(ProposalEndStatus.REJECTED)).toBe('PROPOSAL_REJECTED');
    expect(finalStatusChangingEvent(ProposalEndStatus.RESERVED)).toBe('PROPOSAL_RESERVED');
    expect(finalStatusChangingEvent(ProposalEndStatus.UNSET)).toBeNull();
    for (const status of Object.values(ProposalEndStatus)) {
      const name = finalStatusChangingEvent(status);
      if (name) expect(statusChangingEvent(name)).toBeDefined();
    }
    for (const name of [
      'PROPOSAL_MANAGEMENT_DECISION_UPDATED',
      'PROPOSAL_MANAGEMENT_DECISION_SUBMITTED',
      'PROPOSAL_NOTIFIED',
    ])
      expect(statusChangingEvent(name)).toBeDefined();
  });

  it('describes the new proposal events in the event log', () => {
    const stream = proposalStreamId(7);
    expect(
      describeEvent(
        'ProposalManagementDecisionUpdated',
        {
          proposalPk: 7,
          finalStatus: 'RESERVED',
          previousFinalStatus: 'ACCEPTED',
          commentForUser: '',
          commentForManagement: 'secret',
          managementTimeAllocations: [{ instrumentId: 2, value: 5 }],
          managementDecisionSubmitted: true,
        },
        stream,
      ),
    ).toEqual({
      description:
        'Management decision saved: final status RESERVED (was ACCEPTED), time allocations instrument 2: 5, submitted',
      changedObjectId: '7',
      objectType: 'proposal',
      proposalPk: 7,
    });
    expect(
      describeEvent(
        'ProposalManagementDecisionSubmitted',
        { proposalPk: 7, finalStatus: 'REJECTED' },
        stream,
      ),
    ).toEqual({
      description: 'Management decision submitted: final status REJECTED',
      changedObjectId: '7',
      objectType: 'proposal',
      proposalPk: 7,
    });
    expect(
      describeEvent(
        'ProposalNotified',
        { proposalPk: 7, proposalId: 'UO-1', proposerId: 3, finalStatus: 'ACCEPTED', commentForUser: 'x' },
        stream,
      ).description,
    ).toBe('Proposal UO-1 notified: the proposers were told the final status ACCEPTED');
  });
});
