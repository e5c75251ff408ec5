import {
  autoAssign,
  defaultMaxLoad,
  type AutoAssignInput,
  type AutoAssignMember,
  type AutoAssignProposal,
  type AutoAssignResult,
} from './auto-assign';
import type { Conflict } from './conflicts';

/** mulberry32: a small seeded PRNG, so every random case can be replayed from its seed. */
const mulberry32 = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const shuffled = <T>(items: readonly T[], random: () => number): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

const soft: Conflict = { kind: 'INSTITUTION', hard: false, reason: "Shares the PI's institution (ESS)" };
const hard: Conflict = { kind: 'PROPOSER', hard: true, reason: 'Is a co-proposer of the proposal' };
const conflictsFrom =
  (pairs: readonly (readonly [number, number, Conflict])[]) =>
  (proposalPk: number, userId: number): readonly Conflict[] =>
    pairs.filter(([p, u]) => p === proposalPk && u === userId).map(([, , c]) => c);
const noConflicts = () => [];
const proposal = (proposalPk: number, required = 2, assigned: number[] = []): AutoAssignProposal => ({
  proposalPk,
  required,
  assigned,
});
const members = (...ids: number[]): AutoAssignMember[] => ids.map((userId) => ({ userId }));
const pairsOf = (result: AutoAssignResult) => result.assignments.map((a) => [a.proposalPk, a.userId]);
const reviewersOf = (input: AutoAssignInput, result: AutoAssignResult, proposalPk: number) => [
  ...(input.proposals.find((p) => p.proposalPk === proposalPk)?.assigned ?? []),
  ...result.assignments.filter((a) => a.proposalPk === proposalPk).map((a) => a.userId),
];

