/**
 * Beside the real scheduler (issue 31): the backend of UserOfficeProject/user-office-scheduler (`apps/backend`),
 * run unchanged by its own `npm run dev` on Node 22, and this product on a free port, both on the machine's
 * PostgreSQL and RabbitMQ, each with databases, exchanges and queues of this run only (`uo-interop-<pid>-<time>…`,
 * all deleted at the end, the scheduler's process group stopped). Run by hand, never by `npm test`:
 *
 *   SCHEDULER_SRC=/path/to/user-office-scheduler NODE22=/path/to/node-22/bin/node npm run interop:scheduler
 *
 * SCHEDULER_SRC: a checkout of the scheduler (or its apps/backend) whose apps/backend has its dependencies
 * installed (`npm ci --ignore-scripts` there, with Node 22). NODE22: a Node 22 binary (default: `node` when it
 * is 22 or later). Optional: AMQP_URL (amqp://guest:guest@127.0.0.1:5672), TEST_DATABASE_ADMIN_URL
 * (postgres://postgres@127.0.0.1:5432/postgres, trust authentication), SCHEDULER_TRIGGER_STATUS (APPROVED),
 * INTEROP_KEEP=1 (keep the databases, exchanges and queues; the scheduler is stopped anyway).
 *
 * What it does, each step checked (exit code 1 and the scheduler's log otherwise):
 *  1. an empty database for the scheduler, which applies its own `db_patches/*.sql` at start-up; the scheduler
 *     started with RABBITMQ_CORE_EXCHANGE_NAME = our exchange, UPSERT_PROPOSAL_BOOKING_TRIGGER_STATUSES
 *     = the trigger status, RABBITMQ_SCHEDULER_EXCHANGE_NAME = the exchange our consumer reads;
 *  2. our api (the whole app, own database) publishing to that exchange, consuming the scheduler's;
 *  3. as an officer over our GraphQL: an accepted proposal on an instrument with 2 days allocated, a compatible
 *     RABBITMQ status action on the trigger status, the proposal moved into it → PROPOSAL_STATUS_ACTION_EXECUTED →
 *     the scheduler's proposal booking (its table `proposal_bookings`, allocated_time 172800 s);
 *  4. as a user officer of the scheduler (it decodes the bearer token's claims without verifying them and asks the
 *     core nothing for a user officer, so no core is needed; USER_OFFICE_ENDPOINT points at a closed port), over its
 *     GraphQL: createScheduledEvent → PROPOSAL_BOOKING_TIME_SLOT_ADDED → our experiment (DRAFT, the slot's times);
 *     updateScheduledEvent → _UPDATED; activateScheduledEvents → _ACTIVATED (ACTIVE); finalizeScheduledEvent
 *     COMPLETE → _COMPLETED (COMPLETED); reopenScheduledEvent → _REOPENED (ACTIVE, as the scheduler's slot);
 *     finalizeScheduledEvent RESTART → _REOPENED (DRAFT); a second slot, then deleteScheduledEvents →
 *     _SLOTS_REMOVED (its experiment removed);
 *  5. INSTRUMENT_DELETED: equipment of the scheduler on an instrument of ours, the instrument deleted here → the
 *     scheduler's `equipment_instruments` rows of it deleted.
 * Every message both sides published is printed (stderr); the last stdout line is a JSON summary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { connect, type Channel, type ConsumeMessage } from 'amqplib';
import { Client } from 'pg';
import { RABBITMQ_ACTION_ID, Role } from '../../contracts/src';
import { CallsRepository } from '../../services/api/src/modules/calls';
import { SchedulerConsumer } from '../../services/api/src/modules/scheduler-inbox';
import { UsersService } from '../../services/api/src/modules/users';
import { WorkflowsRepository } from '../../services/api/src/modules/workflows';
import { createBenchCall } from '../bench/proposals-seed';
import { ADMIN_URL, freePort, log, runBench, sessionToken, withScratchApp } from '../bench/support';

const AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const TRIGGER = process.env.SCHEDULER_TRIGGER_STATUS || 'APPROVED';
const KEEP = process.env.INTEROP_KEEP === '1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out (${timeoutMs / 1000} s) waiting for ${what}`);
    await sleep(200);
  }
}

/** the scheduler's apps/backend, given the repository or apps/backend itself */
function schedulerBackend(): string {
  const src = process.env.SCHEDULER_SRC;
  if (!src) throw new Error('Set SCHEDULER_SRC to a checkout of UserOfficeProject/user-office-scheduler');
  const dir = existsSync(join(src, 'apps', 'backend', 'package.json')) ? join(src, 'apps', 'backend') : src;
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
  if (pkg.name !== 'user-office-scheduler-backend')
    throw new Error(`${dir} is not the scheduler's backend (package ${pkg.name})`);
  if (!existsSync(join(dir, 'node_modules', '.bin', 'ts-node-dev')))
    throw new Error(`${dir} has no dependencies: run \`npm ci --ignore-scripts\` there with Node 22`);
  return dir;
}

