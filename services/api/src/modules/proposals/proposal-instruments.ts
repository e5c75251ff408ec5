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
    return (await this.assignedMany([proposalPk])).get(proposalPk) ?? [];
  }

  /** `assigned` for many proposals, one question per source (proposal pk → its instrument ids; none: empty) */
  async assignedMany(proposalPks: readonly number[]): Promise<Map<number, number[]>> {
    const ids = new Map<number, Set<number>>(proposalPks.map((pk) => [pk, new Set<number>()]));
    for (const source of this.sources) {
      for (const [pk, assigned] of await source(proposalPks)) for (const id of assigned) ids.get(pk)?.add(id);
    }
    return new Map([...ids].map(([pk, set]) => [pk, [...set].sort((a, b) => a - b)]));
  }
}
