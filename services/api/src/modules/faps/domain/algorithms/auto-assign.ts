/**
 * Automatic assignment of FAP members to proposals: deterministic, explainable, optimal.
 *
 * ## Inputs
 * - `proposals`: each with the number of reviewers it needs in total (`required`) and the members already on it
 *   (`assigned`: kept as they are, they count toward `required` and toward the members' loads).
 * - `members`: the FAP members who may review, each with `existingLoad`, the reviews they already have outside
 *   this run (other calls or panels), which counts toward the cap and toward the balance.
 * - `conflicts(proposalPk, userId)`: a pair with ANY conflict, hard or soft, is never assigned automatically (a
 *   person may still assign a soft-conflicted pair by hand). It is asked once per pair the run considers: the
 *   proposals still missing reviewers × the members not already on them; those pairs with a conflict are the
 *   result's `skippedForConflict`, for the preview.
 * - `maxLoad`: the cap on a member's total load (existing + kept + new); default
 *   ceil(sum of `required` / number of members) + 1.
 * Kept members are never removed, even above `required` or the cap; a kept user who is not among `members`
 * counts toward the proposal's `required` but has no load here. Proposals are identified by pk (given twice: a
 * RangeError); a member given twice is one member with the larger existing load.
 *
 * ## The problem
 * A bipartite b-matching: pick new (proposal, member) pairs, each eligible (no conflict, member not already on
 * the proposal) and used at most once, so that every proposal gets `required − kept` new members, no member goes
 * above the cap, and the members' loads L(m) = existing + kept + new are as even as possible. As a min-cost
 * flow: source → proposal (capacity: missing reviewers) → member (capacity 1, eligible pairs only, cost 0) →
 * sink (the k-th unit on member m costs (L₀(m) + k)², convex and increasing, capacity up to the cap).
 *
 * ## The algorithm (successive shortest paths, specialised)
 * Proposals are taken by ascending pk, one missing reviewer at a time. For each, the cheapest augmenting path in
 * the residual graph is found and applied. Because every proposal → member edge costs 0, the cost of a path is
 * the marginal cost of the member it ends on, so the shortest path is simply a path to the least-loaded member
 * (below the cap) reachable from the proposal by alternating paths: "give member a to this proposal, move a off
 * proposal p₁ (a new pair of this run), give member b to p₁, …". Reachability is searched on the members only
 * (60, not 2,000 × 60 pairs): W[a][b] counts the proposals where a is new and b is eligible and not on it, and
 * is updated in O(members) when a pair changes. One augmentation is then a breadth-first search over at most
 * members² entries, and the whole run is O(units × members² + proposals × members), with no dependency.
 *
 * Ties are broken by the lowest load, then the shortest path (a direct assignment before a reshuffle), then the
 * lowest user id; proposals and members are sorted by id first, so the result depends on the input's content,
 * never its order.
 *
 * ## Guarantees
 * - Never a conflicted pair, never a member twice on one proposal, never a member above the cap (a member whose
 *   existing + kept load is already at or above the cap gets nothing new).
 * - The number of reviewers placed is the maximum possible (a max flow): every proposal gets exactly `required`
 *   whenever that is feasible at all; where it is not, `unfilled` says how many are missing and why.
 * - Among those, the sum of squared loads is minimal (successive shortest paths keep the residual graph free of
 *   negative cycles). The loads reachable form an M-convex set (the degree vectors of a bipartite b-matching,
 *   within a box), on which the square-sum minimiser is also decreasingly and increasingly minimal (Frank &
 *   Murota): the highest load is as low as possible and the lowest as high as possible at once, so max − min is
 *   as small as the conflicts and caps allow — at most 1 when nothing prevents it.
 * - Each new pair's reason states its member's load before and after the run and how it compares with the
 *   other eligible members of that proposal (at the optimum a member is never 2 or more above another eligible
 *   member who is not on the proposal and below the cap: moving one review would lower the square sum).
 */
import type { Conflict } from './conflicts';

export interface AutoAssignProposal {
  readonly proposalPk: number;
  readonly required: number;
  /** members already assigned (kept, count toward required and load) */
  readonly assigned: readonly number[];
}

export interface AutoAssignMember {
  readonly userId: number;
  /** reviews this member already has outside this run (other calls/panels); counts toward the cap */
  readonly existingLoad?: number;
}

