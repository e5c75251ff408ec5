/**
 * submitProposal benchmark (`npm run bench:submit`): the latency an applicant sees when submitting a complete
 * proposal, over HTTP against the whole app (mode `all`: the workflow engine runs in the process, and
 * submitProposal waits up to 3 s for it to move the proposal on, so the answer carries the status it moved to) on a
 * scratch PostgreSQL database. The call BENCH (a text and a number question) and BENCH_APPLICANTS applicants are
 * set up; BENCH_SUBMITS createProposal are timed by 1 applicant and by 8 at once; then BENCH_SUBMITS draft proposals
 * per run are created, titled and answered (not timed), then submitted by 1 client and by 4 clients at once.
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, BENCH_SUBMITS (default 200), BENCH_APPLICANTS (default 50).
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { performance } from 'node:perf_hooks';
import { Role } from '../../contracts/src';
import { createApplicants, createBenchCall } from './proposals-seed';
import { latencySummary, log, runBench, sessionToken, withScratchApp } from './support';

const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 200);
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 50);
const TARGET_P95_MS = 100;

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) {
  updateProposal(proposalPk: $pk, title: $title, abstract: "Measured with neutrons.") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers, isPartialSave: false) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { submitted status { shortCode } } }`;

async function main(): Promise<void> {
  await withScratchApp('bench_submit', {}, async ({ app, gql }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    log('the call BENCH and its template…');
    const call = await createBenchCall(app, (query) => gql(query, {}, officer));
    log(`creating ${APPLICANTS} applicants…`);
    const applicants = (await createApplicants(app, APPLICANTS)).map((id) =>
      sessionToken(app, id, Role.USER),
    );

    /** a complete draft of applicant i's, ready to submit */
    const draft = async (i: number) => {
      const token = applicants[i % applicants.length];
      const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
        CREATE,
        { callId: call.callId },
        token,
      );
      await gql(UPDATE, { pk: createProposal.primaryKey, title: `Spin waves in sample ${i}` }, token);
      const { answerTopic } = await gql<{ answerTopic: { isCompleted: boolean } }>(
        ANSWER,
        {
          q: createProposal.questionaryId,
          topic: call.topicId,
          answers: [
            { questionId: call.textQuestion, value: JSON.stringify({ value: `answer ${i}` }) },
            {
              questionId: call.numberQuestion,
              value: JSON.stringify({ value: { value: i % 1000, unit: null } }),
            },
          ],
        },
        token,
      );
      if (!answerTopic.isCompleted) throw new Error('the draft is not complete');
      return { pk: createProposal.primaryKey, token };
    };

    const run = async (concurrency: number, first: number) => {
      log(`${SUBMITS} drafts for ${concurrency} client(s)…`);
      const drafts: { pk: number; token: string }[] = [];
      for (let i = 0; i < SUBMITS + concurrency; i += 8)
        drafts.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(8, SUBMITS + concurrency - i) }, (_, j) => draft(first + i + j)),
          )),
        );
      // warm-up: one submit per client
      const warm = drafts.splice(0, concurrency);
      await Promise.all(warm.map((d) => gql(SUBMIT, { pk: d.pk }, d.token)));
      log(`timing ${SUBMITS} submits, ${concurrency} at once…`);
      const latencies: number[] = [];
      const moved = new Map<string, number>();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          for (let n = worker; n < drafts.length; n += concurrency) {
            const t0 = performance.now();
            const { submitProposal } = await gql<{
              submitProposal: { submitted: boolean; status: { shortCode: string } | null };
            }>(SUBMIT, { pk: drafts[n].pk }, drafts[n].token);
            latencies.push(performance.now() - t0);
            if (!submitProposal.submitted) throw new Error('not submitted');
            const status = submitProposal.status?.shortCode ?? 'none';
            moved.set(status, (moved.get(status) ?? 0) + 1);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return {
        concurrency,
        submits: latencies.length,
        ...latencySummary(latencies, seconds),
        statuses: Object.fromEntries(moved),
      };
    };

    /** createProposal timed by `concurrency` applicants at once (issue 39: 8 at once, p95 under 100 ms) */
    const createRun = async (concurrency: number) => {
      await Promise.all(
        applicants.slice(0, concurrency).map((token) => gql(CREATE, { callId: call.callId }, token)),
      );
      log(`timing ${SUBMITS} createProposal, ${concurrency} applicants at once…`);
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          for (let n = worker; n < SUBMITS; n += concurrency) {
            const t0 = performance.now();
            await gql(CREATE, { callId: call.callId }, applicants[n % applicants.length]);
            latencies.push(performance.now() - t0);
          }
        }),
      );
      return {
        concurrency,
        creates: latencies.length,
        ...latencySummary(latencies, (performance.now() - started) / 1000),
      };
    };

    const creates = [await createRun(1), await createRun(8)];
    const results = [await run(1, 0), await run(4, 10_000)];
    process.stdout.write('\ncreateProposal (a call with one two-question topic), PostgreSQL\n');
    process.stdout.write(
      '| applicants at once | creates | p50 ms | p95 ms | max ms | creates/s |\n|---|---|---|---|---|---|\n',
    );
    for (const r of creates)
      process.stdout.write(
        `| ${r.concurrency} | ${r.creates} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.perSecond.toFixed(0)} |\n`,
      );
    process.stdout.write(
      '\nsubmitProposal of a complete proposal (the workflow engine in the process), PostgreSQL\n',
    );
    process.stdout.write(
      '| clients | submits | p50 ms | p95 ms | max ms | submits/s | status answered |\n|---|---|---|---|---|---|---|\n',
    );
    for (const r of results)
      process.stdout.write(
        `| ${r.concurrency} | ${r.submits} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${Object.entries(
          r.statuses,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')} |\n`,
      );
    process.stdout.write(`aim: p95 < ${TARGET_P95_MS} ms\n`);
    process.stdout.write(
      `${JSON.stringify({ submits: SUBMITS, applicants: APPLICANTS, creates, results })}\n`,
    );
  });
}

runBench(main);
