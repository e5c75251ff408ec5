/**
 * A longer fuzz campaign than the bounded one inside `npm test`: every query and mutation of the served schema,
 * as anonymous, an applicant, an officer and an API token, with hostile values per argument type, on a scratch
 * PostgreSQL database. Run with `npm run fuzz -- --seed 7 --rounds 20` (`--only <regexp>` narrows the operations).
 *
 * Options (or environment): --seed (FUZZ_SEED, default: random, printed), --rounds (FUZZ_ROUNDS, default 5),
 * --calls (calls per operation and caller in a round, FUZZ_CALLS, default 2), --only (FUZZ_ONLY).
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
    },
  });
  const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
  const rounds = Number(values.rounds);
  const calls = Number(values.calls);
  if (!Number.isInteger(seed) || !Number.isInteger(rounds) || !Number.isInteger(calls))
    throw new Error('--seed, --rounds and --calls are whole numbers');
  log(`fuzz: seed ${seed}, ${rounds} round(s), ${calls} call(s) per operation and caller`);
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
      const started = Date.now();
      const report = await fuzz(target, {
        seed,
        rounds,
        callers,
        only: values.only ? new RegExp(values.only) : undefined,
        log,
      });
      const seconds = (Date.now() - started) / 1000;
      log(
        `${report.operations} operations, ${report.calls} calls in ${seconds.toFixed(1)} s ` +
          `(${report.refused} refused, ${report.succeeded} answered), ${report.findings.length} finding(s)`,
      );
      if (report.findings.length > 0) {
        console.log(formatFindings(report));
        console.log(`\nreproduce with: npm run fuzz -- --seed ${seed} --rounds ${rounds} --calls ${calls}`);
        return 1;
      }
      console.log(`no findings (seed ${seed})`);
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