function node22(): string {
  const bin = process.env.NODE22 || 'node';
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  if (Number(/^v(\d+)/.exec(version)?.[1] ?? 0) < 22)
    throw new Error(`${bin} is Node ${version}; the scheduler wants 22: set NODE22 to a Node 22 binary`);
  return bin;
}

/** A bearer token the scheduler reads as a user officer (HS256; the scheduler decodes it without verifying). */
function schedulerOfficerToken(): string {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const role = { id: 2, shortCode: 'user_officer', title: 'User Officer' };
  const payload = {
    user: { id: 1, firstname: 'Interop', lastname: 'Officer', email: 'interop.officer@example.org' },
    roles: [role],
    currentRole: role,
    iat: Math.floor(Date.now() / 1000),
  };
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', randomBytes(32)).update(unsigned).digest('base64url')}`;
}

async function createDatabase(name: string): Promise<string> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** what a queue bound to an exchange has received */
async function observe(channel: Channel, exchange: string, side: string): Promise<ConsumeMessage[]> {
  const received: ConsumeMessage[] = [];
  await channel.assertExchange(exchange, 'fanout', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, exchange, '');
  await channel.consume(
    queue,
    (msg) => {
      if (!msg) return;
      received.push(msg);
      log(`  [${side}] ${msg.properties.type as string} ${msg.content.toString()}`);
    },
    { noAck: true },
  );
  return received;
}

