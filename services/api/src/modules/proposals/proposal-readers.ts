import { Injectable } from '@nestjs/common';
import { proposalRuleMessages as M, Role } from '@user-office/contracts';
import { forbidden, notFound } from '../../platform/errors/app-error';
import type { SessionUser } from '../../platform/auth/session';
import type { ProposalModel } from './read-models/proposals/proposal.model';
import { ProposalsRepository } from './read-models/proposals/proposals.repository';

/** A rule that lets staff read a proposal they work on (e.g. the scientist of one of its instruments). */
export type ProposalReadRule = (session: SessionUser, proposal: ProposalModel) => Promise<boolean>;

/**
 * THE read rule of a proposal and of everything hanging off it (§6, CONVENTIONS "Reads ask one rule"): its
 * questionary, samples, sub-templates, files, technical, internal and FAP reviews, meeting decisions, scientist
 * comments, experiments, ESIs, visits, shipments, feedback, history and downloads are readable by exactly those who
 * may read the proposal: officers (and API access tokens, `session` null, let through by the operation's policy),
 * its members (PI, co-proposers), and the staff a registered rule names. The modules that know those staff register
 * their rule at start: technical reviews (the scientists of its instruments and techniques, its reviews' assignees),
 * internal reviews (their reviewers), FAPs (its panels' chairs and secretaries, its FAP reviewers), experiments (the
 * safety reviewers of a submitted ESI, the scientists of the instruments its live experiments run on). There is no
 * "staff read all": a role reads a proposal only through a rule.
 * Within a readable proposal, each module shows what the caller's role sees of its part (a member a technical
 * review's public part, an internal reviewer their own review's title and comment, …).
 *
 * Single reads refuse with the proposal's own message ("You may not see this proposal"), and a missing object is
 * refused alike for everyone but officers, so a refusal says nothing about existence; lists filter (`readablePks`).
 * A rule only adds readers: it never lets anyone change a proposal.
 */
@Injectable()
export class ProposalReaders {
  private readonly rules: ProposalReadRule[] = [];

  constructor(private readonly repository: ProposalsRepository) {}

  register(rule: ProposalReadRule): void {
    this.rules.push(rule);
  }

  /** officers and API access tokens (the guard let the token through because it names the operation) */
  isOfficer(session: SessionUser | null): boolean {
    return session === null || session.currentRole === Role.USER_OFFICER;
  }

  isMember(proposal: ProposalModel, userId: number): boolean {
    return proposal.proposerId === userId || proposal.userIds.includes(userId);
  }

  /** Whether the caller reads the proposal: an officer, a member, or a registered rule's staff. */
  async mayRead(session: SessionUser | null, proposal: ProposalModel): Promise<boolean> {
    if (this.isOfficer(session) || this.isMember(proposal, session!.id)) return true;
    for (const rule of this.rules) if (await rule(session!, proposal)) return true;
    return false;
  }

  /** mayRead, refused with the proposal's message. */
  async assertMayRead(session: SessionUser | null, proposal: ProposalModel): Promise<void> {
    if (!(await this.mayRead(session, proposal))) throw forbidden(M.mayNotRead);
  }

  /**
   * The proposal by its key when the caller reads it. Refused with "You may not see this proposal" otherwise, and
   * when it does not exist (officers: "Proposal not found").
   */
  async readable(session: SessionUser | null, proposalPk: number): Promise<ProposalModel> {
    const proposal = await this.repository.proposal(proposalPk);
    if (!proposal) {
      if (this.isOfficer(session)) throw notFound(M.notFound);
      throw forbidden(M.mayNotRead);
    }
    await this.assertMayRead(session, proposal);
    return proposal;
  }

  /**
   * For a single read of something hanging off a proposal that does not exist: officers get null (or the
   * module's not-found), anyone else the same refusal as a proposal they may not read.
   */
  missing(session: SessionUser | null): null {
    if (this.isOfficer(session)) return null;
    throw forbidden(M.mayNotRead);
  }

  /** Of these proposals, the ones the caller reads (lists leave the others out). */
  async readablePks(session: SessionUser | null, proposalPks: Iterable<number>): Promise<Set<number>> {
    const unique = [...new Set(proposalPks)];
    if (this.isOfficer(session)) return new Set(unique);
    const proposals = await this.repository.proposals(unique);
    const readable = new Set<number>();
    for (const p of proposals) if (await this.mayRead(session, p)) readable.add(p.primaryKey);
    return readable;
  }

  /** The items of a list whose proposal the caller reads. */
  async filter<T>(
    session: SessionUser | null,
    items: readonly T[],
    proposalPkOf: (item: T) => number,
  ): Promise<T[]> {
    if (this.isOfficer(session)) return [...items];
    const readable = await this.readablePks(session, items.map(proposalPkOf));
    return items.filter((item) => readable.has(proposalPkOf(item)));
  }
}
