import { Injectable } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import type { SessionUser } from '../../platform/auth/session';
import type { ProposalModel } from '../proposals';
import { InstrumentsLookup, staffOf } from './instruments-lookup';
import { TechnicalReviewsRepository } from './read-models/technical-reviews/technical-reviews.repository';

/**
 * Who reads a proposal because of its instruments (registered with the proposals module's `ProposalReaders`):
 * an instrument scientist who manages or is a scientist of one of its instruments, or a scientist of one of its
 * techniques, or the assignee of one of its technical reviews. (FAP chairs and secretaries come with the FAPs.)
 */
@Injectable()
export class ScientistReadRule {
  constructor(
    private readonly repository: TechnicalReviewsRepository,
    private readonly instruments: InstrumentsLookup,
  ) {}

  async mayRead(session: SessionUser, proposal: ProposalModel): Promise<boolean> {
    if (session.currentRole !== Role.INSTRUMENT_SCIENTIST) return false;
    const pk = proposal.primaryKey;
    const reviews = await this.repository.ofProposal(pk);
    if (reviews.some((r) => r.technicalReviewAssigneeId === session.id)) return true;
    const instrumentIds = (await this.repository.instrumentIdsOf([pk])).get(pk) ?? [];
    if (instrumentIds.length > 0) {
      const instruments = await this.instruments.byIds(instrumentIds);
      if (instruments.some((i) => staffOf(i).includes(session.id))) return true;
    }
    const techniqueIds = (await this.repository.techniqueIdsOf([pk])).get(pk) ?? [];
    if (techniqueIds.length > 0) {
      const techniques = await this.instruments.techniquesByIds(techniqueIds);
      if (techniques.some((t) => t.scientistIds.includes(session.id))) return true;
    }
    return false;
  }
}
