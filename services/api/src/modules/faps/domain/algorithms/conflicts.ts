/**
 * Conflicts of interest between a proposal and a possible reviewer (a FAP member).
 *
 * Pure: the caller gathers the facts (who proposed, the PI's institution, the proposals the reviewer and the PI
 * were both members of in the last N years) and this decides which conflicts they amount to.
 *
 * - PROPOSER (hard): the reviewer is the principal investigator or a co-proposer. A hard conflict may never be
 *   overridden by a person.
 * - INSTITUTION (soft): the reviewer's institution is the PI's (both ids non-null and equal).
 * - COAUTHOR (soft): the reviewer and the PI were both members of recent proposals.
 *
 * Soft conflicts are shown to the FAP chair / officer, who may still assign the pair by hand; the automatic
 * assignment (auto-assign.ts) never assigns a pair with any conflict. The order of the result is always
 * PROPOSER, INSTITUTION, COAUTHOR.
 */

export type ConflictKind = 'PROPOSER' | 'INSTITUTION' | 'COAUTHOR';

export interface Conflict {
  readonly kind: ConflictKind;
  readonly hard: boolean;
  readonly reason: string;
}

export interface ProposalConflictFacts {
  readonly proposalPk: number;
  /** reference shown to people */
  readonly proposalId: string;
  readonly piUserId: number;
  readonly coProposerUserIds: readonly number[];
  readonly piInstitutionId: number | null;
  readonly piInstitutionName: string | null;
}

export interface ReviewerConflictFacts {
  readonly userId: number;
  readonly institutionId: number | null;
  /** proposal references (proposalId) of proposals created within the last N years on which this reviewer and the PI were both members (PI or co-proposer); the caller computes it */
  readonly coauthoredWithPi: readonly string[];
}

/** How many co-authored proposal references a reason names before it ends with "…". */
export const COAUTHOR_REFERENCES_SHOWN = 3;

export const conflictReasons = {
  principalInvestigator: "Is the proposal's principal investigator",
  coProposer: 'Is a co-proposer of the proposal',
  institution: (name: string) => `Shares the PI's institution (${name})`,
  coauthor: (references: readonly string[]) => {
    const shown = references.slice(0, COAUTHOR_REFERENCES_SHOWN).join(', ');
    const more = references.length > COAUTHOR_REFERENCES_SHOWN ? ', …' : '';
    return `Co-authored ${shown}${more} with the PI`;
  },
} as const;

export function conflictsOf(proposal: ProposalConflictFacts, reviewer: ReviewerConflictFacts): Conflict[] {
  const conflicts: Conflict[] = [];
  if (reviewer.userId === proposal.piUserId) {
    conflicts.push({ kind: 'PROPOSER', hard: true, reason: conflictReasons.principalInvestigator });
  } else if (proposal.coProposerUserIds.includes(reviewer.userId)) {
    conflicts.push({ kind: 'PROPOSER', hard: true, reason: conflictReasons.coProposer });
  }
  if (proposal.piInstitutionId !== null && reviewer.institutionId === proposal.piInstitutionId) {
    const name = proposal.piInstitutionName ?? `institution ${proposal.piInstitutionId}`;
    conflicts.push({ kind: 'INSTITUTION', hard: false, reason: conflictReasons.institution(name) });
  }
  const references = [...new Set(reviewer.coauthoredWithPi)];
  if (references.length > 0) {
    conflicts.push({ kind: 'COAUTHOR', hard: false, reason: conflictReasons.coauthor(references) });
  }
  return conflicts;
}

/** Whether any of the conflicts is hard (a pair no one may assign). */
export function isHard(conflicts: readonly Conflict[]): boolean {
  return conflicts.some((c) => c.hard);
}