describe('automatic reviewer assignment', () => {
  it('given no conflicts, when assigned, then every proposal gets its reviewers and the loads are even', () => {
    const input: AutoAssignInput = {
      proposals: [1, 2, 3, 4, 5, 6].map((pk) => proposal(pk, 2)),
      members: members(10, 20, 30, 40),
      conflicts: noConflicts,
    };
    const result = autoAssign(input);
    expect(result.assignments).toHaveLength(12);
    expect([...result.loads.values()]).toEqual([3, 3, 3, 3]);
    expect(result.unfilled).toEqual([]);
    expect(result.maxLoad).toBe(4); // ceil(12 / 4) + 1
    const sorted = [...pairsOf(result)].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(pairsOf(result)).toEqual(sorted);
  });

  it('given kept assignments, when assigned, then they count toward required and toward the load', () => {
    const input: AutoAssignInput = {
      proposals: [proposal(1, 2, [10]), proposal(2, 2, [10]), proposal(3, 1, [20, 30])],
      members: members(10, 20, 30),
      conflicts: noConflicts,
    };
    const result = autoAssign(input);
    expect(pairsOf(result)).toEqual([
      [1, 20],
      [2, 30],
    ]);
    expect(result.loads).toEqual(
      new Map([
        [10, 2],
        [20, 2],
        [30, 2],
      ]),
    );
    expect(result.unfilled).toEqual([]);
  });

  it('given conflicts hard and soft, when assigned, then no conflicted pair is assigned and each is listed with its reasons', () => {
    const input: AutoAssignInput = {
      proposals: [proposal(1, 2), proposal(2, 2)],
      members: members(10, 20, 30),
      conflicts: conflictsFrom([
        [1, 10, hard],
        [2, 20, soft],
      ]),
    };
    const result = autoAssign(input);
    expect(reviewersOf(input, result, 1).sort()).toEqual([20, 30]);
    expect(reviewersOf(input, result, 2).sort()).toEqual([10, 30]);
    expect(result.skippedForConflict).toEqual([
      { proposalPk: 1, userId: 10, reasons: [hard.reason] },
      { proposalPk: 2, userId: 20, reasons: [soft.reason] },
    ]);
  });

  it('given too few members without a conflict, when assigned, then the proposal is unfilled with that reason', () => {
    const result = autoAssign({
      proposals: [proposal(1, 3)],
      members: members(10, 20, 30),
      conflicts: conflictsFrom([[1, 30, soft]]),
    });
    expect(result.assignments).toHaveLength(2);
    expect(result.unfilled).toEqual([
      { proposalPk: 1, missing: 1, reason: 'only 2 members without a conflict' },
    ]);
  });

  it('given a cap, when assigned, then no member goes above it and what does not fit is unfilled with the cap', () => {
    const result = autoAssign({
      proposals: [1, 2, 3].map((pk) => proposal(pk, 2)),
      members: [{ userId: 10, existingLoad: 1 }, { userId: 20 }],
      conflicts: noConflicts,
      maxLoad: 2,
    });
    expect(result.loads).toEqual(
      new Map([
        [10, 2],
        [20, 2],
      ]),
    );
    expect(result.assignments).toHaveLength(3);
    expect(result.unfilled).toEqual([
      { proposalPk: 2, missing: 1, reason: 'members at their load cap of 2' },
      { proposalPk: 3, missing: 2, reason: 'members at their load cap of 2' },
    ]);
  });

  it('given existing loads elsewhere, when assigned, then the new reviews go to the least loaded first', () => {
    const result = autoAssign({
      proposals: [1, 2, 3, 4].map((pk) => proposal(pk, 1)),
      members: [{ userId: 10, existingLoad: 4 }, { userId: 20, existingLoad: 1 }, { userId: 30 }],
      conflicts: noConflicts,
      maxLoad: 10,
    });
    expect(result.loads).toEqual(
      new Map([
        [10, 4],
        [20, 3],
        [30, 2],
      ]),
    );
  });

  it('given a greedy choice that blocks a later proposal, when assigned, then a reshuffle fills both', () => {
    // Proposal 1 may take 10 or 20; proposal 2 only 10 (20 conflicted); cap 1: 1 must end with 20.
    const input: AutoAssignInput = {
      proposals: [proposal(1, 1), proposal(2, 1)],
      members: members(10, 20),
      conflicts: conflictsFrom([[2, 20, soft]]),
      maxLoad: 1,
    };
    expect(pairsOf(autoAssign(input))).toEqual([
      [1, 20],
      [2, 10],
    ]);
  });

  it('given a new pair, when assigned, then its reason states the conflict check and the load before and after', () => {
    const result = autoAssign({
      proposals: [proposal(1, 1)],
      members: [
        { userId: 10, existingLoad: 5 },
        { userId: 20, existingLoad: 6 },
      ],
      conflicts: noConflicts,
      maxLoad: 7,
    });
    expect(result.assignments).toEqual([
      { proposalPk: 1, userId: 10, reason: 'No conflict; load 5 → 6 (lowest eligible load)' },
    ]);
  });

  it('given an uneven share, when assigned, then a reason says its member is within one of the lowest eligible load', () => {
    const result = autoAssign({
      proposals: [1, 2, 3].map((pk) => proposal(pk, 1)),
      members: members(10, 20),
      conflicts: noConflicts,
    });
    expect(result.assignments.map((a) => a.reason)).toEqual([
      'No conflict; load 0 → 2 (within one of the lowest eligible load, 1)',
      'No conflict; load 0 → 1 (lowest eligible load)',
      'No conflict; load 0 → 2 (within one of the lowest eligible load, 1)',
    ]);
  });

  it('given a proposal whose only other member is at the cap, when assigned, then the reason says so', () => {
    const result = autoAssign({
      proposals: [proposal(1, 1)],
      members: [{ userId: 10 }, { userId: 20, existingLoad: 3 }],
      conflicts: noConflicts,
      maxLoad: 3,
    });
    expect(result.assignments).toEqual([
      {
        proposalPk: 1,
        userId: 10,
        reason: 'No conflict; load 0 → 1 (no other eligible member below the cap)',
      },
    ]);
  });

  it('given no members, when assigned, then every proposal is unfilled', () => {
    const result = autoAssign({ proposals: [proposal(1, 2)], members: [], conflicts: noConflicts });
    expect(result.unfilled).toEqual([
      { proposalPk: 1, missing: 2, reason: 'only 0 members without a conflict' },
    ]);
    expect(result.maxLoad).toBe(0);
  });

  it('given the same proposal twice, when assigned, then it refuses', () => {
    expect(() =>
      autoAssign({ proposals: [proposal(1), proposal(1)], members: members(1), conflicts: noConflicts }),
    ).toThrow(RangeError);
  });

  it('given the same input shuffled, when assigned, then the result is the same', () => {
    const random = mulberry32(42);
    const proposals = Array.from({ length: 30 }, (_, i) =>
      proposal(i + 1, 3, i % 7 === 0 ? [100 + (i % 5)] : []),
    );
    const people = Array.from({ length: 8 }, (_, i) => ({ userId: 100 + i, existingLoad: i % 3 }));
    const conflicted = new Set(
      Array.from({ length: 25 }, () => `${1 + Math.floor(random() * 30)}:${100 + Math.floor(random() * 8)}`),
    );
    const conflicts = (p: number, u: number) => (conflicted.has(`${p}:${u}`) ? [soft] : []);
    const first = autoAssign({ proposals, members: people, conflicts });
    for (let i = 0; i < 5; i++) {
      const again = autoAssign({
        proposals: shuffled(proposals, random),
        members: shuffled(people, random),
        conflicts,
      });
      expect(again).toEqual(first);
    }
  });
});

