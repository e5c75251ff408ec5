import { Injectable } from '@nestjs/common';
import type { CompatibleInstrumentMessage, CompatibleProposalMessage } from '@user-office/contracts';
import { CallsRepository } from '../../calls';
import { InstitutionsRepository } from '../../institutions';
import { InstrumentsRepository } from '../../instruments';
import { ProposalInstruments, ProposalsRepository } from '../../proposals';
import { UsersService } from '../../users';
import { WorkflowsRepository } from '../../workflows';
import { buildCompatibleProposalMessage, type CompatiblePersonSource } from './compatible-message.builder';

interface UserLike {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  oidcSub?: string | null;
  institutionId: number | null;
}

/**
 * The facts of the compatible profile's messages, read from the read models (as the original reads its tables
 * when it publishes), then built by the pure builders.
 */
@Injectable()
export class CompatibleMessages {
  constructor(
    private readonly proposals: ProposalsRepository,
    private readonly proposalInstruments: ProposalInstruments,
    private readonly calls: CallsRepository,
    private readonly users: UsersService,
    private readonly institutions: InstitutionsRepository,
    private readonly instruments: InstrumentsRepository,
    private readonly workflows: WorkflowsRepository,
  ) {}

  /**
   * The proposal message; `statusId` the status reached (a status action), else the proposal's; null when the
   * proposal does not exist (`includeDeleted`: a deleted one as it was)
   */
  async proposal(
    proposalPk: number,
    options: { statusId?: number; includeDeleted?: boolean } = {},
  ): Promise<CompatibleProposalMessage | null> {
    const proposal = await this.proposals.proposal(proposalPk, { includeDeleted: options.includeDeleted });
    if (!proposal) return null;
    const [call, status, pi, members, instrumentIds] = await Promise.all([
      this.calls.call(proposal.callId),
      this.workflows.status(options.statusId ?? proposal.statusId, { includeDeleted: true }),
      this.users.byId(proposal.proposerId),
      this.users.byIds(proposal.userIds),
      this.proposalInstruments.assigned(proposal.primaryKey),
    ]);
    const instruments = instrumentIds.length > 0 ? await this.instruments.byIds(instrumentIds) : [];
    return buildCompatibleProposalMessage({
      proposal,
      statusShortCode: status?.shortCode ?? '',
      allocationTimeUnit: call?.allocationTimeUnit ?? null,
      proposer: pi ? await this.person(pi) : null,
      members: await Promise.all(members.map((m) => this.person(m))),
      instruments: instrumentIds.flatMap((id) => {
        const found = instruments.find((i) => i.id === id);
        return found ? [{ id, shortCode: found.shortCode }] : [];
      }),
    });
  }

  async instrument(id: number): Promise<CompatibleInstrumentMessage | null> {
    const instrument = await this.instruments.instrument(id, { includeDeleted: true });
    if (!instrument) return null;
    return {
      id: instrument.id,
      name: instrument.name,
      shortCode: instrument.shortCode,
      description: instrument.description ?? '',
    };
  }

  private async person(user: UserLike): Promise<CompatiblePersonSource> {
    const institution =
      user.institutionId === null
        ? null
        : await this.institutions.byId(user.institutionId, { includeDeleted: true });
    return {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      oidcSub: user.oidcSub ?? null,
      institution: institution
        ? { id: institution.id, name: institution.name, country: institution.country?.value ?? null }
        : null,
    };
  }
}
