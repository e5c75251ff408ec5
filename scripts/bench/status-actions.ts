/**
 * The status actions' benchmark (`npm run bench:status-actions`, issue 39 "out as fast as they are decided"): the
 * whole app (mode `all`; BullMQ on the Redis of REDIS_URL, default redis://127.0.0.1:6379, or the in-process queue
 * with BENCH_QUEUE=in-process) on a scratch PostgreSQL database, the RabbitMQ of AMQP_URL (an exchange and a queue
 * of the run, `uo-bench-sa-<pid>-<time>…`, deleted at the end) and the development SMTP catcher in a process of its
 * own (SMTP_URL points at it).
 *
 * BENCH_PROPOSALS proposals (1000), seeded as events, each with its own PI, are moved (no action) to UNDER_REVIEW,
 * then by one changeProposalsStatus over HTTP to APPROVED, whose connection has a compatible RabbitMQ action to the
 * run's exchange and an e-mail action to the PI (proposal-accepted); BENCH_ACTIONS=rabbitmq or =email keeps one.
 * Timed from the mutation's start (and from its answer):
 * - until every PROPOSAL_STATUS_ACTION_EXECUTED is in a queue bound to the exchange (published with confirms);
 * - until every e-mail is accepted by the catcher;
 * - until every status-action job is done in `owed_jobs` (its outcome logged), with when the jobs were owed, first
 *   taken and last done per queue.
 * Checked: one message per status change (distinct message ids), one e-mail per PI (distinct Message-IDs), and
 * nothing more 2 s later.
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, AMQP_URL (default amqp://guest:guest@127.0.0.1:5672),
 * REDIS_URL, BENCH_QUEUE, BENCH_SHAPE (`all`: the app in this process; `split`: the production shape, the api here and
 * the projector and the worker each in a process of its own), BENCH_WORKERS (in the split shape, `per-queue`: two
 * workers, WORKER_QUEUES=rabbitmq,downstream and WORKER_QUEUES=email, the e-mails' at the lower CPU priority of
 * BENCH_EMAIL_NICE, default 10, as `nice -n 10` gives it), BENCH_PROPOSALS, BENCH_ACTIONS (`both`, `rabbitmq`,
 * `email`), BENCH_KEEP_DB,
 * BENCH_CPU_PROFILE (a file: the process's CPU profile from the request until every outcome is logged, for Chrome
 * DevTools; in the split shape the projector's and the workers' too, in `<file>.projector` and `<file>.worker`, or
 * `<file>.worker-rabbitmq` and `<file>.worker-email`).
 * Progress goes to stderr; the figures to stdout, the last stdout line is JSON.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from 'amqplib';
import { Client } from 'pg';
import { EMAIL_ACTION_ID, QUEUES, RABBITMQ_ACTION_ID, Role } from '../../contracts/src';
import { CallsRepository } from '../../services/api/src/modules/calls';
import { ProposalsRepository } from '../../services/api/src/modules/proposals';
import { WorkflowsRepository } from '../../services/api/src/modules/workflows';
import type { AppConfig } from '../../services/api/src/platform/config/app-config';
import type { CatcherCount } from './mail-catcher.child';
import { seedProposals } from './proposals-seed';
import { log, runBench, sessionToken, startCpuProfile, withScratchApp } from './support';
import { deleteQueueKeys } from '../../services/api/src/platform/queue/bullmq-job-queue';

const AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const IN_PROCESS = process.env.BENCH_QUEUE === 'in-process';
/** `all` (default): the whole app in this process; `split`: api here, projector and worker in processes of their own */
const SPLIT = process.env.BENCH_SHAPE === 'split';
/** the split shape's workers: one for every queue, or one per queue (`per-queue`) with the e-mails' at a lower priority */
const PER_QUEUE = SPLIT && process.env.BENCH_WORKERS === 'per-queue';
const EMAIL_NICE = Number(process.env.BENCH_EMAIL_NICE ?? 10);
const REDIS_URL = IN_PROCESS ? null : process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 1000);
/** which actions the status has: `both` (default), `rabbitmq` or `email` (each alone, to see what they cost) */
const ACTIONS = process.env.BENCH_ACTIONS ?? 'both';
const MESSAGES = ACTIONS !== 'email';
const EMAILS = ACTIONS !== 'rabbitmq';
/** where to write a CPU profile of the process from the request until every outcome is logged */
const PROFILE = process.env.BENCH_CPU_PROFILE || null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * The production shape (BENCH_SHAPE=split): the api in this process, the projector and the worker each in a process
 * of its own (app-process.child.ts), on the same database, Redis prefix, broker and catcher.
 */