// ——— Properties on random cases, checked against a brute force ———

interface Case {
  input: AutoAssignInput;
  conflicted: Set<string>;
}

const randomCase = (random: () => number, sizes: { proposals: number; members: number }): Case => {
  const int = (n: number) => Math.floor(random() * n);
  const memberCount = 1 + int(sizes.members);
  const ids = shuffled(
    Array.from({ length: memberCount }, (_, i) => 10 * (i + 1)),
    random,
  );
  const withConflicts = random() < 0.7;
  const withLoads = random() < 0.5;
  const conflicted = new Set<string>();
  const proposals = Array.from({ length: 1 + int(sizes.proposals) }, (_, i) => {
    const pk = 1000 - 7 * i;
    const required = int(Math.min(4, memberCount + 1));
    const assigned = ids.filter(() => random() < 0.15).slice(0, required);
    if (withConflicts) for (const id of ids) if (random() < 0.25) conflicted.add(`${pk}:${id}`);
    return proposal(pk, required, assigned);
  });
  const input: AutoAssignInput = {
    proposals,
    members: ids.map((userId) => ({ userId, existingLoad: withLoads ? int(3) : 0 })),
    conflicts: (p, u) => (conflicted.has(`${p}:${u}`) ? [soft] : []),
    maxLoad: random() < 0.5 ? 1 + int(4) : undefined,
  };
  return { input, conflicted };
};

/** Every way to add new reviewers (up to the missing count) — the best fill, then its best square sum and spread. */
const bruteForce = (input: AutoAssignInput, maxLoad: number) => {
  const ids = input.members.map((m) => m.userId).sort((a, b) => a - b);
  const start = new Map(input.members.map((m) => [m.userId, m.existingLoad ?? 0]));
  for (const p of input.proposals) for (const u of p.assigned) start.set(u, (start.get(u) ?? 0) + 1);
  const options = input.proposals.map((p) => {
    const candidates = ids.filter(
      (u) => !p.assigned.includes(u) && input.conflicts(p.proposalPk, u).length === 0,
    );
    const missing = Math.max(0, p.required - p.assigned.length);
    const subsets: number[][] = [];
    for (let mask = 0; mask < 1 << candidates.length; mask++) {
      const subset = candidates.filter((_, i) => mask & (1 << i));
      if (subset.length <= missing) subsets.push(subset);
    }
    return subsets;
  });
  let best = { placed: -1, squares: Infinity, spread: Infinity };
  const load = new Map(start);
  const walk = (i: number, placed: number) => {
    if (i === options.length) {
      const values = ids.map((u) => load.get(u) ?? 0);
      const squares = values.reduce((s, v) => s + v * v, 0);
      const spread = Math.max(...values) - Math.min(...values);
      if (placed > best.placed) best = { placed, squares, spread };
      else if (placed === best.placed) {
        best = { placed, squares: Math.min(best.squares, squares), spread: Math.min(best.spread, spread) };
      }
      return;
    }
    for (const subset of options[i]) {
      if (subset.some((u) => (load.get(u) ?? 0) >= maxLoad)) continue;
      for (const u of subset) load.set(u, (load.get(u) ?? 0) + 1);
      walk(i + 1, placed + subset.length);
      for (const u of subset) load.set(u, (load.get(u) ?? 0) - 1);
    }
  };
  walk(0, 0);
  return best;
};

