import { Injectable } from '@nestjs/common';

/** The instruments assigned to a batch of proposals (proposal pk → instrument ids; absent means none). */
export type AssignedInstrumentsSource = (proposalPks: readonly number[]) => Promise<Map<number, number[]>>;

/**
 * Which instruments a proposal is assigned to. The module that assigns them (instruments, a later issue)
 * registers a source at start; the proposals module asks here (e.g. management time allocations are only for the
 * proposal's instruments) without importing it. With no source registered, no proposal has an instrument.
 */
@Injectable()
export class ProposalInstruments {
  private readonly sources: AssignedInstrumentsSource[] = [];

  register(source: AssignedInstrumentsSource): void {
    this.sources.push(source);
  }

  /** The instrument ids assigned to the proposal, ascending, each once. */
  async assigned(proposalPk: number): Promise<number[]> {
    const ids = new Set<number>();
    for (const source of this.sources) {
      for (const id of (await source([proposalPk])).get(proposalPk) ?? []) ids.add(id);
    }
    return [...ids].sort((a, b) => a - b);
  }
}
