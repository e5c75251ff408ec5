/**
 * Auditors' benchmark (issue 32), `npm run bench:audit`, on PostgreSQL scratch databases:
 *
 * 1. Append throughput before and after the hash chain, in one run: single-event appends by 1 and by 8 concurrent
 *    appenders for BENCH_SECONDS each, on a store without the chain's trigger ("before") and on one with it
 *    ("after"), alternated BENCH_ROUNDS times so that the machine's drift hits both alike. Aim: within 10 %.
 * 2. As of: a proposal with BENCH_AS_OF_EVENTS events (its creation, its questionary's creation, then answers and
 *    title changes alternating) among other proposals' events; BENCH_AS_OF_RUNS `ProposalHistory.asOf` calls at
 *    random instants. p50, p95. Aim: p95 under 50 ms.
 * 3. events:verify over BENCH_VERIFY_EVENTS events (seeded in bulk through the chain's trigger): the time of
 *    `verifyEventChain`, what `npm run events:verify` runs.
 *
 * Progress goes to stderr; the figures go to stdout, the last line JSON. Exit 0 whether or not the aims are met.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  PROPOSAL_CREATED,
  PROPOSAL_UPDATED,
  QUESTIONARY_CREATED,
  TOPIC_ANSWERED,
} from '@user-office/contracts';
import { ProposalEventsRepository } from '../../services/api/src/modules/audit/queries/proposal-history/proposal-events.repository';
import { ProposalHistory } from '../../services/api/src/modules/audit/queries/proposal-history/proposal-history.service';
import { TemplatesProjection } from '../../services/api/src/modules/templates/read-models/templates/templates.projection';
import { TemplatesRepository } from '../../services/api/src/modules/templates/read-models/templates/templates.repository';
import { PgSqlClient } from '../../services/api/src/platform/database/pg-sql-client';
import { verifyEventChain } from '../../services/api/src/platform/event-store/event-chain';
import type { EventMetadata } from '../../services/api/src/platform/event-store/event-store.port';
import { SqlEventStore } from '../../services/api/src/platform/event-store/sql-event-store';
import { ADMIN_URL, latencySummary, log, runBench } from './support';

const num = (name: string, fallback: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const SECONDS = num('BENCH_SECONDS', 5);
const ROUNDS = num('BENCH_ROUNDS', 2);
const AS_OF_EVENTS = num('BENCH_AS_OF_EVENTS', 500);
const AS_OF_RUNS = num('BENCH_AS_OF_RUNS', 200);
const VERIFY_EVENTS = num('BENCH_VERIFY_EVENTS', 500_000);

const META: EventMetadata = { actorId: 1, impersonatorId: null, correlationId: 'bench', causationId: null };

async function scratch(label: string): Promise<{ sql: PgSqlClient; drop(): Promise<void> }> {
  const name = `uo_bench_${label}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const sql = await PgSqlClient.connect(url.toString(), 12);
  await SqlEventStore.migrate(sql);
  return {
    sql,
    drop: async () => {
      await sql.close();
      const c = new Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** events/s of single-event appends by `appenders` concurrent appenders for SECONDS */
async function appendRate(store: SqlEventStore, appenders: number): Promise<number> {
  const until = Date.now() + SECONDS * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: appenders }, async () => {
      const stream = `bench-${randomUUID()}`;
      for (let v = 0; Date.now() < until; v++) {
        await store.append(
          stream,
          [{ type: 'BenchEvent', data: { v, text: 'Benchmark payload of some size' } }],
          {
            expectedVersion: v,
            metadata: META,
          },
        );
        count++;
      }
    }),
  );
  return count / SECONDS;
}