const checkInvariants = ({ input, conflicted }: Case, result: AutoAssignResult) => {
  const memberIds = new Set(input.members.map((m) => m.userId));
  for (const a of result.assignments) {
    expect(conflicted.has(`${a.proposalPk}:${a.userId}`)).toBe(false);
    expect(memberIds.has(a.userId)).toBe(true);
  }
  for (const p of input.proposals) {
    const reviewers = reviewersOf(input, result, p.proposalPk);
    expect(new Set(reviewers).size).toBe(reviewers.length);
    const missing = result.unfilled.find((u) => u.proposalPk === p.proposalPk)?.missing ?? 0;
    expect(reviewers.length).toBe(Math.max(p.required, p.assigned.length) - missing);
  }
  const newCount = new Map<number, number>();
  for (const a of result.assignments) newCount.set(a.userId, (newCount.get(a.userId) ?? 0) + 1);
  for (const m of input.members) {
    const kept = input.proposals.filter((p) => p.assigned.includes(m.userId)).length;
    const total = (m.existingLoad ?? 0) + kept + (newCount.get(m.userId) ?? 0);
    expect(result.loads.get(m.userId)).toBe(total);
    if ((newCount.get(m.userId) ?? 0) > 0) expect(total).toBeLessThanOrEqual(result.maxLoad);
  }
};

/** The most new reviewers that can be placed (Edmonds–Karp on source → proposal → member → sink), written apart. */
const maxFill = (input: AutoAssignInput, maxLoad: number): number => {
  const ps = input.proposals;
  const ms = input.members;
  const n = ps.length + ms.length + 2;
  const source = n - 2;
  const sink = n - 1;
  const cap = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const start = new Map(ms.map((m) => [m.userId, m.existingLoad ?? 0]));
  for (const p of ps) for (const u of p.assigned) start.set(u, (start.get(u) ?? 0) + 1);
  ps.forEach((p, i) => {
    cap[source][i] = Math.max(0, p.required - p.assigned.length);
    ms.forEach((m, j) => {
      if (!p.assigned.includes(m.userId) && input.conflicts(p.proposalPk, m.userId).length === 0) {
        cap[i][ps.length + j] = 1;
      }
    });
  });
  ms.forEach((m, j) => (cap[ps.length + j][sink] = Math.max(0, maxLoad - (start.get(m.userId) ?? 0))));
  let flow = 0;
  for (;;) {
    const from = new Array<number>(n).fill(-1);
    from[source] = source;
    const queue = [source];
    while (queue.length > 0 && from[sink] === -1) {
      const u = queue.shift() as number;
      for (let v = 0; v < n; v++) {
        if (from[v] === -1 && cap[u][v] > 0) {
          from[v] = u;
          queue.push(v);
        }
      }
    }
    if (from[sink] === -1) return flow;
    for (let v = sink; v !== source; v = from[v]) {
      cap[from[v]][v]--;
      cap[v][from[v]]++;
    }
    flow++;
  }
};

/**
 * The optimality criterion of a square sum over an M-convex set: no review can be moved, along a chain of
 * exchanges through the new pairs, from a member to another one 2 or more below it (and below the cap).
 */