async function startAppProcess(config: Partial<AppConfig>, label: string, nice = 0) {
  const child = fork(join(__dirname, 'app-process.child.ts'), [], {
    // the bench's own flags (`npm run bench:status-actions`: the 32 MB semi-spaces the app is deployed with, swc)
    execArgv: process.execArgv,
    env: { ...process.env, BENCH_APP_CONFIG: JSON.stringify(config), BENCH_NICE: String(nice) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the ${label} process exited (${code})`)));
  });
  return {
    label,
    /** starts its CPU profile (for `file`), or with null writes it */
    profile: (file: string | null) =>
      new Promise<void>((resolve) => {
        if (file) {
          child.send({ profile: file });
          resolve();
        } else {
          child.once('message', () => resolve());
          child.send({ profileStop: true });
        }
      }),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

/** the SMTP catcher in a child process: its SMTP URL, and a way to ask it how many e-mails it accepted */
async function startCatcher() {
  const child = fork(join(__dirname, 'mail-catcher.child.ts'), [], {
    execArgv: ['-r', '@swc-node/register'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const smtpUrl = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { smtpUrl: string }).smtpUrl));
    child.once('exit', (code) => reject(new Error(`the catcher exited (${code})`)));
  });
  const count = () =>
    new Promise<CatcherCount>((resolve) => {
      child.once('message', (m) => resolve(m as CatcherCount));
      child.send('count');
    });
  const close = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('close');
    await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
  };
  return { smtpUrl, count, close };
}

async function main(): Promise<void> {
  const run = `uo-bench-sa-${process.pid}-${Date.now()}`;
  const out = `${run}.out.fanout`;
  const amqp = await connect(AMQP_URL);
  const channel = await amqp.createChannel();
  await channel.assertExchange(out, 'fanout', { durable: true });
  const { queue: collected } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(collected, out, '');
  const received: { messageId: string; at: number }[] = [];
  await channel.consume(
    collected,
    (msg) => msg && received.push({ messageId: String(msg.properties.messageId), at: Date.now() }),
    { noAck: true },
  );
  const catcher = await startCatcher();
  try {
    if (SPLIT && !REDIS_URL)
      throw new Error('BENCH_SHAPE=split needs Redis (the processes share its queues)');
    const shared: Partial<AppConfig> = {
      amqpUrl: AMQP_URL,
      smtpUrl: catcher.smtpUrl,
      redisUrl: REDIS_URL,
      queuePrefix: run,
      rabbitmqExchanges: [`${run}.feed.fanout`],
    };
    const others: Awaited<ReturnType<typeof startAppProcess>>[] = [];
    const figures = await withScratchApp(
      'bench_status_actions',
      { ...shared, ...(SPLIT ? { mode: 'api' as const } : {}) },
      async ({ app, gql, databaseUrl }) => {
        if (SPLIT) {
          log(
            PER_QUEUE
              ? `starting the projector and two workers (rabbitmq and downstream; email at nice ${EMAIL_NICE}), each in a process of its own…`
              : 'starting the projector and the worker, each in a process of its own…',
          );
          const apart = (
            mode: 'projector' | 'worker',
            workerQueues: string[] | null = null,
          ): Partial<AppConfig> => ({
            ...shared,
            mode,
            workerQueues,
            nodeEnv: 'test',
            logLevel: 'warn',
            databaseUrl,
            dataDir: 'memory://',
            eventStoreUrl: null,
            jwtSecret: 'bench-secret',
          });
          others.push(await startAppProcess(apart('projector'), 'projector'));
          if (PER_QUEUE) {
            others.push(
              await startAppProcess(apart('worker', [QUEUES.rabbitmq, QUEUES.downstream]), 'worker-rabbitmq'),
            );
            others.push(await startAppProcess(apart('worker', [QUEUES.email]), 'worker-email', EMAIL_NICE));
          } else others.push(await startAppProcess(apart('worker'), 'worker'));
        }
        const officer = sessionToken(app, 1, Role.USER_OFFICER);
        const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
          gql<T>(query, variables, officer);
        log(`seeding ${PROPOSALS} proposals…`);
        const seeded = await seedProposals(app, (q) => asOfficer(q), PROPOSALS);
        const pks = await app.get(ProposalsRepository).pksOfCall(seeded.callId);
        const workflows = app.get(WorkflowsRepository);
        const status = Object.fromEntries((await workflows.statuses()).map((s) => [s.shortCode, s.id]));
        const workflowId = (await app.get(CallsRepository).call(seeded.callId))!.proposalWorkflowId;
        const connections = await workflows.connections(workflowId);
        const set = (statusId: number, actions: unknown[]) =>
          asOfficer(
            `mutation($id: Int!, $w: Int!, $a: [ConnectionStatusActionInput!]!) { addConnectionStatusActions(workflowConnectionId: $id, workflowId: $w, actions: $a) { id } }`,
            { id: connections.find((c) => c.statusId === statusId)!.id, w: workflowId, a: actions },
          );
        await set(status.UNDER_REVIEW, []);
        await set(status.APPROVED, [
          ...(MESSAGES
            ? [
                {
                  actionId: RABBITMQ_ACTION_ID,
                  actionType: 'RABBITMQ',
                  config: JSON.stringify({ profile: 'compatible', exchanges: [out] }),
                },
              ]
            : []),
          ...(EMAILS
            ? [
                {
                  actionId: EMAIL_ACTION_ID,
                  actionType: 'EMAIL',
                  config: JSON.stringify({
                    recipientsWithEmailTemplate: [
                      { recipient: { name: 'PI' }, emailTemplate: { id: 'proposal-accepted' } },
                    ],
                    otherRecipientEmails: [],
                  }),
                },
              ]
            : []),
        ]);
        const change = (statusId: number) =>
          asOfficer(
            `mutation($p: [Int!]!, $s: Int) { changeProposalsStatus(proposalPks: $p, statusId: $s) { primaryKey } }`,
            { p: pks, s: statusId },
          );
        log(`moving ${pks.length} proposals to UNDER_REVIEW (no action), then all at once to APPROVED…`);
        await change(status.UNDER_REVIEW);
        await sleep(3000);
        received.length = 0;
        const before = await catcher.count();
        const pg = new Client({ connectionString: databaseUrl });
        await pg.connect();
        const jobsDone = async (since: number) => {
          const r = await pg.query<{ done: string; open: string }>(
            `SELECT count(*) FILTER (WHERE state = 'done') AS done, count(*) FILTER (WHERE state IN ('pending', 'running')) AS open
             FROM owed_jobs WHERE queue IN ('rabbitmq', 'email') AND created_at >= to_timestamp($1::double precision / 1000)`,
            [since],
          );
          return { done: Number(r.rows[0].done), open: Number(r.rows[0].open) };
        };
        try {
          const profiler = PROFILE ? await startCpuProfile() : null;
          if (PROFILE) await Promise.all(others.map((o) => o.profile(`${PROFILE}.${o.label}`)));
          const startedAt = Date.now();
          const started = performance.now();
          await change(status.APPROVED);
          const mutationSeconds = (performance.now() - started) / 1000;
          const answeredAt = Date.now();
          log(
            `changeProposalsStatus answered in ${mutationSeconds.toFixed(2)} s (requested at ${startedAt} ms); waiting for the actions…`,
          );
          let mail = before;
          const expectedMessages = MESSAGES ? pks.length : 0;
          const expectedMails = before.accepted + (EMAILS ? pks.length : 0);
          await until(
            async () => {
              mail = await catcher.count();
              return received.length >= expectedMessages && mail.accepted >= expectedMails;
            },
            `${expectedMessages} messages and ${expectedMails - before.accepted} e-mails`,
          );
          const messagesAt = MESSAGES ? received[pks.length - 1].at : startedAt;
          const mailsAt = EMAILS ? mail.lastAt : startedAt;
          let jobs = await jobsDone(startedAt);
          await until(async () => {
            jobs = await jobsDone(startedAt);
            return jobs.open === 0 && jobs.done >= (Number(MESSAGES) + Number(EMAILS)) * pks.length;
          }, 'every job logged');
          const loggedAt = Date.now();
          if (profiler) await profiler.stop(PROFILE as string);
          if (PROFILE) await Promise.all(others.map((o) => o.profile(null)));
          // where the time went, per queue: the jobs owed (the reaction), first taken, last finished
          const phases = await pg.query<{
            queue: string;
            owed_from: number;
            owed_to: number;
            started: number;
            finished: number;
          }>(
            `SELECT queue,
               extract(epoch FROM min(created_at)) * 1000 - $1 AS owed_from,
               extract(epoch FROM max(created_at)) * 1000 - $1 AS owed_to,
               extract(epoch FROM min(started_at)) * 1000 - $1 AS started,
               extract(epoch FROM max(finished_at)) * 1000 - $1 AS finished
             FROM owed_jobs WHERE queue IN ('rabbitmq', 'email') AND created_at >= to_timestamp($1::double precision / 1000)
             GROUP BY queue ORDER BY queue`,
            [startedAt],
          );
          const seconds = (ms: number) => Number((Number(ms) / 1000).toFixed(2));
          const timeline = Object.fromEntries(
            phases.rows.map((r) => [
              r.queue,
              {
                owedFrom: seconds(r.owed_from),
                owedTo: seconds(r.owed_to),
                firstTaken: seconds(r.started),
                lastDone: seconds(r.finished),
              },
            ]),
          );
          await sleep(2000); // nothing more comes
          mail = await catcher.count();
          const ids = new Set(received.map((m) => m.messageId));
          const rate = (n: number, from: number, to: number) => Math.round(n / ((to - from) / 1000));
          return {
            queue: REDIS_URL ? 'bullmq' : 'in-process',
            shape: PER_QUEUE ? 'split, a worker per queue' : SPLIT ? 'split' : 'all',
            actions: ACTIONS,
            statusChanges: pks.length,
            mutationSeconds: Number(mutationSeconds.toFixed(2)),
            messages: {
              published: received.length,
              distinctMessageIds: ids.size,
              publishedOnce: received.length === expectedMessages && ids.size === expectedMessages,
              seconds: Number(((messagesAt - startedAt) / 1000).toFixed(2)),
              perSecond: MESSAGES ? rate(pks.length, startedAt, messagesAt) : null,
              perSecondAfterAnswer: MESSAGES ? rate(pks.length, answeredAt, messagesAt) : null,
            },
            emails: {
              accepted: mail.accepted - before.accepted,
              distinctMessageIds: mail.distinctMessageIds - before.distinctMessageIds,
              sentOnce:
                mail.accepted - before.accepted === expectedMails - before.accepted &&
                mail.distinctMessageIds - before.distinctMessageIds === expectedMails - before.accepted,
              seconds: Number(((mailsAt - startedAt) / 1000).toFixed(2)),
              perSecond: EMAILS ? rate(pks.length, startedAt, mailsAt) : null,
              perSecondAfterAnswer: EMAILS ? rate(pks.length, answeredAt, mailsAt) : null,
            },
            allLoggedSeconds: Number(((loggedAt - startedAt) / 1000).toFixed(2)),
            timeline,
            jobsDone: jobs.done,
          };
        } finally {
          await pg.end();
          for (const other of others) await other.close();
        }
      },
    );
    log(JSON.stringify(figures));
    const m = figures.messages;
    const e = figures.emails;
    process.stdout.write(
      `${figures.statusChanges} status changes (${figures.queue}, ${figures.shape === 'all' ? 'one process' : `api, projector and worker${PER_QUEUE ? 's' : ''} apart`}), changeProposalsStatus ${figures.mutationSeconds} s\n` +
        `RabbitMQ: ${m.published} published, once=${m.publishedOnce}, all out ${m.seconds} s after the request → ${m.perSecond} msgs/s (${m.perSecondAfterAnswer} msgs/s after the answer)\n` +
        `e-mails:  ${e.accepted} accepted, once=${e.sentOnce}, all in ${e.seconds} s after the request → ${e.perSecond} e-mails/s (${e.perSecondAfterAnswer} e-mails/s after the answer)\n` +
        `every outcome logged ${figures.allLoggedSeconds} s after the request (${figures.jobsDone} jobs); ` +
        `seconds after the request, per queue: ${JSON.stringify(figures.timeline)}\n` +
        `${JSON.stringify(figures)}\n`,
    );
  } finally {
    await catcher.close();
    if (REDIS_URL) await deleteQueueKeys(REDIS_URL, run).catch(() => undefined);
    await channel.deleteExchange(out).catch(() => undefined);
    await amqp.close().catch(() => undefined);
  }
}

runBench(main);
