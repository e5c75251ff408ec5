import { Injectable } from '@nestjs/common';
import type { SessionUser } from '../../platform/auth/session';
import type { ProposalModel } from './read-models/proposals/proposal.model';

/** A rule that lets staff read a proposal they work on (e.g. the scientist of one of its instruments). */
export type ProposalReadRule = (session: SessionUser, proposal: ProposalModel) => Promise<boolean>;

/**
 * Who else may read a proposal besides officers and its members (§6: the staff who review it). The modules that
 * know those staff (technical reviews, internal reviews, later FAPs) register a rule at start; the proposals module
 * asks here (getProposal, the review modal, downloads) without importing them. A rule only adds readers: it never
 * lets anyone change a proposal.
 */
@Injectable()
export class ProposalReaders {
  private readonly rules: ProposalReadRule[] = [];

  register(rule: ProposalReadRule): void {
    this.rules.push(rule);
  }

  /** Whether one of the registered rules lets the caller read the proposal. */
  async mayRead(session: SessionUser, proposal: ProposalModel): Promise<boolean> {
    for (const rule of this.rules) if (await rule(session, proposal)) return true;
    return false;
  }
}
