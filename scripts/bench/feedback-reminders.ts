/**
 * The feedback reminders benchmark (`npm run bench:feedback-reminders`): BENCH_EXPERIMENTS (10,000) experiments of
 * one accepted proposal (BENCH_PROPOSERS proposers: its PI and co-proposers) completed at once, on a scratch
 * PostgreSQL database, the whole app in the process (mode `all`) with BullMQ on Redis (the production queue;
 * `BENCH_QUEUE=memory` for the in-process one). Times, from the completions appended: the planner reaction owing
 * every reminder (`owed_jobs`), then the worker sending every reminder due now; counts the e-mails in the outbox
 * (`DATA_DIR/outbox.jsonl`, a temp folder) and checks each reminder was sent exactly once.
 *
 * The experiments are set up (not timed) as ACTIVE, ended in the last 13 days, by appending their ExperimentCreated
 * events (the inline read model writes them; the api's overlap and proposal checks are skipped: 10,000 through
 * createExperiment would take the set-up many minutes), then all are completed by appending ExperimentUpdated
 * (status COMPLETED) `BENCH_CONCURRENCY` at a time — what the scheduler's `complete` message or updateExperiment
 * appends. With the default settings (every 14 days, at most 2, none after 30 days) reminder 1 of each proposer is
 * due at once, reminder 2 owed for 14 days later.
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, REDIS_URL, BENCH_EXPERIMENTS (10000), BENCH_PROPOSERS (1),
 * BENCH_CONCURRENCY (8), BENCH_QUEUE (redis), BENCH_KEEP_DB. Progress goes to stderr; the figures to stdout, the
 * last stdout line is JSON.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  ExperimentStatus,
  experimentCreatedEvent,
  experimentStreamId,
  experimentUpdatedEvent,
  QUEUES,
  Role,
  type ExperimentData,
} from '../../contracts/src';
import { RequestContext } from '../../services/api/src/platform/context/request-context';
import { EventSourcing } from '../../services/api/src/platform/cqrs/event-sourcing';
import type { EventStore } from '../../services/api/src/platform/event-store/event-store.port';
import { IdSequences } from '../../services/api/src/platform/database/id-sequences';
import type { SqlClient } from '../../services/api/src/platform/database/sql-client';
import { ProjectionsService } from '../../services/api/src/platform/projections/projections.service';
import { EVENT_STORE, SQL_CLIENT } from '../../services/api/src/platform/tokens';
import { createApplicants, createBenchCall } from './proposals-seed';
import { log, runBench, sessionToken, withScratchApp } from './support';
import { deleteQueueKeys } from '../../services/api/src/platform/queue/bullmq-job-queue';

const EXPERIMENTS = Number(process.env.BENCH_EXPERIMENTS ?? 10_000);
const PROPOSERS = Math.max(1, Number(process.env.BENCH_PROPOSERS ?? 1));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const QUEUE = process.env.BENCH_QUEUE === 'memory' ? 'memory' : 'redis';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const HOUR = 3600 * 1000;
const PLANNER = 'plan_feedback_reminders_on_experiment_completed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work(i)` for i in [0, count), `concurrency` at a time */
async function pool(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uo-bench-feedback-'));
  const queuePrefix = `uo-bench-feedback-${process.pid}-${Date.now()}`;
  try {
    await withScratchApp(
      'bench_feedback',
      {
        dataDir,
        smtpUrl: null,
        seedDemo: false,
        ...(QUEUE === 'redis' ? { redisUrl: REDIS_URL, queuePrefix } : {}),
      },
      async ({ app, gql }) => {
        const sql = app.get<SqlClient>(SQL_CLIENT);
        const officer = sessionToken(app, 1, Role.USER_OFFICER);
        const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
          gql<T>(query, variables, officer);
        log(`an accepted proposal with ${PROPOSERS} proposer(s)…`);
        const call = await createBenchCall(app, (query) => asOfficer(query));
        const { createInstrument } = await asOfficer<{ createInstrument: { id: number } }>(
          `mutation { createInstrument(name: "BENCH-FB", shortCode: "BENCH-FB", description: "bench") { id } }`,
        );
        const instrumentId = createInstrument.id;
        await asOfficer(
          `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
          { c: call.callId, i: [{ instrumentId }] },
        );
        const [piId, ...coProposerIds] = await createApplicants(app, PROPOSERS);
        const pi = sessionToken(app, piId, Role.USER);
        const { createProposal } = await gql<{
          createProposal: { primaryKey: number; questionaryId: number };
        }>(
          `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
          { c: call.callId },
          pi,
        );
        const proposalPk = createProposal.primaryKey;
        await gql(
          `mutation($pk: Int!, $u: [Int!]) { updateProposal(proposalPk: $pk, title: "Reminded", abstract: "Beam time", users: $u) { primaryKey } }`,
          { pk: proposalPk, u: coProposerIds },
          pi,
        );
        await gql(
          `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
          {
            q: createProposal.questionaryId,
            topic: call.topicId,
            a: [
              { questionId: call.textQuestion, value: JSON.stringify({ value: 'x' }) },
              { questionId: call.numberQuestion, value: JSON.stringify({ value: { value: 1, unit: null } }) },
            ],
          },
          pi,
        );
        await gql(
          `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`,
          { pk: proposalPk },
          pi,
        );
        await asOfficer(
          `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
          { p: [proposalPk], i: [instrumentId] },
        );
        await asOfficer(
          `mutation($pk: Int!) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementDecisionSubmitted: true) { primaryKey } }`,
          { pk: proposalPk },
        );

        log(`${EXPERIMENTS} active experiments that ended in the last days (set-up, not timed)…`);
        const events = app.get(EventSourcing);
        const ids = app.get(IdSequences);
        const experiments: ExperimentData[] = [];
        const now = Date.now();
        // ended over the last 13 days (within the first FEEDBACK_FREQUENCY_DAYS: reminder 1 due now, 2 later), an
        // hour each; on one instrument they overlap (no overlap check on this path)
        const spacing = (13 * 24 * HOUR) / EXPERIMENTS;
        for (let i = 0; i < EXPERIMENTS; i++) {
          const experimentPk = await ids.next('experiment_pk_seq');
          const endsAt = now - HOUR - Math.floor(i * spacing);
          experiments.push({
            experimentPk,
            experimentId: String(experimentPk),
            proposalPk,
            callId: call.callId,
            instrumentId,
            startsAt: new Date(endsAt - HOUR).toISOString(),
            endsAt: new Date(endsAt).toISOString(),
            localContactId: null,
            status: ExperimentStatus.ACTIVE,
            scheduledEventId: null,
          });
        }
        await RequestContext.run({}, () =>
          pool(EXPERIMENTS, CONCURRENCY, async (i) => {
            const data = experiments[i];
            await events.append(
              experimentStreamId(data.experimentPk),
              [experimentCreatedEvent.create(data)],
              0,
            );
          }),
        );
        const runner = app.get(ProjectionsService);
        // the planner has seen them (the proposal workflow engine, which reads every domain event, may lag on)
        await runner.waitFor(await app.get<EventStore>(EVENT_STORE).headPosition(), [PLANNER], 600_000);

        log('completing them all (timed from here)…');
        const started = performance.now();
        await RequestContext.run({}, () =>
          pool(EXPERIMENTS, CONCURRENCY, async (i) => {
            const data = { ...experiments[i], status: ExperimentStatus.COMPLETED };
            await events.append(
              experimentStreamId(data.experimentPk),
              [experimentUpdatedEvent.create({ ...data, previousStatus: ExperimentStatus.ACTIVE })],
              1,
            );
          }),
        );
        const completed = (performance.now() - started) / 1000;

        const expectedDue = EXPERIMENTS * PROPOSERS;
        const count = async (where: string) =>
          Number(
            (
              await sql.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM owed_jobs WHERE queue = $1 AND name = 'feedback-reminder' AND ${where}`,
                [QUEUES.email],
              )
            ).rows[0].n,
          );
        let lastLog = 0;
        for (;;) {
          const owed = await count('true');
          if (owed >= expectedDue * 2) break;
          if (performance.now() - lastLog > 5000) {
            lastLog = performance.now();
            log(`  owed ${owed} of ${expectedDue * 2}…`);
          }
          await sleep(50);
        }
        const planned = (performance.now() - started) / 1000;
        for (;;) {
          const done = await count(`state = 'done'`);
          if (done >= expectedDue) break;
          if (performance.now() - lastLog > 5000) {
            lastLog = performance.now();
            log(`  sent ${done} of ${expectedDue}…`);
          }
          await sleep(50);
        }
        const sent = (performance.now() - started) / 1000;
        await runner.waitFor(await app.get<EventStore>(EVENT_STORE).headPosition(), [PLANNER], 60_000);

        const file = join(dataDir, 'outbox.jsonl');
        const lines = existsSync(file)
          ? readFileSync(file, 'utf8')
              .split('\n')
              .filter((line) => line.includes('"feedback-reminder-'))
          : [];
        const keys = new Map<string, number>();
        for (const line of lines) {
          const { key } = JSON.parse(line) as { key: string };
          keys.set(key, (keys.get(key) ?? 0) + 1);
        }
        const expectedKeys = experiments.flatMap((e) =>
          [piId, ...coProposerIds].map((u) => `feedback-reminder-${e.experimentPk}-${u}-1`),
        );
        const expectedSet = new Set(expectedKeys);
        const missingKeys = expectedKeys.filter((k) => !keys.has(k));
        const missing = missingKeys.length;
        const unexpected = [...keys.keys()].filter((k) => !expectedSet.has(k));
        const twice = [...keys.values()].filter((n) => n > 1).length;
        const later = await count(`state = 'pending' AND run_at > now()`);
        const result = {
          experiments: EXPERIMENTS,
          proposers: PROPOSERS,
          queue: QUEUE,
          completionsSeconds: Number(completed.toFixed(2)),
          plannedSeconds: Number(planned.toFixed(2)),
          sentSeconds: Number(sent.toFixed(2)),
          remindersPerSecond: Math.round(expectedDue / sent),
          emailsSent: lines.length,
          distinctReminders: keys.size,
          missing,
          unexpected: unexpected.length,
          sentTwice: twice,
          laterRemindersOwed: later,
          exactlyOnce:
            lines.length === expectedDue && missing === 0 && unexpected.length === 0 && twice === 0,
        };
        process.stdout.write(
          `\nFeedback reminders for ${EXPERIMENTS} completed experiments × ${PROPOSERS} proposer(s), PostgreSQL, ${QUEUE === 'redis' ? 'BullMQ on Redis' : 'in-process queue'}\n`,
        );
        process.stdout.write(
          '| experiments | completions appended (s) | all reminders owed (s) | all due reminders sent (s) | reminders/s | e-mails sent | later reminders owed | exactly once |\n|---|---|---|---|---|---|---|---|\n',
        );
        process.stdout.write(
          `| ${EXPERIMENTS} | ${result.completionsSeconds} | ${result.plannedSeconds} | ${result.sentSeconds} | ${result.remindersPerSecond} | ${lines.length} | ${later} | ${result.exactlyOnce ? 'yes' : 'NO'} |\n`,
        );
        if (missing + unexpected.length > 0)
          process.stdout.write(
            `missing: ${missingKeys.slice(0, 5).join(', ')}; unexpected: ${unexpected.slice(0, 5).join(', ')}\n`,
          );
        process.stdout.write(`${JSON.stringify(result)}\n`);
        if (!result.exactlyOnce) process.exitCode = 1;
      },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (QUEUE === 'redis') await deleteQueueKeys(REDIS_URL, queuePrefix);
  }
}

runBench(main);
