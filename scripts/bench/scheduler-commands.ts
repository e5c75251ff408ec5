/**
 * The scheduler's commands benchmark (`npm run bench:scheduler-commands`): the facility scheduler's messages applied
 * through `ExperimentsService.applyScheduledEvent` (what its RabbitMQ consumer calls) on a scratch PostgreSQL
 * database, the whole app in the process (mode `all`: the workflow engines react to the experiments too).
 *
 * BENCH_EVENTS scheduled events on BENCH_INSTRUMENTS instruments of one accepted proposal; each gets a create, an
 * update (new times), an activate, a complete and, one in four, a remove, in that order (a consumer handles one
 * scheduled event's messages in order). About BENCH_DUPLICATES of the messages are delivered twice: half of them
 * at once with the first delivery (two consumers), half right after it. BENCH_CONCURRENCY scheduled events are
 * worked on at a time. A message that fails is delivered again (at-least-once), up to 3 times.
 *
 * Then it checks the effect is exactly once: each experiment stream holds exactly one ExperimentCreated /
 * ExperimentUpdated / ExperimentDeleted per effective (distinct) command, and each scheduled event has exactly one
 * experiment (none made twice by concurrent creates).
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, BENCH_EVENTS (default 400), BENCH_INSTRUMENTS (4),
 * BENCH_CONCURRENCY (8), BENCH_DUPLICATES (0.2), BENCH_KEEP_DB. Progress goes to stderr; the figures to stdout,
 * the last stdout line is JSON.
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { Role } from '../../contracts/src';
import { ExperimentsService, type ScheduledEventCommand } from '../../services/api/src/modules/experiments';
import { RequestContext } from '../../services/api/src/platform/context/request-context';
import { createApplicants, createBenchCall } from './proposals-seed';
import { log, runBench, sessionToken, withScratchApp } from './support';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 400);
const INSTRUMENTS = Number(process.env.BENCH_INSTRUMENTS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DUPLICATES = Number(process.env.BENCH_DUPLICATES ?? 0.2);

/** a deterministic pseudo-random sequence (the same run every time) */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const hour = (h: number) => new Date(Date.UTC(2030, 0, 1) + h * 3_600_000).toISOString();

interface Delivery {
  message: ScheduledEventCommand;
  /** delivered twice: 'together' (at once) or 'after' (right after the first) */
  twice: 'together' | 'after' | null;
}

