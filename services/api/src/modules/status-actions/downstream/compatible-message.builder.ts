import {
  secondsPerAllocationUnit,
  type CompatibleInstrument,
  type CompatibleMember,
  type CompatibleProposalMessage,
} from '@user-office/contracts';

export interface CompatiblePersonSource {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  oidcSub?: string | null;
  institution?: { id: number; name: string; country: string | null } | null;
}

export interface CompatibleProposalInput {
  proposal: {
    primaryKey: number;
    proposalId: string;
    title: string;
    abstract: string;
    callId: number;
    submitted: boolean;
    managementTimeAllocations: readonly { instrumentId: number; value: number }[];
  };
  /** the short code of the proposal's status */
  statusShortCode: string;
  /** the call's allocation time unit (Day, Week, Hour) */
  allocationTimeUnit: string | null;
  proposer: CompatiblePersonSource | null;
  members: readonly CompatiblePersonSource[];
  /** the proposal's instruments */
  instruments: readonly { id: number; shortCode: string }[];
}

export const compatibleMember = (p: CompatiblePersonSource): CompatibleMember => ({
  id: String(p.id),
  firstName: p.firstname,
  lastName: p.lastname,
  email: p.email,
  oidcSub: p.oidcSub ?? null,
  institution: p.institution ?? null,
});

/**
 * Pure: the body of PROPOSAL_STATUS_ACTION_EXECUTED, PROPOSAL_DELETED and the feed's proposal types in the profile
 * of the open-source user office (contracts' COMPATIBLE_PROPOSAL_MESSAGE_SCHEMA). `instruments` is always present;
 * `allocatedTime` is the management decision's time allocation in seconds (the call's unit: day 86,400, week
 * 604,800, hour 3,600; 0 when no time was allocated).
 */
export function buildCompatibleProposalMessage(input: CompatibleProposalInput): CompatibleProposalMessage {
  const unit = secondsPerAllocationUnit(input.allocationTimeUnit);
  const allocation = (id: number) =>
    input.proposal.managementTimeAllocations.find((a) => a.instrumentId === id)?.value ?? 0;
  const instruments: CompatibleInstrument[] = input.instruments.map((i) => ({
    id: i.id,
    shortCode: i.shortCode,
    allocatedTime: allocation(i.id) * unit,
  }));
  return {
    proposalPk: input.proposal.primaryKey,
    shortCode: input.proposal.proposalId,
    title: input.proposal.title,
    abstract: input.proposal.abstract,
    callId: input.proposal.callId,
    newStatus: input.statusShortCode,
    submitted: input.proposal.submitted,
    proposer: input.proposer ? compatibleMember(input.proposer) : null,
    members: input.members.map(compatibleMember),
    instruments,
  };
}
