import { Injectable } from '@nestjs/common';
import { InstrumentsLookup, staffOf } from './instruments-lookup';
import { TechnicalReviewsRepository } from './read-models/technical-reviews/technical-reviews.repository';

/** The scientists of a proposal (status-action recipients INSTRUMENT_SCIENTISTS and TECHNIQUE_SCIENTISTS). */
@Injectable()
export class ProposalStaff {
  constructor(
    private readonly repository: TechnicalReviewsRepository,
    private readonly instruments: InstrumentsLookup,
  ) {}

  /** the managers and scientists of the proposal's instruments, each once */
  async instrumentScientistIds(proposalPk: number): Promise<number[]> {
    const ids = (await this.repository.instrumentIdsOf([proposalPk])).get(proposalPk) ?? [];
    const instruments = await this.instruments.byIds(ids);
    return [...new Set(instruments.flatMap(staffOf))];
  }

  /** the scientists of the proposal's techniques, each once */
  async techniqueScientistIds(proposalPk: number): Promise<number[]> {
    const ids = (await this.repository.techniqueIdsOf([proposalPk])).get(proposalPk) ?? [];
    const techniques = await this.instruments.techniquesByIds(ids);
    return [...new Set(techniques.flatMap((t) => t.scientistIds))];
  }
}