export interface AutoAssignInput {
  readonly proposals: readonly AutoAssignProposal[];
  readonly members: readonly AutoAssignMember[];
  /** conflicts per pair; a pair with ANY conflict (hard or soft) is never auto-assigned */
  readonly conflicts: (proposalPk: number, userId: number) => readonly Conflict[];
  /** per-member cap on total load (existing + assigned); default: ceil(total required reviews / members) + 1 */
  readonly maxLoad?: number;
}

export interface AutoAssignPair {
  readonly proposalPk: number;
  readonly userId: number;
  readonly reason: string;
}

export interface AutoAssignUnfilled {
  proposalPk: number;
  missing: number;
  reason: string;
}

export interface AutoAssignSkipped {
  proposalPk: number;
  userId: number;
  reasons: readonly string[];
}

export interface AutoAssignResult {
  /** new pairs only, sorted by proposalPk then userId */
  readonly assignments: readonly AutoAssignPair[];
  readonly unfilled: readonly AutoAssignUnfilled[];
  /** member → total load after the run (existing + kept + new) */
  readonly loads: ReadonlyMap<number, number>;
  /** every conflicted pair considered (for the preview) */
  readonly skippedForConflict: readonly AutoAssignSkipped[];
  readonly maxLoad: number;
}

/** The default cap: ceil(total required reviews / members) + 1 (0 without members). */
export function defaultMaxLoad(proposals: readonly AutoAssignProposal[], memberCount: number): number {
  if (memberCount === 0) return 0;
  const required = proposals.reduce((sum, p) => sum + Math.max(0, p.required), 0);
  return Math.ceil(required / memberCount) + 1;
}

