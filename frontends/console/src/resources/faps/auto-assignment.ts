/**
 * The automatic assignment's preview (issue #28 item 3): the api proposes (proposal, member) pairs, each with its
 * reason, and the conflicts it skipped; the chair removes pairs before accepting. Pure helpers of the dialog.
 */

export interface ProposedPair {
  proposalPk: number;
  proposalId: string;
  memberId: number;
  memberName: string;
  reason: string;
}

export const pairKey = (p: { proposalPk: number; memberId: number }): string =>
  `${p.proposalPk}:${p.memberId}`;

/** The reviews each member would have to grade once the kept pairs are applied (their current load added). */
export function loadPerMember(
  pairs: readonly ProposedPair[],
  current: readonly { memberId: number; memberName: string; load: number }[] = [],
): { memberId: number; memberName: string; load: number }[] {
  const loads = new Map<number, { memberId: number; memberName: string; load: number }>();
  for (const c of current) loads.set(c.memberId, { ...c });
  for (const p of pairs) {
    const entry = loads.get(p.memberId) ?? { memberId: p.memberId, memberName: p.memberName, load: 0 };
    entry.load += 1;
    loads.set(p.memberId, entry);
  }
  return [...loads.values()].sort((a, b) => a.memberName.localeCompare(b.memberName));
}

/** The pairs kept after the chair removed some (by key). */
export const keptPairs = (pairs: readonly ProposedPair[], removed: ReadonlySet<string>): ProposedPair[] =>
  pairs.filter((p) => !removed.has(pairKey(p)));
