import { Injectable } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import type { ProposalModel } from '../proposals';
import { FapsRepository } from './read-models/faps/faps.repository';

/**
 * Who reads a proposal because of its panels (registered with `ProposalReaders`, §6): a FAP_REVIEWER who has a
 * review of it; a FAP_CHAIR or FAP_SECRETARY of one of the panels it is on.
 */
@Injectable()
export class FapReadRule {
  constructor(private readonly repository: FapsRepository) {}

  async mayRead(session: SessionUser, proposal: ProposalModel): Promise<boolean> {
    const pk = proposal.primaryKey;
    if (session.currentRole === Role.FAP_REVIEWER)
      return (await this.repository.reviews({ proposalPk: pk, userId: session.id })).length > 0;
    if (session.currentRole === Role.FAP_CHAIR || session.currentRole === Role.FAP_SECRETARY) {
      const fapIds = await this.repository.fapIdsOfMember(session.id, [session.currentRole]);
      if (fapIds.length === 0) return false;
      return (await this.repository.fapProposals({ fapIds, proposalPks: [pk] })).length > 0;
    }
    return false;
  }
}