export function autoAssign(input: AutoAssignInput): AutoAssignResult {
  const proposals = [...input.proposals].sort((a, b) => a.proposalPk - b.proposalPk);
  for (let i = 1; i < proposals.length; i++) {
    if (proposals[i].proposalPk === proposals[i - 1].proposalPk) {
      throw new RangeError(`autoAssign: proposal ${proposals[i].proposalPk} is given twice`);
    }
  }
  // A member given twice is one member (the larger existing load wins, whatever the order).
  const byUser = new Map<number, number>();
  for (const m of input.members) {
    byUser.set(m.userId, Math.max(byUser.get(m.userId) ?? 0, Math.max(0, m.existingLoad ?? 0)));
  }
  const memberIds = [...byUser.keys()].sort((a, b) => a - b);
  const M = memberIds.length;
  const P = proposals.length;
  const memberIndex = new Map(memberIds.map((id, i) => [id, i]));
  const maxLoad = input.maxLoad ?? defaultMaxLoad(proposals, M);

  const load = new Int32Array(M);
  memberIds.forEach((id, m) => (load[m] = byUser.get(id) ?? 0));

  // Kept pairs: on the proposal, counted in the loads, never moved.
  const kept: number[][] = proposals.map((p) => [...new Set(p.assigned)]);
  const missing = new Int32Array(P);
  proposals.forEach((p, i) => {
    missing[i] = Math.max(0, p.required - kept[i].length);
    for (const userId of kept[i]) {
      const m = memberIndex.get(userId);
      if (m !== undefined) load[m]++;
    }
  });
  const startLoad = Int32Array.from(load);

  // Eligibility of the pairs the run considers (proposals missing someone).
  const eligible = new Uint8Array(P * M);
  const eligibleCount = new Int32Array(P); // eligible members not already on the proposal
  const skippedForConflict: AutoAssignSkipped[] = [];
  for (let p = 0; p < P; p++) {
    if (missing[p] === 0) continue;
    const keptSet = new Set(kept[p]);
    for (let m = 0; m < M; m++) {
      const userId = memberIds[m];
      if (keptSet.has(userId)) continue;
      const conflicts = input.conflicts(proposals[p].proposalPk, userId);
      if (conflicts.length > 0) {
        skippedForConflict.push({
          proposalPk: proposals[p].proposalPk,
          userId,
          reasons: conflicts.map((c) => c.reason),
        });
      } else {
        eligible[p * M + m] = 1;
        eligibleCount[p]++;
      }
    }
  }

  // New pairs of this run, and the member-to-member transfer counts W (see the header).
  const on = new Uint8Array(P * M);
  const newOf: Set<number>[] = Array.from({ length: M }, () => new Set<number>());
  const transfer = new Int32Array(M * M);
  const free = (p: number, m: number) => eligible[p * M + m] === 1 && on[p * M + m] === 0;

  const add = (p: number, a: number) => {
    const row = p * M;
    for (let b = 0; b < M; b++) {
      if (b === a) continue;
      if (on[row + b] === 1)
        transfer[b * M + a]--; // a is no longer free on p
      else if (eligible[row + b] === 1) transfer[a * M + b]++; // a may now hand p to b
    }
    on[row + a] = 1;
    newOf[a].add(p);
    load[a]++;
  };
  const remove = (p: number, a: number) => {
    const row = p * M;
    on[row + a] = 0;
    newOf[a].delete(p);
    load[a]--;
    for (let b = 0; b < M; b++) {
      if (b === a) continue;
      if (on[row + b] === 1) transfer[b * M + a]++;
      else if (eligible[row + b] === 1) transfer[a * M + b]--;
    }
  };

  const parent = new Int32Array(M);
  const depth = new Int32Array(M);
  const queue = new Int32Array(M);
  /** One more reviewer for proposal p along a shortest augmenting path; false when none exists. */
  const augment = (p0: number): boolean => {
    parent.fill(-2); // -2: not reached, -1: reached straight from p0
    let head = 0;
    let tail = 0;
    for (let m = 0; m < M; m++) {
      if (free(p0, m)) {
        parent[m] = -1;
        depth[m] = 0;
        queue[tail++] = m;
      }
    }
    while (head < tail) {
      const a = queue[head++];
      const row = a * M;
      for (let b = 0; b < M; b++) {
        if (parent[b] === -2 && transfer[row + b] > 0) {
          parent[b] = a;
          depth[b] = depth[a] + 1;
          queue[tail++] = b;
        }
      }
    }
    let target = -1;
    for (let m = 0; m < M; m++) {
      if (parent[m] === -2 || load[m] >= maxLoad) continue;
      if (target === -1 || load[m] < load[target] || (load[m] === load[target] && depth[m] < depth[target])) {
        target = m;
      }
    }
    if (target === -1) return false;
    // Walk back: b takes, from a, a proposal where a is new and b is free; then a is given the previous one.
    let b = target;
    while (parent[b] >= 0) {
      const a = parent[b];
      let witness = -1;
      for (const p of newOf[a]) if (free(p, b) && (witness === -1 || p < witness)) witness = p;
      remove(witness, a);
      add(witness, b);
      b = a;
    }
    add(p0, b);
    return true;
  };

  const unfilled: AutoAssignUnfilled[] = [];
  for (let p = 0; p < P; p++) {
    let placed = 0;
    while (placed < missing[p] && augment(p)) placed++;
    if (placed < missing[p]) {
      const withoutConflict = kept[p].length + eligibleCount[p];
      const stillMissing = missing[p] - placed;
      const reason =
        withoutConflict < proposals[p].required
          ? `only ${withoutConflict} member${withoutConflict === 1 ? '' : 's'} without a conflict`
          : `members at their load cap of ${maxLoad}`;
      unfilled.push({ proposalPk: proposals[p].proposalPk, missing: stillMissing, reason });
    }
  }

  const assignments: AutoAssignPair[] = [];
  for (let p = 0; p < P; p++) {
    const row = p * M;
    for (let m = 0; m < M; m++) {
      if (on[row + m] === 0) continue;
      let lowestOther = Infinity;
      for (let o = 0; o < M; o++) {
        if (free(p, o) && load[o] < maxLoad) lowestOther = Math.min(lowestOther, load[o]);
      }
      const comparison =
        lowestOther === Infinity
          ? 'no other eligible member below the cap'
          : load[m] <= lowestOther
            ? 'lowest eligible load'
            : `within one of the lowest eligible load, ${lowestOther}`;
      assignments.push({
        proposalPk: proposals[p].proposalPk,
        userId: memberIds[m],
        reason: `No conflict; load ${startLoad[m]} → ${load[m]} (${comparison})`,
      });
    }
  }

  const loads = new Map<number, number>();
  memberIds.forEach((id, m) => loads.set(id, load[m]));
  return { assignments, unfilled, loads, skippedForConflict, maxLoad };
}
