/**
 * The FAP automatic assignment's figures (`npm run bench:fap-assignment`), pure CPU, no database:
 *
 * BENCH_PROPOSALS proposals (default 2,000) × BENCH_MEMBERS members (default 60) × BENCH_REVIEWS reviewers each
 * (default 3), seeded (BENCH_SEED, default 1): about 2% of the pairs with a soft conflict (same institution or
 * co-authors; BENCH_SOFT_CONFLICTS, default 0.02) and a few PROPOSER conflicts (a member is the PI of every 50th
 * proposal). Harder variants: BENCH_EXISTING_LOAD (each member gets a random existing load from 0 to it, default
 * 0) and BENCH_MAX_LOAD (the cap; default autoAssign's). autoAssign runs
 * BENCH_RUNS times (default 5, after one warm-up run); it prints the median and the fastest time, the load spread
 * (min / max / mean), how many pairs were placed and unfilled. Aim: under 2 s on the 2-core machine.
 *
 * Then the preview over HTTP, cold and warm: for each size of BENCH_PREVIEW_SIZES (default "24,200") a child
 * process starts the whole app on a scratch PostgreSQL database (BENCH_PREVIEW_STORE=pglite: the embedded PGlite),
 * seeds that many submitted proposals on one panel of BENCH_PREVIEW_MEMBERS reviewers (default 12) with a facility's
 * people (fap-assignment-preview.ts), and another times previewAutomaticAssignment on a freshly started app: the
 * first call of the process (what an officer waits for after a deploy or a restart) and BENCH_PREVIEW_REPEATS more
 * (default 3; the median). BENCH_PREVIEW_SIZES=off skips it. Aim: the first preview within 1 s.
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import {
  autoAssign,
  type AutoAssignProposal,
} from '../../services/api/src/modules/faps/domain/algorithms/auto-assign';
import type { Conflict } from '../../services/api/src/modules/faps/domain/algorithms/conflicts';
import {
  previewFigures,
  seedPreviewPanel,
  type PreviewFigures,
  type PreviewPanel,
} from './fap-assignment-preview';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 2000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 60);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SEED = Number(process.env.BENCH_SEED ?? 1);
const SOFT_RATE = Number(process.env.BENCH_SOFT_CONFLICTS ?? 0.02);
const EXISTING = Number(process.env.BENCH_EXISTING_LOAD ?? 0);
const MAX_LOAD = process.env.BENCH_MAX_LOAD ? Number(process.env.BENCH_MAX_LOAD) : undefined;

const mulberry32 = (seed: number) => () => {
  let t = (seed += 0x6d2b79f5);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

function main(): void {
  const child = (work: Promise<unknown>) =>
    work.then(
      (out) => process.stdout.write(`${JSON.stringify(out)}\n`),
      (error: unknown) => {
        process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        process.exit(1);
      },
    );
  if (process.env.BENCH_PREVIEW_SEED)
    return void child(seedPreviewPanel(Number(process.env.BENCH_PREVIEW_SEED)));
  if (process.env.BENCH_PREVIEW_TIME)
    return void child(previewFigures(JSON.parse(process.env.BENCH_PREVIEW_TIME) as PreviewPanel));
  const random = mulberry32(SEED);
  const memberIds = Array.from({ length: MEMBERS }, (_, i) => 1000 + i);
  const proposals: AutoAssignProposal[] = Array.from({ length: PROPOSALS }, (_, i) => ({
    proposalPk: i + 1,
    required: REVIEWS,
    assigned: [],
  }));
  const soft: Conflict = { kind: 'INSTITUTION', hard: false, reason: "Shares the PI's institution (ESS)" };
  const hard: Conflict = { kind: 'PROPOSER', hard: true, reason: "Is the proposal's principal investigator" };
  const conflicts = new Map<number, Conflict[]>();
  const key = (pk: number, userId: number) => pk * 100_000 + userId;
  for (const p of proposals) {
    for (const userId of memberIds)
      if (random() < SOFT_RATE) conflicts.set(key(p.proposalPk, userId), [soft]);
    if (p.proposalPk % 50 === 0) {
      conflicts.set(key(p.proposalPk, memberIds[Math.floor(random() * MEMBERS)]), [hard]);
    }
  }
  const input = {
    proposals,
    members: memberIds.map((userId) => ({ userId, existingLoad: Math.floor(random() * (EXISTING + 1)) })),
    maxLoad: MAX_LOAD,
    conflicts: (pk: number, userId: number) => conflicts.get(key(pk, userId)) ?? [],
  };
  process.stderr.write(
    `${PROPOSALS} proposals × ${MEMBERS} members × ${REVIEWS} reviews, ${conflicts.size} conflicted pairs\n`,
  );

  autoAssign(input); // warm-up
  const times: number[] = [];
  let result = autoAssign(input);
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    result = autoAssign(input);
    times.push(performance.now() - start);
    process.stderr.write(`run ${run + 1}: ${times[run].toFixed(1)} ms\n`);
  }
  times.sort((a, b) => a - b);
  const loads = [...result.loads.values()];
  const figures = {
    proposals: PROPOSALS,
    members: MEMBERS,
    reviews: REVIEWS,
    conflictedPairs: conflicts.size,
    medianMs: Number(times[Math.floor(times.length / 2)].toFixed(1)),
    fastestMs: Number(times[0].toFixed(1)),
    placed: result.assignments.length,
    unfilled: result.unfilled.reduce((sum, u) => sum + u.missing, 0),
    maxLoad: result.maxLoad,
    loadMin: Math.min(...loads),
    loadMax: Math.max(...loads),
    loadMean: Number((loads.reduce((s, v) => s + v, 0) / loads.length).toFixed(2)),
  };
  process.stdout.write(
    `autoAssign median ${figures.medianMs} ms (fastest ${figures.fastestMs} ms) over ${RUNS} runs; ` +
      `placed ${figures.placed}, unfilled ${figures.unfilled}; ` +
      `load min ${figures.loadMin} / max ${figures.loadMax} / mean ${figures.loadMean} (cap ${figures.maxLoad})\n`,
  );
  const previews: PreviewFigures[] = [];
  const sizes = process.env.BENCH_PREVIEW_SIZES ?? '24,200';
  if (sizes !== 'off')
    for (const size of sizes.split(',').map(Number)) {
      // one process seeds the panel; another starts the app afresh on it and times the first preview there
      const run = (env: Record<string, string>): string => {
        const out = spawnSync(process.execPath, [...process.execArgv, __filename], {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'pipe', 'inherit'],
          encoding: 'utf8',
        });
        if (out.status !== 0) throw new Error(`the preview bench of ${size} proposals failed`);
        return out.stdout.trim().split('\n').pop() ?? '{}';
      };
      const panel = run({ BENCH_PREVIEW_SEED: String(size) });
      const preview = JSON.parse(run({ BENCH_PREVIEW_TIME: panel })) as PreviewFigures;
      previews.push(preview);
      process.stdout.write(
        `preview of ${preview.proposals} proposals × ${preview.members} members: first ${preview.firstMs} ms, ` +
          `repeated median ${preview.repeatedMedianMs} ms (${preview.repeatedMs.join(', ')} ms); ${preview.pairs} pairs\n`,
      );
    }
  process.stdout.write(`${JSON.stringify({ ...figures, previews })}\n`);
}

main();