async function main(): Promise<void> {
  const backend = schedulerBackend();
  const node = node22();
  const run = `uo-interop-${process.pid}-${Date.now()}`;
  const coreExchange = `${run}.core.fanout`;
  const schedulerExchange = `${run}.scheduler.fanout`;
  const schedulerQueue = `${run}.proposal_scheduling`;
  const ourQueue = `${run}.bookings`;
  const schedulerDb = `interop_scheduler_${randomBytes(4).toString('hex')}`;
  const schedulerLog = join(tmpdir(), `${run}-scheduler.log`);
  const amqpParts = new URL(AMQP_URL);
  const amqp = await connect(AMQP_URL);
  const channel = await amqp.createChannel();
  let scheduler: ChildProcess | null = null;
  let pg: Client | null = null;
  let failed = true;
  const stopScheduler = () => {
    if (scheduler?.pid && scheduler.exitCode === null && scheduler.signalCode === null) {
      try {
        process.kill(-scheduler.pid, 'SIGTERM'); // its process group: npm, ts-node-dev and the server
      } catch {
        /* gone */
      }
    }
  };
  const interrupted = () => {
    stopScheduler();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const published = { ours: await observe(channel, coreExchange, 'ours → scheduler') };
    const theirs = await observe(channel, schedulerExchange, 'scheduler → ours');

    // 1. the scheduler: its database, then `npm run dev` in apps/backend on Node 22
    const schedulerUrl = new URL(await createDatabase(schedulerDb));
    const db = new Client({ connectionString: schedulerUrl.toString() });
    pg = db;
    db.on('error', () => undefined); // the database is dropped WITH (FORCE) at the end
    await db.connect();
    const schedulerPort = await freePort();
    const out = openSync(schedulerLog, 'w');
    scheduler = spawn('npm', ['run', 'dev'], {
      cwd: backend,
      detached: true,
      stdio: ['ignore', out, out],
      env: {
        PATH: `${dirname(node)}:${process.env.PATH ?? ''}`,
        HOME: process.env.HOME,
        TZ: 'UTC',
        NODE_ENV: 'development',
        // its env-loader reads `${CONFIG_PATH}${NODE_ENV}.env`: a file that does not exist, so only this env counts
        CONFIG_PATH: join(tmpdir(), `${run}-no-config-`),
        PORT: String(schedulerPort),
        DATABASE_HOSTNAME: schedulerUrl.hostname,
        DATABASE_PORT: schedulerUrl.port || '5432',
        DATABASE_USER: decodeURIComponent(schedulerUrl.username) || 'postgres',
        DATABASE_PASSWORD: decodeURIComponent(schedulerUrl.password),
        DATABASE_DATABASE: schedulerDb,
        DATABASE_LOG_QUERIES: '0',
        UO_FEATURE_DISABLE_MESSAGE_BROKER: '0',
        USER_OFFICE_ENDPOINT: 'http://127.0.0.1:9/graphql',
        RABBITMQ_HOSTNAME: amqpParts.hostname,
        RABBITMQ_USERNAME: decodeURIComponent(amqpParts.username) || 'guest',
        RABBITMQ_PASSWORD: decodeURIComponent(amqpParts.password) || 'guest',
        RABBITMQ_PROPOSAL_SCHEDULING_QUEUE_NAME: schedulerQueue,
        RABBITMQ_SCHEDULER_EXCHANGE_NAME: schedulerExchange,
        RABBITMQ_CORE_EXCHANGE_NAME: coreExchange,
        UPSERT_PROPOSAL_BOOKING_TRIGGER_STATUSES: TRIGGER,
      },
    });
    closeSync(out);
    const schedulerOutput = () => (existsSync(schedulerLog) ? readFileSync(schedulerLog, 'utf8') : '');
    log(
      `scheduler: ${node} (${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}) npm run dev in ${backend}, port ${schedulerPort}, log ${schedulerLog}`,
    );
    const schedulerGql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
      const res = await fetch(`http://127.0.0.1:${schedulerPort}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${schedulerOfficerToken()}` },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await res.json()) as { data?: T; errors?: { message: string }[] };
      if (json.errors) throw new Error(`scheduler: ${json.errors.map((e) => e.message).join('; ')}`);
      return json.data as T;
    };
    const started = Date.now();
    await until(
      async () => {
        if (scheduler?.exitCode !== null) throw new Error(`the scheduler exited:\n${schedulerOutput()}`);
        const output = schedulerOutput();
        return (
          output.includes('Applying patches finished') &&
          output.includes(`Queue ${schedulerQueue} successfully bound to exchange ${coreExchange}`)
        );
      },
      'the scheduler to apply its patches and bind its queue to our exchange',
      180_000,
    );
    await until(
      () =>
        fetch(`http://127.0.0.1:${schedulerPort}/health-check`).then(
          (res) => res.ok,
          () => false,
        ),
      'the scheduler to answer its /health-check',
      60_000,
    );
    const schedulerStartSeconds = (Date.now() - started) / 1000;
    const patches = (
      await db.query<{ patch_id: string }>('SELECT patch_id FROM db_patches ORDER BY patch_id')
    ).rows;
    log(
      `scheduler database ${schedulerDb}: the scheduler applied its db_patches at start-up (its table db_patches lists ${patches.length})`,
    );
    log(
      `scheduler up in ${schedulerStartSeconds.toFixed(1)} s, its queue ${schedulerQueue} bound to ${coreExchange}`,
    );

    // 2. our api
    const summary = await withScratchApp(
      'interop_ours',
      {
        amqpUrl: AMQP_URL,
        queuePrefix: run,
        rabbitmqExchanges: [coreExchange],
        rabbitmqSchedulerQueue: ourQueue,
        rabbitmqSchedulerExchange: schedulerExchange,
        rabbitmqOutBackoffMs: 100,
      },
      async ({ app, gql, base, databaseName }) => {
        log(`our api at ${base} (database ${databaseName})`);
        const officer = sessionToken(app, 1, Role.USER_OFFICER);
        const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
          gql<T>(query, variables, officer);
        await app.get(SchedulerConsumer).ready();

        // 3. an accepted proposal with time on an instrument, moved into the trigger status
        const call = await createBenchCall(app, (q) => asOfficer(q), 'INTEROP');
        const { createInstrument } = await asOfficer<{ createInstrument: { id: number } }>(
          `mutation { createInstrument(name: "Interop", shortCode: "INTEROP-I", description: "beside the scheduler") { id } }`,
        );
        const instrumentId = createInstrument.id;
        await asOfficer(
          `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
          { c: call.callId, i: [{ instrumentId }] },
        );
        const { user: applicantUser } = await app.get(UsersService).create({
          firstname: 'Ada',
          lastname: 'Interop',
          email: `ada.${run}@example.org`,
          oidcSub: null,
          placeholder: false,
          roles: [Role.USER],
          source: 'login',
        });
        const applicant = sessionToken(app, applicantUser.id, Role.USER);
        /** a proposal of the applicant, submitted, on the instrument, accepted with 2 days on it */
        const acceptedProposal = async (title: string): Promise<number> => {
          const { createProposal } = await gql<{
            createProposal: { primaryKey: number; questionaryId: number };
          }>(
            `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
            { c: call.callId },
            applicant,
          );
          const pk = createProposal.primaryKey;
          await gql(
            `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "Interop") { primaryKey } }`,
            { pk, title },
            applicant,
          );
          await gql(
            `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
            {
              q: createProposal.questionaryId,
              topic: call.topicId,
              a: [
                { questionId: call.textQuestion, value: JSON.stringify({ value: 'x' }) },
                {
                  questionId: call.numberQuestion,
                  value: JSON.stringify({ value: { value: 1, unit: null } }),
                },
              ],
            },
            applicant,
          );
          await gql(
            `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`,
            { pk },
            applicant,
          );
          await asOfficer(
            `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
            { p: [pk], i: [instrumentId] },
          );
          await asOfficer(
            `mutation($pk: Int!, $t: [ManagementTimeAllocationsInput!]) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementDecisionSubmitted: true, managementTimeAllocations: $t) { primaryKey } }`,
            { pk, t: [{ instrumentId, value: 2 }] },
          );
          return pk;
        };
        const proposalPk = await acceptedProposal('Beside the real scheduler');
        const workflows = app.get(WorkflowsRepository);
        const trigger = (await workflows.statuses()).find((s) => s.shortCode === TRIGGER);
        if (!trigger) throw new Error(`no status ${TRIGGER} in our workflows`);
        const workflowId = (await app.get(CallsRepository).call(call.callId))!.proposalWorkflowId;
        const connection = (await workflows.connections(workflowId)).find((c) => c.statusId === trigger.id);
        if (!connection) throw new Error(`the call's workflow has no ${TRIGGER} step`);
        await asOfficer(
          `mutation($id: Int!, $w: Int!, $a: [ConnectionStatusActionInput!]!) { addConnectionStatusActions(workflowConnectionId: $id, workflowId: $w, actions: $a) { id } }`,
          {
            id: connection.id,
            w: workflowId,
            a: [
              {
                actionId: RABBITMQ_ACTION_ID,
                actionType: 'RABBITMQ',
                config: JSON.stringify({ profile: 'compatible', exchanges: [coreExchange] }),
              },
            ],
          },
        );
        log(`proposal ${proposalPk} (accepted, 2 days on instrument ${instrumentId}) → ${TRIGGER}…`);
        await asOfficer(
          `mutation($p: [Int!]!, $s: Int) { changeProposalsStatus(proposalPks: $p, statusId: $s) { primaryKey } }`,
          { p: [proposalPk], s: trigger.id },
        );
        type BookingRow = {
          proposal_booking_id: number;
          proposal_pk: number;
          call_id: number;
          instrument_id: number;
          allocated_time: number;
          status: string;
        };
        const bookingOf = async (pk: number): Promise<BookingRow | null> => {
          const { rows } = await db.query<BookingRow>(
            'SELECT proposal_booking_id, proposal_pk, call_id, instrument_id, allocated_time, status FROM proposal_bookings WHERE proposal_pk = $1',
            [pk],
          );
          return rows[0] ?? null;
        };
        const schedulerDiagnosis = async (error: Error): Promise<never> => {
          const dl = await channel.checkQueue(`DL__${schedulerQueue}`).catch(() => null);
          throw new Error(
            `${error.message}; DL__${schedulerQueue} holds ${dl?.messageCount ?? '?'}\n${schedulerOutput()}`,
          );
        };
        const booking = await until(() => bookingOf(proposalPk), "the scheduler's proposal booking").catch(
          schedulerDiagnosis,
        );
        log(`scheduler's proposal_bookings: ${JSON.stringify(booking)}`);
        if (
          booking.allocated_time !== 2 * 86_400 ||
          booking.instrument_id !== instrumentId ||
          booking.call_id !== call.callId
        )
          throw new Error(`unexpected proposal booking ${JSON.stringify(booking)}`);

        // 4. time slots booked in the scheduler → our experiments
        const experiment = async (scheduledEventId: string) => {
          const { experiments } = await asOfficer<{
            experiments: {
              experiments: {
                experimentPk: number;
                scheduledEventId: string | null;
                status: string;
                startsAt: string;
                endsAt: string;
                instrumentId: number;
              }[];
            };
          }>(
            `query($f: ExperimentsFilter) { experiments(filter: $f) { experiments { experimentPk scheduledEventId status startsAt endsAt instrumentId } } }`,
            { f: { proposalPk } },
          );
          return experiments.experiments.find((e) => e.scheduledEventId === scheduledEventId) ?? null;
        };
        const expect = async (
          id: string,
          what: string,
          ok: (e: Awaited<ReturnType<typeof experiment>>) => boolean,
        ) => {
          const found = await until(
            async () => {
              const e = await experiment(id);
              return ok(e) ? { e } : null;
            },
            what,
            30_000,
          ).catch(async (error: Error) => {
            const dl = await channel.checkQueue(`DL__${ourQueue}`).catch(() => null);
            throw new Error(
              `${error.message} (now ${JSON.stringify(await experiment(id))}; DL__${ourQueue} holds ${dl?.messageCount ?? '?'})`,
            );
          });
          log(`  ours: ${what}: ${JSON.stringify(found.e)}`);
          return found.e;
        };
        type Slot = { scheduledEvent: { id: number; status: string } | null; error: string | null };
        const slotInput = (startsAt: string, endsAt: string) => ({
          bookingType: 'USER_OPERATIONS',
          startsAt,
          endsAt,
          description: 'interop',
          instrumentId,
          proposalBookingId: booking.proposal_booking_id,
        });
        const { createScheduledEvent: created } = await schedulerGql<{ createScheduledEvent: Slot }>(
          `mutation($e: NewScheduledEventInput!) { createScheduledEvent(newScheduledEvent: $e) { error scheduledEvent { id status } } }`,
          { e: slotInput('2031-03-02 09:00:00', '2031-03-04 17:00:00') },
        );
        if (!created.scheduledEvent) throw new Error(`createScheduledEvent: ${created.error}`);
        const slotId = String(created.scheduledEvent.id);
        log(`scheduler: time slot ${slotId} created (${created.scheduledEvent.status})`);
        const steps: Record<string, unknown> = {};
        steps.added = await expect(
          slotId,
          'PROPOSAL_BOOKING_TIME_SLOT_ADDED → experiment DRAFT 2031-03-02T09:00Z–2031-03-04T17:00Z',
          (e) =>
            e?.status === 'DRAFT' &&
            e.startsAt.startsWith('2031-03-02T09:00:00') &&
            e.endsAt.startsWith('2031-03-04T17:00:00') &&
            e.instrumentId === instrumentId,
        );

        const { updateScheduledEvent } = await schedulerGql<{ updateScheduledEvent: Slot }>(
          `mutation($u: UpdateScheduledEventInput!) { updateScheduledEvent(updateScheduledEvent: $u) { error scheduledEvent { id status } } }`,
          {
            u: {
              scheduledEventId: Number(slotId),
              startsAt: '2031-03-03 08:00:00',
              endsAt: '2031-03-05 12:00:00',
            },
          },
        );
        if (!updateScheduledEvent.scheduledEvent)
          throw new Error(`updateScheduledEvent: ${updateScheduledEvent.error}`);
        steps.updated = await expect(
          slotId,
          'PROPOSAL_BOOKING_TIME_UPDATED → 2031-03-03T08:00Z–2031-03-05T12:00Z',
          (e) =>
            e?.status === 'DRAFT' &&
            e.startsAt.startsWith('2031-03-03T08:00:00') &&
            e.endsAt.startsWith('2031-03-05T12:00:00'),
        );

        const { activateScheduledEvents } = await schedulerGql<{
          activateScheduledEvents: {
            error: string | null;
            scheduledEvents: { id?: number; reason?: string }[];
          };
        }>(
          `mutation($ids: [Int!]!) { activateScheduledEvents(activateScheduledEvents: { ids: $ids }) { error scheduledEvents { ... on ScheduledEvent { id status } ... on Rejection { reason } } } }`,
          { ids: [Number(slotId)] },
        );
        const rejected = activateScheduledEvents.scheduledEvents.find((e) => e.reason);
        if (rejected) throw new Error(`activateScheduledEvents: ${rejected.reason}`);
        if (activateScheduledEvents.error)
          throw new Error(`activateScheduledEvents: ${activateScheduledEvents.error}`);
        steps.activated = await expect(
          slotId,
          'PROPOSAL_BOOKING_TIME_ACTIVATED → ACTIVE',
          (e) => e?.status === 'ACTIVE',
        );

        const { finalizeScheduledEvent } = await schedulerGql<{ finalizeScheduledEvent: Slot }>(
          `mutation($f: FinalizeScheduledEventInput!) { finalizeScheduledEvent(finalizeScheduledEvent: $f) { error scheduledEvent { id status } } }`,
          { f: { id: Number(slotId), action: 'COMPLETE' } },
        );
        if (!finalizeScheduledEvent.scheduledEvent)
          throw new Error(`finalizeScheduledEvent: ${finalizeScheduledEvent.error}`);
        steps.completed = await expect(
          slotId,
          'PROPOSAL_BOOKING_TIME_COMPLETED → COMPLETED',
          (e) => e?.status === 'COMPLETED',
        );

        // the scheduler's two PROPOSAL_BOOKING_TIME_REOPENED: reopenScheduledEvent (COMPLETED → ACTIVE) and
        // finalizeScheduledEvent RESTART (ACTIVE or DRAFT → DRAFT); both carry status ACTIVE from an ACTIVE slot
        const { reopenScheduledEvent } = await schedulerGql<{ reopenScheduledEvent: Slot }>(
          `mutation($id: Int!) { reopenScheduledEvent(id: $id) { error scheduledEvent { id status } } }`,
          { id: Number(slotId) },
        );
        if (!reopenScheduledEvent.scheduledEvent)
          throw new Error(`reopenScheduledEvent: ${reopenScheduledEvent.error}`);
        log(`scheduler: slot ${slotId} reopened, now ${reopenScheduledEvent.scheduledEvent.status}`);
        steps.reopened = await expect(
          slotId,
          `PROPOSAL_BOOKING_TIME_REOPENED (reopen) → ${reopenScheduledEvent.scheduledEvent.status}, as the scheduler's slot`,
          (e) => e?.status === reopenScheduledEvent.scheduledEvent!.status,
        );
        const { finalizeScheduledEvent: restarted } = await schedulerGql<{ finalizeScheduledEvent: Slot }>(
          `mutation($f: FinalizeScheduledEventInput!) { finalizeScheduledEvent(finalizeScheduledEvent: $f) { error scheduledEvent { id status } } }`,
          { f: { id: Number(slotId), action: 'RESTART' } },
        );
        if (!restarted.scheduledEvent) throw new Error(`finalizeScheduledEvent RESTART: ${restarted.error}`);
        log(`scheduler: slot ${slotId} restarted, now ${restarted.scheduledEvent.status}`);
        steps.restarted = await expect(
          slotId,
          `PROPOSAL_BOOKING_TIME_REOPENED (restart) → ${restarted.scheduledEvent.status}, as the scheduler's slot`,
          (e) => e?.status === restarted.scheduledEvent!.status,
        );

        const { createScheduledEvent: second } = await schedulerGql<{ createScheduledEvent: Slot }>(
          `mutation($e: NewScheduledEventInput!) { createScheduledEvent(newScheduledEvent: $e) { error scheduledEvent { id status } } }`,
          { e: slotInput('2031-04-01 09:00:00', '2031-04-01 21:00:00') },
        );
        if (!second.scheduledEvent) throw new Error(`createScheduledEvent: ${second.error}`);
        const secondId = String(second.scheduledEvent.id);
        steps.secondAdded = await expect(
          secondId,
          `second slot ${secondId} ADDED → experiment DRAFT`,
          (e) => e?.status === 'DRAFT',
        );
        const { deleteScheduledEvents } = await schedulerGql<{
          deleteScheduledEvents: { error: string | null };
        }>(
          `mutation($d: DeleteScheduledEventsInput!) { deleteScheduledEvents(deleteScheduledEventsInput: $d) { error } }`,
          { d: { ids: [Number(secondId)], instrumentId, proposalBookingId: booking.proposal_booking_id } },
        );
        if (deleteScheduledEvents.error)
          throw new Error(`deleteScheduledEvents: ${deleteScheduledEvents.error}`);
        steps.removed = await expect(
          secondId,
          'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED → experiment removed',
          (e) => e === null,
        );

        // INSTRUMENT_DELETED (published whenever AMQP_URL is set) → the scheduler unlinks its equipment from it.
        // (PROPOSAL_DELETED is not run: only a draft can be deleted here, and a draft has no management decision.)
        const { createInstrument: doomed } = await asOfficer<{ createInstrument: { id: number } }>(
          `mutation { createInstrument(name: "Interop doomed", shortCode: "INTEROP-D", description: "deleted") { id } }`,
        );
        const { createEquipment } = await schedulerGql<{
          createEquipment: { error: string | null; equipment: { id: number } | null };
        }>(
          `mutation($e: EquipmentInput!) { createEquipment(newEquipmentInput: $e) { error equipment { id } } }`,
          {
            e: {
              name: 'Interop cryostat',
              description: 'on the doomed instrument',
              instrumentIds: [doomed.id],
              color: null,
              autoAccept: true,
              equipmentResponsible: null,
              ownerUserId: 1,
            },
          },
        );
        if (!createEquipment.equipment) throw new Error(`createEquipment: ${createEquipment.error}`);
        const links = async () =>
          (
            await db.query<{ equipment_id: number }>(
              'SELECT equipment_id FROM equipment_instruments WHERE instrument_id = $1',
              [doomed.id],
            )
          ).rows.length;
        const linked = await links();
        log(
          `scheduler: equipment ${createEquipment.equipment.id} on instrument ${doomed.id} (${linked} link)`,
        );
        await asOfficer(`mutation($id: Int!) { deleteInstrument(id: $id) { id } }`, { id: doomed.id });
        await until(
          async () => (await links()) === 0,
          `INSTRUMENT_DELETED: the scheduler to unlink its equipment from instrument ${doomed.id}`,
        ).catch(schedulerDiagnosis);
        log(`scheduler: instrument ${doomed.id} deleted → its equipment_instruments rows deleted`);
        const instrumentDeleted = {
          instrumentId: doomed.id,
          equipmentLinksBefore: linked,
          equipmentLinksAfter: 0,
        };
        await sleep(1000); // late messages, if any, are printed too
        const dlOurs = await channel.checkQueue(`DL__${ourQueue}`);
        const dlTheirs = await channel.checkQueue(`DL__${schedulerQueue}`);
        return {
          proposalPk,
          instrumentId,
          schedulerStartSeconds,
          schedulerPatches: patches.length,
          schedulerBooking: booking,
          instrumentDeleted,
          publishedByUs: published.ours.map((m) => m.properties.type as string),
          publishedByScheduler: theirs.map((m) => m.properties.type as string),
          deadLettered: { ours: dlOurs.messageCount, scheduler: dlTheirs.messageCount },
          experiment: steps,
        };
      },
    );
    process.stdout.write(
      `interop OK: our PROPOSAL_STATUS_ACTION_EXECUTED → the scheduler's proposal booking ${summary.schedulerBooking.proposal_booking_id}; ` +
        `its ${summary.publishedByScheduler.join(', ')} → our experiment (DRAFT, moved, ACTIVE, COMPLETED, reopened ACTIVE, restarted DRAFT; a second one removed); INSTRUMENT_DELETED → its equipment unlinked; dead letters ${JSON.stringify(summary.deadLettered)}\n`,
    );
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    failed = false;
  } finally {
    stopScheduler();
    if (scheduler && scheduler.exitCode === null && scheduler.signalCode === null)
      await Promise.race([new Promise((done) => scheduler!.once('exit', done)), sleep(10_000)]);
    await pg?.end().catch(() => undefined);
    if (!KEEP) {
      await dropDatabase(schedulerDb).catch(() => undefined);
      for (const queue of [schedulerQueue, `DL__${schedulerQueue}`, ourQueue, `DL__${ourQueue}`])
        await channel.deleteQueue(queue).catch(() => undefined);
      for (const exchange of [coreExchange, schedulerExchange, `DLX__${schedulerQueue}`, `DLX__${ourQueue}`])
        await channel.deleteExchange(exchange).catch(() => undefined);
    }
    await amqp.close().catch(() => undefined);
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    log(
      failed ? `failed; the scheduler's log: ${schedulerLog}` : `cleaned up (scheduler log: ${schedulerLog})`,
    );
  }
}

runBench(main);
