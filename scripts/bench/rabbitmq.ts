/**
 * The downstream RabbitMQ benchmark (`npm run bench:rabbitmq`, issue 31): the whole app (mode `all`, BullMQ on
 * Redis when REDIS_URL is set, else in-process) on a scratch PostgreSQL database and the RabbitMQ of AMQP_URL, with
 * exchange and queue names of its own (`uo-bench-<pid>-<time>…`, deleted at the end).
 *
 * 1. **Out**: BENCH_PROPOSALS proposals (seeded as events) are moved by one changeProposalsStatus to APPROVED,
 *    whose connection has one RabbitMQ status action of the compatible profile: the time from the mutation until
 *    every PROPOSAL_STATUS_ACTION_EXECUTED is in a queue bound to the exchange, and the check that each was
 *    published once (one message per status change, distinct message ids).
 * 2. **In**: BENCH_SLOTS time slots of one accepted proposal, each ADDED, UPDATED and ACTIVATED, about
 *    BENCH_DUPLICATES of the messages published twice, to the scheduler's exchange: the time until the consumer has
 *    handled them all (duplicates included), then the check that each slot is one ACTIVE experiment.
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, AMQP_URL (default amqp://guest:guest@127.0.0.1:5672),
 * REDIS_URL, BENCH_PROPOSALS (1000), BENCH_SLOTS (300), BENCH_DUPLICATES (0.2), BENCH_KEEP_DB. Progress goes to
 * stderr; the figures to stdout, the last stdout line is JSON.
 */
import { performance } from 'node:perf_hooks';
import { connect, type ConsumeMessage } from 'amqplib';
import { RABBITMQ_ACTION_ID, Role } from '../../contracts/src';
import { CallsRepository } from '../../services/api/src/modules/calls';
import { ExperimentsRepository } from '../../services/api/src/modules/experiments';
import { ProposalsRepository } from '../../services/api/src/modules/proposals';
import { SchedulerConsumer } from '../../services/api/src/modules/scheduler-inbox';
import { UsersService } from '../../services/api/src/modules/users';
import { WorkflowsRepository } from '../../services/api/src/modules/workflows';
import { createBenchCall, seedProposals } from './proposals-seed';
import { log, runBench, sessionToken, withScratchApp } from './support';

const AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 1000);
const SLOTS = Number(process.env.BENCH_SLOTS ?? 300);
const DUPLICATES = Number(process.env.BENCH_DUPLICATES ?? 0.2);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(probe: () => boolean | Promise<boolean>, what: string, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function main(): Promise<void> {
  const run = `uo-bench-${process.pid}-${Date.now()}`;
  const out = `${run}.out.fanout`;
  const schedulerExchange = `${run}.scheduler.fanout`;
  const schedulerQueue = `${run}.scheduler`;
  const amqp = await connect(AMQP_URL);
  const channel = await amqp.createChannel();
  await channel.assertExchange(out, 'fanout', { durable: true });
  await channel.assertExchange(schedulerExchange, 'fanout', { durable: true });
  const { queue: collected } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(collected, out, '');
  const received: ConsumeMessage[] = [];
  await channel.consume(collected, (msg) => msg && received.push(msg), { noAck: true });
  try {
    const figures = await withScratchApp(
      'bench_rabbitmq',
      {
        amqpUrl: AMQP_URL,
        redisUrl: process.env.REDIS_URL || null,
        queuePrefix: run,
        rabbitmqExchanges: [`${run}.feed.fanout`],
        rabbitmqSchedulerQueue: schedulerQueue,
        rabbitmqSchedulerExchange: schedulerExchange,
        rabbitmqOutBackoffMs: 100,
      },
      async ({ app, gql }) => {
        const officer = sessionToken(app, 1, Role.USER_OFFICER);
        const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
          gql<T>(query, variables, officer);

        // 1. out
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
          {
            actionId: RABBITMQ_ACTION_ID,
            actionType: 'RABBITMQ',
            config: JSON.stringify({ profile: 'compatible', exchanges: [out] }),
          },
        ]);
        const change = (statusId: number) =>
          asOfficer(
            `mutation($p: [Int!]!, $s: Int) { changeProposalsStatus(proposalPks: $p, statusId: $s) { primaryKey } }`,
            { p: pks, s: statusId },
          );
        log(`moving ${pks.length} proposals to UNDER_REVIEW (no action), then all at once to APPROVED…`);
        await change(status.UNDER_REVIEW);
        await sleep(2000);
        received.length = 0;
        const started = performance.now();
        await change(status.APPROVED);
        const committed = (performance.now() - started) / 1000;
        await until(() => received.length >= pks.length, `${pks.length} messages`);
        const outSeconds = (performance.now() - started) / 1000;
        await sleep(2000); // nothing more comes
        const ids = new Set(received.map((m) => m.properties.messageId as string));
        const outFigures = {
          statusChanges: pks.length,
          published: received.length,
          distinctMessageIds: ids.size,
          publishedOnce: received.length === pks.length && ids.size === pks.length,
          mutationSeconds: Number(committed.toFixed(2)),
          seconds: Number(outSeconds.toFixed(2)),
          messagesPerSecond: Math.round(received.length / outSeconds),
        };
        log(`out: ${JSON.stringify(outFigures)}`);

        // 2. in
        log('an accepted proposal on an instrument…');
        const bookingCall = await createBenchCall(app, (q) => asOfficer(q), 'BENCH-RMQ');
        const { createInstrument } = await asOfficer<{ createInstrument: { id: number } }>(
          `mutation { createInstrument(name: "BENCH-RMQ", shortCode: "BENCH-RMQ", description: "bench") { id } }`,
        );
        const instrumentId = createInstrument.id;
        await asOfficer(
          `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
          { c: bookingCall.callId, i: [{ instrumentId }] },
        );
        const { user: booker } = await app.get(UsersService).create({
          firstname: 'Booking',
          lastname: 'Bench',
          email: `booking.${run}@example.org`,
          oidcSub: null,
          placeholder: false,
          roles: [Role.USER],
          source: 'login',
        });
        const applicant = sessionToken(app, booker.id, Role.USER);
        const { createProposal } = await gql<{
          createProposal: { primaryKey: number; questionaryId: number };
        }>(
          `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
          { c: bookingCall.callId },
          applicant,
        );
        const proposalPk = createProposal.primaryKey;
        await gql(
          `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Scheduled", abstract: "Beam time") { primaryKey } }`,
          { pk: proposalPk },
          applicant,
        );
        await gql(
          `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
          {
            q: createProposal.questionaryId,
            topic: bookingCall.topicId,
            a: [
              { questionId: bookingCall.textQuestion, value: JSON.stringify({ value: 'x' }) },
              {
                questionId: bookingCall.numberQuestion,
                value: JSON.stringify({ value: { value: 1, unit: null } }),
              },
            ],
          },
          applicant,
        );
        await gql(
          `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`,
          { pk: proposalPk },
          applicant,
        );
        await asOfficer(
          `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
          { p: [proposalPk], i: [instrumentId] },
        );
        await asOfficer(
          `mutation($pk: Int!) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementDecisionSubmitted: true) { primaryKey } }`,
          { pk: proposalPk },
        );
        const consumer = app.get(SchedulerConsumer);
        await consumer.ready();
        let handled = 0;
        const outcomes: Record<string, number> = {};
        consumer.onOutcome((outcome) => {
          handled += 1;
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        });
        const wall = (h: number) =>
          new Date(Date.UTC(2031, 0, 1) + h * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
        let published = 0;
        let state = 7;
        const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
        const startedIn = performance.now();
        let t = Date.now();
        for (let s = 0; s < SLOTS; s++) {
          const slot = (from: number, to: number, st: string) => ({
            id: 900_000 + s,
            proposalPk,
            instrumentId,
            startsAt: wall(from),
            endsAt: wall(to),
            status: st,
            localContactId: null,
          });
          const messages: [string, unknown][] = [
            ['PROPOSAL_BOOKING_TIME_SLOT_ADDED', slot(s * 10, s * 10 + 4, 'DRAFT')],
            ['PROPOSAL_BOOKING_TIME_UPDATED', slot(s * 10 + 1, s * 10 + 6, 'DRAFT')],
            ['PROPOSAL_BOOKING_TIME_ACTIVATED', slot(s * 10 + 1, s * 10 + 6, 'ACTIVE')],
          ];
          for (const [type, body] of messages) {
            const timestamp = ++t;
            const times = next() < DUPLICATES ? 2 : 1;
            for (let k = 0; k < times; k++) {
              channel.publish(schedulerExchange, '', Buffer.from(JSON.stringify(body)), {
                type,
                timestamp,
                persistent: true,
                contentType: 'application/json',
              });
              published += 1;
            }
          }
        }
        await until(() => handled >= published, `${published} booking messages`);
        const inSeconds = (performance.now() - startedIn) / 1000;
        const experiments = app.get(ExperimentsRepository);
        let active = 0;
        for (let s = 0; s < SLOTS; s++)
          if ((await experiments.byScheduledEventId(String(900_000 + s)))?.status === 'ACTIVE') active += 1;
        const inFigures = {
          slots: SLOTS,
          messages: published,
          duplicates: published - SLOTS * 3,
          outcomes,
          seconds: Number(inSeconds.toFixed(2)),
          messagesPerSecond: Math.round(published / inSeconds),
          activeExperiments: active,
          oneExperimentPerSlot: active === SLOTS,
        };
        log(`in: ${JSON.stringify(inFigures)}`);
        return { out: outFigures, in: inFigures, queue: process.env.REDIS_URL ? 'bullmq' : 'in-process' };
      },
    );
    process.stdout.write(
      `out: ${figures.out.published}/${figures.out.statusChanges} published once=${figures.out.publishedOnce} in ${figures.out.seconds} s → ${figures.out.messagesPerSecond} msgs/s\n` +
        `in:  ${figures.in.messages} booking messages (${figures.in.duplicates} duplicates) in ${figures.in.seconds} s → ${figures.in.messagesPerSecond} msgs/s; one ACTIVE experiment per slot=${figures.in.oneExperimentPerSlot}\n`,
    );
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    for (const queue of [schedulerQueue, `DL__${schedulerQueue}`])
      await channel.deleteQueue(queue).catch(() => undefined);
    for (const exchange of [out, schedulerExchange, `DLX__${schedulerQueue}`, `${run}.feed.fanout`])
      await channel.deleteExchange(exchange).catch(() => undefined);
    await amqp.close().catch(() => undefined);
  }
}

runBench(main);