async function main(): Promise<void> {
  await withScratchApp('bench_scheduler', {}, async ({ app, gql, databaseUrl }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
      gql<T>(query, variables, officer);
    log('an accepted proposal on the instruments…');
    const call = await createBenchCall(app, (query) => asOfficer(query));
    const instrumentIds: number[] = [];
    for (let i = 0; i < INSTRUMENTS; i++)
      instrumentIds.push(
        (
          await asOfficer<{ createInstrument: { id: number } }>(
            `mutation($n: String!) { createInstrument(name: $n, shortCode: $n, description: "bench") { id } }`,
            { n: `BENCH-I${i}` },
          )
        ).createInstrument.id,
      );
    await asOfficer(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: call.callId, i: instrumentIds.map((instrumentId) => ({ instrumentId })) },
    );
    const [applicantId] = await createApplicants(app, 1);
    const applicant = sessionToken(app, applicantId, Role.USER);
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
      { c: call.callId },
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
        topic: call.topicId,
        a: [
          { questionId: call.textQuestion, value: JSON.stringify({ value: 'x' }) },
          { questionId: call.numberQuestion, value: JSON.stringify({ value: { value: 1, unit: null } }) },
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
      { p: [proposalPk], i: instrumentIds },
    );
    await asOfficer(
      `mutation($pk: Int!) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementDecisionSubmitted: true) { primaryKey } }`,
      { pk: proposalPk },
    );

    // the messages of each scheduled event, in order, some delivered twice
    const next = random(29);
    const effective = new Map<string, number>();
    const plans: Delivery[][] = [];
    for (let e = 0; e < EVENTS; e++) {
      const scheduledEventId = `bench-${e}`;
      const instrumentId = instrumentIds[e % instrumentIds.length];
      const start = e * 10;
      const input = (from: number, to: number) => ({
        scheduledEventId,
        proposalPk,
        instrumentId,
        startsAt: hour(from),
        endsAt: hour(to),
        localContactId: null,
      });
      const messages: ScheduledEventCommand[] = [
        { kind: 'create', input: input(start, start + 4) },
        { kind: 'update', input: input(start + 1, start + 6) },
        { kind: 'activate', scheduledEventId },
        { kind: 'complete', scheduledEventId },
      ];
      if (e % 4 === 3) messages.push({ kind: 'remove', scheduledEventId });
      effective.set(scheduledEventId, messages.length);
      plans.push(
        messages.map((message) => {
          const r = next();
          return {
            message,
            twice: r < DUPLICATES / 2 ? 'together' : r < DUPLICATES ? 'after' : null,
          };
        }),
      );
    }

    const experiments = app.get(ExperimentsService);
    let retries = 0;
    const apply = async (message: ScheduledEventCommand): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        try {
          await RequestContext.run({}, () => experiments.applyScheduledEvent(message));
          return;
        } catch (error) {
          if (attempt >= 3) throw error;
          retries++;
        }
      }
    };

    log(
      `${EVENTS} scheduled events, ${plans.flat().length} messages, ${plans.flat().filter((d) => d.twice).length} of them twice, ${CONCURRENCY} events at a time…`,
    );
    let delivered = 0;
    let cursor = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (cursor < plans.length) {
          const plan = plans[cursor++];
          for (const { message, twice } of plan) {
            if (twice === 'together') await Promise.all([apply(message), apply(message)]);
            else {
              await apply(message);
              if (twice === 'after') await apply(message);
            }
            delivered += twice ? 2 : 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    log('checking the effect is exactly once…');
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const perStream = await db.query<{ id: string; n: string }>(
      `SELECT e.data->>'scheduledEventId' AS id, count(*) AS n
         FROM events s JOIN events e ON e.stream_id = s.stream_id AND e.type = 'ExperimentCreated'
        WHERE s.type IN ('ExperimentCreated', 'ExperimentUpdated', 'ExperimentDeleted')
          AND s.stream_id LIKE 'experiment-%'
        GROUP BY e.data->>'scheduledEventId', s.stream_id`,
    );
    const rows = await db.query<{ id: string; n: string }>(
      `SELECT scheduled_event_id AS id, count(*) AS n FROM experiments WHERE scheduled_event_id LIKE 'bench-%'
        GROUP BY scheduled_event_id`,
    );
    await db.end();
    const eventsPerStream = new Map<string, number[]>();
    for (const r of perStream.rows)
      eventsPerStream.set(r.id, [...(eventsPerStream.get(r.id) ?? []), Number(r.n)]);
    const wrongStreams = [...effective].filter(
      ([id, n]) => JSON.stringify(eventsPerStream.get(id)) !== JSON.stringify([n]),
    );
    const twiceMade = rows.rows.filter((r) => Number(r.n) !== 1);
    const missing = EVENTS - rows.rows.length;
    const effectiveCount = [...effective.values()].reduce((a, b) => a + b, 0);
    const creates = EVENTS;
    const updates = effectiveCount - creates;
    const result = {
      events: EVENTS,
      instruments: INSTRUMENTS,
      concurrency: CONCURRENCY,
      messagesDelivered: delivered,
      effectiveCommands: effectiveCount,
      retries,
      seconds: Number(seconds.toFixed(2)),
      messagesPerSecond: Math.round(delivered / seconds),
      createdPerSecond: Math.round(creates / seconds),
      updatedPerSecond: Math.round(updates / seconds),
      effectivePerSecond: Math.round(effectiveCount / seconds),
      exactlyOnce: wrongStreams.length === 0 && twiceMade.length === 0 && missing === 0,
      streamsWithWrongEvents: wrongStreams.length,
      scheduledEventsWithTwoExperiments: twiceMade.length,
      scheduledEventsWithoutExperiment: missing,
    };
    process.stdout.write('\nScheduler messages through ExperimentsService.applyScheduledEvent, PostgreSQL\n');
    process.stdout.write(
      '| scheduled events | messages (with duplicates) | effective | s | messages/s | created/s | updated/s | retries | exactly once |\n|---|---|---|---|---|---|---|---|---|\n',
    );
    process.stdout.write(
      `| ${EVENTS} | ${delivered} | ${effectiveCount} | ${result.seconds} | ${result.messagesPerSecond} | ${result.createdPerSecond} | ${result.updatedPerSecond} | ${retries} | ${result.exactlyOnce ? 'yes' : 'NO'} |\n`,
    );
    if (!result.exactlyOnce)
      process.stdout.write(
        `wrong streams: ${wrongStreams
          .slice(0, 5)
          .map(([id, n]) => `${id} expected ${n}, got ${JSON.stringify(eventsPerStream.get(id))}`)
          .join('; ')}\n`,
      );
    process.stdout.write(`${JSON.stringify(result)}\n`);
    if (!result.exactlyOnce) process.exitCode = 1;
  });
}

runBench(main);
