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
    const [message] = await this.proposalMessages([{ proposalPk, statusId: options.statusId }], options);
    return message;
  }

  /**
   * `proposal` for many (a batch of status actions): the proposals, people, institutions, instruments, calls and
   * statuses read once for them all; one message (or null) per request, in order.
   */
  async proposalMessages(
    requests: readonly { proposalPk: number; statusId?: number }[],
    options: { includeDeleted?: boolean } = {},
  ): Promise<(CompatibleProposalMessage | null)[]> {
    if (requests.length === 0) return [];
    const includeDeleted = options.includeDeleted ?? false;
    const pks = [...new Set(requests.map((r) => r.proposalPk))];
    const found = new Map(
      (await this.proposals.proposals(pks, { includeDeleted })).map((p) => [p.primaryKey, p] as const),
    );
    const present = [...found.values()];
    const statusIds = new Set(
      requests.flatMap((r) => {
        const proposal = found.get(r.proposalPk);
        return proposal ? [r.statusId ?? proposal.statusId] : [];
      }),
    );
    const [calls, statuses, people, assigned] = await Promise.all([
      this.byId([...new Set(present.map((p) => p.callId))], (id) => this.calls.call(id)),
      this.byId([...statusIds], (id) => this.workflows.status(id, { includeDeleted: true })),
      this.users.byIds([...new Set(present.flatMap((p) => [p.proposerId, ...p.userIds]))]),
      this.proposalInstruments.assignedMany(pks),
    ]);
    const users = new Map(people.map((u) => [u.id, u] as const));
    const instrumentIds = [...new Set([...assigned.values()].flat())];
    const institutionIds = [
      ...new Set(people.flatMap((u) => (u.institutionId === null ? [] : [u.institutionId]))),
    ];
    const [instruments, institutions] = await Promise.all([
      instrumentIds.length > 0 ? this.instruments.byIds(instrumentIds) : [],
      this.institutions.byIds(institutionIds, { includeDeleted: true }),
    ]);
    const institutionOf = new Map(institutions.map((i) => [i.id, i] as const));
    const person = (user: UserLike): CompatiblePersonSource => {
      const institution =
        user.institutionId === null ? null : (institutionOf.get(user.institutionId) ?? null);
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
    };
    return requests.map((r) => {
      const proposal = found.get(r.proposalPk);
      if (!proposal) return null;
      const pi = users.get(proposal.proposerId);
      const ids = assigned.get(proposal.primaryKey) ?? [];
      return buildCompatibleProposalMessage({
        proposal,
        statusShortCode: statuses.get(r.statusId ?? proposal.statusId)?.shortCode ?? '',
        allocationTimeUnit: calls.get(proposal.callId)?.allocationTimeUnit ?? null,
        proposer: pi ? person(pi) : null,
        // in the order the users read gives them, as one proposal's own read did
        members: people.filter((u) => proposal.userIds.includes(u.id)).map(person),
        instruments: ids.flatMap((id) => {
          const found = instruments.find((i) => i.id === id);
          return found ? [{ id, shortCode: found.shortCode }] : [];
        }),
      });
    });
  }

  /** each id's record, read one by one (a batch names few calls and statuses) */
  private async byId<T>(
    ids: readonly number[],
    read: (id: number) => Promise<T | null>,
  ): Promise<Map<number, T>> {
    const records = await Promise.all(ids.map(async (id) => [id, await read(id)] as const));
    return new Map(records.flatMap(([id, record]) => (record === null ? [] : [[id, record] as const])));
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
}
