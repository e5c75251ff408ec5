import { calibratedScores, type GradeObservation } from './calibrated-score';

const mulberry32 = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Spearman's rank correlation (no ties in these data). */
const spearman = (xs: readonly number[], ys: readonly number[]): number => {
  const ranks = (vs: readonly number[]) => {
    const order = vs.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
    const r = new Array<number>(vs.length);
    order.forEach(([, i], rank) => (r[i] = rank));
    return r;
  };
  const rx = ranks(xs);
  const ry = ranks(ys);
  const n = xs.length;
  const d2 = rx.reduce((s, r, i) => s + (r - ry[i]) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
};

/** 40 proposals of known quality, 8 reviewers with known offsets −2..+2, 3 reviewers each, small noise. */
const synthetic = (seed: number) => {
  const random = mulberry32(seed);
  const offsets = [-2, -1.5, -0.75, -0.25, 0.25, 0.75, 1.5, 2];
  const reviewers = offsets.map((_, i) => 200 + i);
  const qualities = Array.from({ length: 40 }, () => 1 + 4 * random());
  const observations: GradeObservation[] = [];
  qualities.forEach((quality, p) => {
    const chosen = new Set<number>();
    while (chosen.size < 3) chosen.add(Math.floor(random() * reviewers.length));
    for (const r of chosen) {
      const noise = (random() - 0.5) * 0.3;
      observations.push({ proposalPk: p + 1, reviewerId: reviewers[r], grade: quality + offsets[r] + noise });
    }
  });
  return { offsets, reviewers, qualities, observations };
};

describe('calibrated scores', () => {
  it('given reviewers with known offsets, when calibrated, then the order of the true qualities is recovered better than by the mean', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { qualities, observations } = synthetic(seed);
      const { scores } = calibratedScores(observations);
      const calibrated = spearman(
        qualities,
        scores.map((s) => s.calibrated),
      );
      const raw = spearman(
        qualities,
        scores.map((s) => s.mean),
      );
      expect({ seed, better: calibrated > raw, good: calibrated >= 0.95 }).toEqual({
        seed,
        better: true,
        good: true,
      });
    }
  });

  it('given reviewers with known offsets, when calibrated, then each offset is recovered within 0.3', () => {
    const { offsets, reviewers, observations } = synthetic(7);
    const { reviewerOffsets, iterations } = calibratedScores(observations);
    expect([...reviewerOffsets.keys()]).toEqual(reviewers);
    reviewers.forEach((id, r) =>
      expect(Math.abs((reviewerOffsets.get(id) ?? NaN) - offsets[r])).toBeLessThan(0.3),
    );
    expect(iterations).toBeGreaterThan(1);
  });

  it('given any grades, when calibrated, then the offsets sum to 0', () => {
    const { reviewerOffsets } = calibratedScores(synthetic(11).observations, { lambda: 3 });
    expect([...reviewerOffsets.values()].reduce((s, v) => s + v, 0)).toBeCloseTo(0, 9);
  });

  it('given a larger ridge, when calibrated, then a reviewer with few reviews is shrunk toward 0', () => {
    // Reviewer 2 grades one proposal 2 points harsher than reviewer 1 does.
    const observations = [
      { proposalPk: 1, reviewerId: 1, grade: 2 },
      { proposalPk: 1, reviewerId: 2, grade: 4 },
    ];
    const free = calibratedScores(observations, { lambda: 0 }).reviewerOffsets.get(2) ?? NaN;
    const ridged = calibratedScores(observations, { lambda: 1 }).reviewerOffsets.get(2) ?? NaN;
    const strong = calibratedScores(observations, { lambda: 10 }).reviewerOffsets.get(2) ?? NaN;
    expect(free).toBeCloseTo(1, 6);
    expect(ridged).toBeGreaterThan(0);
    expect(ridged).toBeLessThan(free);
    expect(strong).toBeLessThan(ridged);
  });

  it('given grades, when calibrated, then mean, spread and count are the raw figures, sorted by proposal', () => {
    const { scores } = calibratedScores([
      { proposalPk: 9, reviewerId: 1, grade: 3 },
      { proposalPk: 4, reviewerId: 1, grade: 1 },
      { proposalPk: 4, reviewerId: 2, grade: 3 },
    ]);
    expect(scores.map((s) => [s.proposalPk, s.mean, s.spread, s.count])).toEqual([
      [4, 2, 1, 2],
      [9, 3, 0, 1],
    ]);
  });

  it('given a single reviewer, when calibrated, then the calibrated score is the mean and the offset 0', () => {
    const { scores, reviewerOffsets } = calibratedScores([
      { proposalPk: 1, reviewerId: 5, grade: 2 },
      { proposalPk: 2, reviewerId: 5, grade: 4 },
    ]);
    expect(scores.map((s) => s.calibrated)).toEqual([2, 4]);
    expect(reviewerOffsets.get(5)).toBeCloseTo(0, 12);
  });

  it('given no grades, when calibrated, then there is nothing', () => {
    expect(calibratedScores([])).toEqual({ scores: [], reviewerOffsets: new Map(), iterations: 0 });
  });

  it('given the same grades in another order, when calibrated, then the result is identical', () => {
    const { observations } = synthetic(3);
    const random = mulberry32(99);
    const shuffled = [...observations].sort(() => random() - 0.5);
    expect(calibratedScores(shuffled)).toEqual(calibratedScores(observations));
  });
});
