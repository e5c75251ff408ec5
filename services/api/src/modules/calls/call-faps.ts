import { Injectable } from '@nestjs/common';

/** Of some FAP ids, those of live panels. */
export type LiveFaps = (fapIds: readonly number[]) => Promise<ReadonlySet<number>>;

/**
 * The panels a call may name (§3 Call faps). The faps module registers its lookup at start; the calls module checks
 * a call's FAP ids through it without importing that module (which imports the calls').
 */
@Injectable()
export class CallFaps {
  private lookup: LiveFaps | null = null;

  register(lookup: LiveFaps): void {
    this.lookup = lookup;
  }

  /** the ids of `fapIds` that name no live panel (all of them while no lookup is registered) */
  async missing(fapIds: readonly number[]): Promise<number[]> {
    if (fapIds.length === 0) return [];
    const live = this.lookup ? await this.lookup(fapIds) : new Set<number>();
    return fapIds.filter((id) => !live.has(id));
  }
}