const noImprovingMove = (input: AutoAssignInput, result: AutoAssignResult): boolean => {
  const load = result.loads;
  const ids = [...load.keys()];
  const onProposal = new Map<number, Set<number>>();
  for (const p of input.proposals) onProposal.set(p.proposalPk, new Set(p.assigned));
  for (const a of result.assignments) onProposal.get(a.proposalPk)?.add(a.userId);
  const free = (pk: number, u: number) =>
    !(onProposal.get(pk)?.has(u) ?? false) && input.conflicts(pk, u).length === 0;
  // a → b when a is new on a proposal where b is free: a review of a can go to b.
  const next = (a: number) =>
    ids.filter((b) => result.assignments.some((x) => x.userId === a && free(x.proposalPk, b)));
  for (const from of ids) {
    const seen = new Set([from]);
    const queue = [from];
    while (queue.length > 0) {
      const a = queue.shift() as number;
      for (const b of next(a)) {
        if (seen.has(b)) continue;
        if ((load.get(b) ?? 0) < result.maxLoad && (load.get(b) ?? 0) + 2 <= (load.get(from) ?? 0))
          return false;
        seen.add(b);
        queue.push(b);
      }
    }
  }
  return true;
};

describe('automatic reviewer assignment, properties on 200 seeded random cases', () => {
  it('given small random cases, when assigned, then the fill, the square sum and the spread equal the brute force', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = mulberry32(seed);
      const testCase = randomCase(random, { proposals: 4, members: 4 });
      const result = autoAssign(testCase.input);
      checkInvariants(testCase, result);
      const best = bruteForce(testCase.input, result.maxLoad);
      const missing = testCase.input.proposals.reduce(
        (sum, p) => sum + Math.max(0, p.required - p.assigned.length),
        0,
      );
      if (best.placed === missing) expect(result.unfilled).toEqual([]);
      const placed = result.assignments.length;
      const loads = [...result.loads.values()];
      const squares = loads.reduce((s, v) => s + v * v, 0);
      expect({ seed, placed, squares, spread: Math.max(...loads) - Math.min(...loads) }).toEqual({
        seed,
        ...best,
      });
    }
  });

  it('given larger random cases, when assigned, then the fill is a max flow, no move lowers the square sum, same and shuffled input give the same output', () => {
    for (let seed = 1001; seed <= 1200; seed++) {
      const random = mulberry32(seed);
      const testCase = randomCase(random, { proposals: 40, members: 9 });
      const result = autoAssign(testCase.input);
      checkInvariants(testCase, result);
      expect({ seed, placed: result.assignments.length }).toEqual({
        seed,
        placed: maxFill(testCase.input, result.maxLoad),
      });
      expect({ seed, optimal: noImprovingMove(testCase.input, result) }).toEqual({ seed, optimal: true });
      expect(autoAssign(testCase.input)).toEqual(result);
      const { input } = testCase;
      expect(
        autoAssign({
          ...input,
          proposals: shuffled(input.proposals, random),
          members: shuffled(input.members, random),
        }),
      ).toEqual(result);
    }
  });

  it('given no conflicts, no existing loads and no kept pairs, when assigned, then all are filled and max − min ≤ 1', () => {
    for (let seed = 2001; seed <= 2200; seed++) {
      const random = mulberry32(seed);
      const memberCount = 1 + Math.floor(random() * 12);
      const proposals = Array.from({ length: 1 + Math.floor(random() * 60) }, (_, i) =>
        proposal(i + 1, Math.floor(random() * (Math.min(memberCount, 4) + 1))),
      );
      const result = autoAssign({
        proposals,
        members: members(...Array.from({ length: memberCount }, (_, i) => i + 1)),
        conflicts: noConflicts,
      });
      expect(result.unfilled).toEqual([]);
      expect(result.maxLoad).toBe(defaultMaxLoad(proposals, memberCount));
      const loads = [...result.loads.values()];
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    }
  });
});
