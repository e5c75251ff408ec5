import { createTestApp, type TestApp } from '../support/test-app';
import { appTarget, fuzzCallers } from './app-target';
import { formatFindings, fuzz, type FuzzReport } from './schema-fuzzer';

/**
 * The bounded fuzz run of `npm test`: every query and mutation of the served schema (read by introspection, so a
 * new operation is covered without editing this file), as anonymous, an applicant, an officer and an API token,
 * with hostile values per argument type from a fixed seed, on the demo's data. A finding prints the operation,
 * the caller and the values; `npm run fuzz -- --seed <n>` runs a longer campaign.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_521);

describe('fuzz: hostile input is always a clear refusal', () => {
  let t: TestApp;
  let report: FuzzReport;

  beforeAll(async () => {
    t = await createTestApp({ config: { seedDemo: true, logLevel: 'error' } });
    const target = await appTarget(t.app);
    const callers = await fuzzCallers(t.app, target, { anonymous: 1, applicant: 1, officer: 1, apiToken: 1 });
    report = await fuzz(target, { seed: SEED, callers });
  }, 90_000);

  afterAll(() => t?.close());

  it('calls every operation of the served schema', () => {
    expect(report.operations).toBeGreaterThan(100);
    expect(report.covered).toEqual(expect.arrayContaining(['getCallByAnswerId', 'createTemplate', 'answerTopic']));
    expect(report.calls).toBeGreaterThanOrEqual(report.operations * 4);
  });

  it('answers no INTERNAL_SERVER_ERROR or 5xx, leaks no SQL or stack, appends nothing when refusing, and stays healthy', () => {
    if (report.findings.length > 0) console.log(formatFindings(report));
    expect(report.findings.map((f) => `${f.operation} as ${f.caller}: ${f.problem}`)).toEqual([]);
  });
});
