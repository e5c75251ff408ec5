/**
 * A longer fuzz campaign than the bounded one inside `npm test`: every query and mutation of the served schema,
 * as anonymous, an applicant, an officer and an API token, with hostile values per argument type, on a scratch
 * PostgreSQL database. Run with `npm run fuzz -- --seed 7 --rounds 20` (`--only <regexp>` narrows the operations).
 *
 * Options (or environment): --seed (FUZZ_SEED, default: random, printed), --rounds (FUZZ_ROUNDS, default 5),
 * --calls (calls per operation and caller in a round, FUZZ_CALLS, default 2), --only (FUZZ_ONLY), --seeds (FUZZ_SEEDS,
 * default 1: that many campaigns on the same app, seed, seed + 1, …; the experiments list's internal errors showed on
 * 3 of ~5,000 calls over three seeds, so one seed is not enough to call a change clean).
 * Progress goes to stderr; each finding is printed with the operation, caller and values; the exit code is 1
 * when anything was found.
 */
import { parseArgs } from 'node:util';
import { appTarget, fuzzCallers } from '../services/api/test/fuzz/app-target';
import { formatFindings, fuzz } from '../services/api/test/fuzz/schema-fuzzer';
import { log, withScratchApp } from './bench/support';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: process.env.FUZZ_SEED },
      rounds: { type: 'string', default: process.env.FUZZ_ROUNDS ?? '5' },
      calls: { type: 'string', default: process.env.FUZZ_CALLS ?? '2' },
      only: { type: 'string', default: process.env.FUZZ_ONLY },
      seeds: { type: 'string', default: process.env.FUZZ_SEEDS ?? '1' },
    },
  });
  const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
  const rounds = Number(values.rounds);
  const calls = Number(values.calls);
  const seeds = Number(values.seeds);
  if (!Number.isInteger(seed) || !Number.isInteger(rounds) || !Number.isInteger(calls) || !(seeds >= 1))
    throw new Error('--seed, --rounds, --calls and --seeds are whole numbers');
  log(
    `fuzz: seed ${seed}${seeds > 1 ? ` to ${seed + seeds - 1}` : ''}, ${rounds} round(s), ` +
      `${calls} call(s) per operation and caller`,
  );
  return withScratchApp(
    'fuzz',
    { seedDemo: true, logLevel: process.env.LOG_LEVEL ?? 'error' },
    async ({ app }) => {
      const target = await appTarget(app);
      const callers = await fuzzCallers(app, target, {
        anonymous: calls,
        applicant: calls,
        officer: calls,
        apiToken: calls,
      });
      let found = 0;
      for (let s = seed; s < seed + seeds; s++) {
        const started = Date.now();
        const report = await fuzz(target, {
          seed: s,
          rounds,
          callers,
          only: values.only ? new RegExp(values.only) : undefined,
          log,
        });
        const seconds = (Date.now() - started) / 1000;
        log(
          `seed ${s}: ${report.operations} operations, ${report.calls} calls in ${seconds.toFixed(1)} s ` +
            `(${report.refused} refused, ${report.succeeded} answered), ${report.findings.length} finding(s)`,
        );
        if (report.findings.length > 0) {
          found += report.findings.length;
          console.log(formatFindings(report));
          console.log(`\nreproduce with: npm run fuzz -- --seed ${s} --rounds ${rounds} --calls ${calls}`);
        }
      }
      if (found > 0) return 1;
      console.log(`no findings (seed ${seed}${seeds > 1 ? ` to ${seed + seeds - 1}` : ''})`);
      return 0;
    },
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