async function appendBench(): Promise<Record<string, { before: number; after: number; change: string }>> {
  const before = await scratch('nochain');
  const after = await scratch('chain');
  await before.sql.query('DROP TRIGGER events_chain ON events'); // the store as it was before the chain
  const stores = { before: new SqlEventStore(before.sql), after: new SqlEventStore(after.sql) };
  const result: Record<string, { before: number; after: number; change: string }> = {};
  try {
    for (const appenders of [1, 8]) {
      const sums = { before: 0, after: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        for (const which of round % 2 === 0
          ? (['before', 'after'] as const)
          : (['after', 'before'] as const)) {
          const rate = await appendRate(stores[which], appenders);
          log(`append x${appenders} ${which} round ${round + 1}: ${Math.round(rate)} events/s`);
          sums[which] += rate;
        }
      }
      const b = sums.before / ROUNDS;
      const a = sums.after / ROUNDS;
      result[`appenders${appenders}`] = {
        before: Math.round(b),
        after: Math.round(a),
        change: `${(((a - b) / b) * 100).toFixed(1)} %`,
      };
    }
    const verified = await verifyEventChain(after.sql, { record: false });
    if (!verified.ok)
      throw new Error(`the chain written by the benchmark does not verify: ${verified.message}`);
  } finally {
    await stores.before.close();
    await stores.after.close();
    await before.drop();
    await after.drop();
  }
  return result;
}

