/**
 * Calibrated proposal scores: a per-reviewer offset model.
 *
 * ## Model
 * grade(p, r) = quality(p) + offset(r) + noise. A harsh reviewer has a positive offset, a lenient one a negative
 * one; the calibrated score of a proposal is its fitted quality, the grade it would get from an average reviewer.
 * In this product a LOWER grade is BETTER (grade 1 is the best, as in the system facilities use today); the
 * model does not care about the direction, and neither do the offsets' meaning: "gives higher numbers".
 *
 * ## Fit
 * Minimises Σ (grade − quality − offset)² + λ Σ offset² subject to Σ offset = 0, by alternating (block
 * coordinate) least squares, each block solved exactly:
 * - quality(p) = mean over p's grades of (grade − offset(r));
 * - offset(r) = (Σ over r's grades of (grade − quality(p)) − ν) / (n(r) + λ), with ν the multiplier that makes
 *   the offsets sum to 0.
 * The ridge λ (default 1) shrinks the offset of a reviewer with few reviews toward 0 (a reviewer with n reviews
 * keeps about n / (n + λ) of their apparent offset); with λ = 0 and reviewers who share no proposal the offsets
 * are not identifiable and the result is one of the equally good fits. Stops when no value moves by more than
 * `tolerance` (default 1e-9) or after `maxIterations` (default 1,000) rounds.
 *
 * ## Inputs and outputs
 * The caller passes submitted reviews only. `mean` is the raw mean grade, `spread` the (population) standard
 * deviation of the grades (0 for one grade), `count` the number of grades. Deterministic: the observations are
 * sorted before any sum, scores come sorted by proposalPk, offsets by reviewer id.
 */

export interface GradeObservation {
  readonly proposalPk: number;
  readonly reviewerId: number;
  readonly grade: number;
}

export interface ProposalScore {
  readonly proposalPk: number;
  readonly mean: number;
  readonly calibrated: number;
  /** standard deviation of grades, 0 for one */
  readonly spread: number;
  readonly count: number;
}

export interface CalibrationResult {
  readonly scores: readonly ProposalScore[];
  readonly reviewerOffsets: ReadonlyMap<number, number>;
  readonly iterations: number;
}

export interface CalibrationOptions {
  lambda?: number;
  maxIterations?: number;
  tolerance?: number;
}

export const calibrationDefaults = { lambda: 1, maxIterations: 1000, tolerance: 1e-9 } as const;

export function calibratedScores(
  observations: readonly GradeObservation[],
  options?: CalibrationOptions,
): CalibrationResult {
  const lambda = options?.lambda ?? calibrationDefaults.lambda;
  const maxIterations = options?.maxIterations ?? calibrationDefaults.maxIterations;
  const tolerance = options?.tolerance ?? calibrationDefaults.tolerance;
  if (!(lambda >= 0)) throw new RangeError('calibratedScores: lambda must be 0 or more');

  const sorted = observations
    .filter((o) => Number.isFinite(o.grade))
    .sort((a, b) => a.proposalPk - b.proposalPk || a.reviewerId - b.reviewerId || a.grade - b.grade);
  const proposalPks = [...new Set(sorted.map((o) => o.proposalPk))];
  const reviewerIds = [...new Set(sorted.map((o) => o.reviewerId))].sort((a, b) => a - b);
  const P = proposalPks.length;
  const R = reviewerIds.length;
  const pIndex = new Map(proposalPks.map((pk, i) => [pk, i]));
  const rIndex = new Map(reviewerIds.map((id, i) => [id, i]));
  const obsP = Int32Array.from(sorted, (o) => pIndex.get(o.proposalPk) ?? 0);
  const obsR = Int32Array.from(sorted, (o) => rIndex.get(o.reviewerId) ?? 0);
  const grade = Float64Array.from(sorted, (o) => o.grade);
  const N = sorted.length;

  const countP = new Float64Array(P);
  const countR = new Float64Array(R);
  const sumP = new Float64Array(P);
  for (let i = 0; i < N; i++) {
    countP[obsP[i]]++;
    countR[obsR[i]]++;
    sumP[obsP[i]] += grade[i];
  }
  const mean = Float64Array.from(sumP, (s, p) => s / countP[p]);

  const quality = Float64Array.from(mean);
  const offset = new Float64Array(R);
  const sum = new Float64Array(Math.max(P, R));
  let iterations = 0;
  while (R > 0 && iterations < maxIterations) {
    iterations++;
    let moved = 0;
    // Offsets given the qualities, summing to 0.
    sum.fill(0, 0, R);
    for (let i = 0; i < N; i++) sum[obsR[i]] += grade[i] - quality[obsP[i]];
    let weighted = 0;
    let weights = 0;
    for (let r = 0; r < R; r++) {
      weighted += sum[r] / (countR[r] + lambda);
      weights += 1 / (countR[r] + lambda);
    }
    const nu = weights > 0 && Number.isFinite(weights) ? weighted / weights : 0;
    for (let r = 0; r < R; r++) {
      const next = countR[r] + lambda > 0 ? (sum[r] - nu) / (countR[r] + lambda) : 0;
      moved = Math.max(moved, Math.abs(next - offset[r]));
      offset[r] = next;
    }
    // Qualities given the offsets.
    sum.fill(0, 0, P);
    for (let i = 0; i < N; i++) sum[obsP[i]] += grade[i] - offset[obsR[i]];
    for (let p = 0; p < P; p++) {
      const next = sum[p] / countP[p];
      moved = Math.max(moved, Math.abs(next - quality[p]));
      quality[p] = next;
    }
    if (moved <= tolerance) break;
  }

  const squares = new Float64Array(P);
  for (let i = 0; i < N; i++) squares[obsP[i]] += (grade[i] - mean[obsP[i]]) ** 2;
  const scores: ProposalScore[] = proposalPks.map((proposalPk, p) => ({
    proposalPk,
    mean: mean[p],
    calibrated: quality[p],
    spread: Math.sqrt(squares[p] / countP[p]),
    count: countP[p],
  }));
  const reviewerOffsets = new Map(reviewerIds.map((id, r) => [id, offset[r]]));
  return { scores, reviewerOffsets, iterations };
}