async function asOfBench(): Promise<{ events: number; p50: number; p95: number; max: number }> {
  const db = await scratch('asof');
  const store = new SqlEventStore(db.sql);
  try {
    // the templates read model the as-of reads the question texts and the questionary's steps from: template 1,
    // 5 topics of 4 questions (q0…q19, the questions the proposal's answers are of)
    for (const table of new TemplatesProjection().tables)
      for (const ddl of table.ddl(table.name)) await db.sql.query(ddl);
    await db.sql.query(
      `INSERT INTO templates (template_id, group_id, name, description, created_at)
       VALUES (1, 'PROPOSAL_QUESTIONARY', 'Bench', '', now())`,
    );
    await db.sql.query(
      `INSERT INTO template_topics (topic_id, template_id, title, sort_order, is_enabled)
       SELECT g, 1, 'Topic ' || g, g, true FROM generate_series(1, 5) g`,
    );
    await db.sql.query(
      `INSERT INTO questions (question_id, category_id, data_type, natural_key, question, config)
       SELECT 'q' || g, 'PROPOSAL', 'TEXT_INPUT', 'q' || g, 'Question ' || g || '?', '{}'::jsonb
         FROM generate_series(0, 19) g`,
    );
    await db.sql.query(
      `INSERT INTO template_fields (template_id, question_id, topic_id, sort_order, config, dependencies, dependencies_operator)
       SELECT 1, 'q' || g, 1 + g % 5, g, '{}'::jsonb, '[]'::jsonb, 'AND' FROM generate_series(0, 19) g`,
    );
    // other proposals around it: 200 proposals of 50 events
    await db.sql.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
       SELECT gen_random_uuid(), 'proposal-' || (1000 + g / 50), g % 50 + 1, 'ProposalUpdated',
              jsonb_build_object('title', 'Other ' || g), $1::jsonb
         FROM generate_series(0, 9999) g`,
      [JSON.stringify(META)],
    );
    const pk = 1;
    const questionaryId = 11;
    await store.append(
      `proposal-${pk}`,
      [
        {
          type: PROPOSAL_CREATED,
          data: {
            proposalPk: pk,
            proposalId: 'P-1',
            callId: 1,
            proposerId: 1,
            questionaryId,
            statusId: 1,
            title: 'Title 0',
            abstract: 'Abstract',
            userIds: [2, 3],
            clonedFromPk: null,
          },
        },
      ],
      { expectedVersion: 0, metadata: META },
    );
    await store.append(
      `questionary-${questionaryId}`,
      [{ type: QUESTIONARY_CREATED, data: { questionaryId, templateId: 1 } }],
      {
        expectedVersion: 0,
        metadata: META,
      },
    );
    const times: Date[] = [];
    let proposalVersion = 1;
    let questionaryVersion = 1;
    for (let i = 2; i < AS_OF_EVENTS; i++) {
      if (i % 2 === 0) {
        await store.append(
          `questionary-${questionaryId}`,
          [
            {
              type: TOPIC_ANSWERED,
              data: {
                questionaryId,
                topicId: 1 + (i % 5),
                answers: [{ questionId: `q${i % 20}`, value: `answer ${i}` }],
                removedQuestionIds: [],
                isComplete: true,
              },
            },
          ],
          { expectedVersion: questionaryVersion++, metadata: META },
        );
      } else {
        await store.append(
          `proposal-${pk}`,
          [
            {
              type: PROPOSAL_UPDATED,
              data: {
                proposalPk: pk,
                title: `Title ${i}`,
                abstract: 'Abstract',
                proposerId: 1,
                userIds: [2, 3],
              },
            },
          ],
          { expectedVersion: proposalVersion++, metadata: META },
        );
      }
      times.push(new Date());
    }
    const history = new ProposalHistory(
      new ProposalEventsRepository(db.sql),
      new TemplatesRepository(db.sql),
    );
    const last = await history.asOf(pk, new Date());
    if (last.eventCount !== AS_OF_EVENTS)
      throw new Error(`folded ${last.eventCount} events, not ${AS_OF_EVENTS}`);
    if (last.questionary.length !== 5 || last.questionary[0].answers[0]?.question !== 'Question 0?')
      throw new Error('the questionary was not laid out from the templates read model');
    for (let i = 0; i < 10; i++) await history.asOf(pk, new Date()); // warm-up
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < AS_OF_RUNS; i++) {
      const at = i % 2 === 0 ? new Date() : times[Math.floor(Math.random() * times.length)];
      const t0 = performance.now();
      await history.asOf(pk, at);
      latencies.push(performance.now() - t0);
    }
    const s = latencySummary(latencies, (performance.now() - started) / 1000);
    return { events: AS_OF_EVENTS, p50: round(s.p50), p95: round(s.p95), max: round(s.max) };
  } finally {
    await store.close();
    await db.drop();
  }
}

async function verifyBench(): Promise<{
  events: number;
  seconds: number;
  eventsPerSecond: number;
  seedSeconds: number;
}> {
  const db = await scratch('verify');
  try {
    const seedStarted = performance.now();
    const chunk = 50_000;
    for (let from = 0; from < VERIFY_EVENTS; from += chunk) {
      const to = Math.min(VERIFY_EVENTS, from + chunk) - 1;
      await db.sql.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata)
           SELECT gen_random_uuid(), 'proposal-' || (g / 20), g % 20 + 1, 'ProposalUpdated',
                  jsonb_build_object('proposalPk', g / 20, 'title', 'Benchmark proposal ' || g,
                                     'abstract', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.',
                                     'userIds', jsonb_build_array(2, 3, 5)),
                  $3::jsonb
             FROM generate_series($1::int, $2::int) g ORDER BY g`,
          [from, to, JSON.stringify(META)],
        );
      });
      log(`seeded ${to + 1} events`);
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const r = await verifyEventChain(db.sql, { record: false });
    if (!r.ok || r.eventsChecked !== VERIFY_EVENTS) throw new Error(r.message);
    return {
      events: r.eventsChecked,
      seconds: round(r.seconds),
      eventsPerSecond: Math.round(r.eventsChecked / r.seconds),
      seedSeconds: round(seedSeconds),
    };
  } finally {
    await db.drop();
  }
}

const round = (v: number): number => Math.round(v * 100) / 100;

runBench(async () => {
  log('append throughput before and after the chain');
  const append = await appendBench();
  log('as of');
  const asOf = await asOfBench();
  log(`events:verify over ${VERIFY_EVENTS} events`);
  const verify = await verifyBench();
  console.log('Append (single-event appends, events/s; "before" = the same store without the chain trigger)');
  for (const [k, v] of Object.entries(append))
    console.log(`  ${k.padEnd(11)} before ${v.before}  after ${v.after}  change ${v.change}`);
  console.log(
    `As of, proposal with ${asOf.events} events: p50 ${asOf.p50} ms, p95 ${asOf.p95} ms, max ${asOf.max} ms (aim p95 < 50 ms)`,
  );
  console.log(
    `events:verify over ${verify.events} events: ${verify.seconds} s (${verify.eventsPerSecond} events/s; seeding took ${verify.seedSeconds} s)`,
  );
  console.log(JSON.stringify({ append, asOf, verify }));
});
