/**
 * The proposals the staff-table benchmarks run on: a template with a text and a number question, the call BENCH,
 * USERS applicants, then `count` submitted proposals with answered questionaries appended as events through the
 * event store (the same path as the product's commands: every inline read model is written by its projection in
 * the append transaction). The streams of BENCH_SEED_BATCH proposals go in one `appendMany` (one transaction, one
 * set-based insert, inline projections over the batch; BENCH_SEED_IN_FLIGHT of them in flight), and the ids are
 * drawn from their sequences in one block.
 *
 * What the benchmarks need to find again (call, questions, statuses) is kept as the database's comment, so a
 * seeded database can be reused by name.
 */
import { performance } from 'node:perf_hooks';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import {
  ProposalStatusDefaultShortCode,
  proposalCreatedEvent,
  proposalStreamId,
  proposalSubmittedEvent,
  proposalUpdatedEvent,
  questionaryCreatedEvent,
  questionaryStreamId,
  Role,
  topicAnsweredEvent,
  WorkflowType,
} from '../../contracts/src';
import { UsersService } from '../../services/api/src/modules/users';
import { WorkflowsRepository } from '../../services/api/src/modules/workflows';
import { RequestContext } from '../../services/api/src/platform/context/request-context';
import { IdSequences } from '../../services/api/src/platform/database/id-sequences';
import type { EventStore, StreamAppend } from '../../services/api/src/platform/event-store/event-store.port';
import type { SqlClient } from '../../services/api/src/platform/database/sql-client';
import { EVENT_STORE, SQL_CLIENT } from '../../services/api/src/platform/tokens';
import { log } from './support';

export const USERS = 2000;
/** appends in flight; the store commits up to 64 of them in one transaction */
/** proposals per appendMany (one transaction) and appendMany calls in flight */
const SEED_BATCH = Number(process.env.BENCH_SEED_BATCH ?? 500);
const SEED_IN_FLIGHT = Number(process.env.BENCH_SEED_IN_FLIGHT ?? 2);

export const WORDS =
  'magnetic order phonon spin wave neutron diffraction powder crystal protein membrane lipid polymer catalyst zeolite battery cathode anode superconductor thin film interface strain hydrogen storage bronze archaeology quantum liquid glass dynamics diffusion'.split(
    ' ',
  );

/** What the benchmarks query by. */
export interface BenchData {
  proposals: number;
  callId: number;
  textQuestion: string;
  numberQuestion: string;
  statusIds: number[];
  /** proposals per second while seeding through the events */
  seedRate: number;
  seedSeconds: number;
  /** how the proposals were made: 'events', or 'events ×k (SQL copy)' */
  method: string;
}

export async function readBenchData(databaseUrl: string): Promise<BenchData | null> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ comment: string | null }>(
      'SELECT shobj_description(oid, $1) AS comment FROM pg_database WHERE datname = current_database()',
      ['pg_database'],
    );
    const comment = rows[0]?.comment;
    if (!comment?.startsWith('{')) return null;
    return JSON.parse(comment) as BenchData;
  } finally {
    await pg.end();
  }
}

export async function writeBenchData(databaseUrl: string, data: BenchData): Promise<void> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const { rows } = await pg.query<{ db: string }>('SELECT current_database() AS db');
    const text = JSON.stringify(data).replace(/'/g, "''");
    await pg.query(`COMMENT ON DATABASE "${rows[0].db}" IS '${text}'`);
  } finally {
    await pg.end();
  }
}

export type Gql = <T>(query: string) => Promise<T>;

/** Seeds `count` proposals on an empty database through the app's event store; returns what to query by. */
/** The call the benchmarks' proposals go to: BENCH, open now, its template a text and a number question. */
export interface BenchCall {
  callId: number;
  templateId: number;
  topicId: number;
  textQuestion: string;
  numberQuestion: string;
  /** the statuses a submitted proposal may be in (submitted, under review, approved, unsuccessful) */
  statusIds: number[];
}

/** the call's review templates (none by default) */
export interface BenchCallTemplates {
  technicalReviewTemplateId?: number;
  fapReviewTemplateId?: number;
}

export async function createBenchCall(
  app: INestApplication,
  gql: Gql,
  shortCode = 'BENCH',
  templates: BenchCallTemplates = {},
): Promise<BenchCall> {
  // a template with a text and a number question, a call
  const { createTemplate } = await gql<{
    createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
  }>(
    'mutation { createTemplate(groupId: PROPOSAL_QUESTIONARY, name: "Bench") { templateId steps { topic { id } } } }',
  );
  const templateId = createTemplate.templateId;
  const topicId = createTemplate.steps[0].topic.id;
  const question = async (dataType: string) => {
    const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
      `mutation { createQuestion(categoryId: PROPOSAL, dataType: ${dataType}) { id } }`,
    );
    await gql(
      `mutation { createQuestionTemplateRelation(templateId: ${templateId}, questionId: "${createQuestion.id}", topicId: ${topicId}, sortOrder: 9) { templateId } }`,
    );
    return createQuestion.id;
  };
  const textQuestion = await question('TEXT_INPUT');
  const numberQuestion = await question('NUMBER_INPUT');
  const workflows = app.get(WorkflowsRepository);
  const workflowId = (await workflows.defaultWorkflowId(WorkflowType.PROPOSAL)) as number;
  const day = 24 * 3600 * 1000;
  const iso = (d: number) => new Date(Date.now() + d * day).toISOString();
  const { createCall } = await gql<{ createCall: { id: number } }>(
    `mutation { createCall(createCallInput: { shortCode: "${shortCode}", startCall: "${iso(-1)}", endCall: "${iso(30)}",
      startReview: "${iso(31)}", endReview: "${iso(60)}", startNotify: "${iso(61)}", endNotify: "${iso(70)}",
      startCycle: "${iso(80)}", endCycle: "${iso(200)}", cycleComment: "c", surveyComment: "s", allocationTimeUnit: Day,
      proposalWorkflowId: ${workflowId}, templateId: ${templateId}${Object.entries(templates)
        .map(([field, id]) => `, ${field}: ${Number(id)}`)
        .join('')} }) { id } }`,
  );
  const statuses = await workflows.statuses(WorkflowType.PROPOSAL);
  const statusIds = statuses
    .filter((s) =>
      [
        ProposalStatusDefaultShortCode.SUBMITTED_LOCKED,
        ProposalStatusDefaultShortCode.UNDER_REVIEW,
        ProposalStatusDefaultShortCode.APPROVED,
        ProposalStatusDefaultShortCode.UNSUCCESSFUL,
      ].includes(s.shortCode as ProposalStatusDefaultShortCode),
    )
    .map((s) => s.id);
  return { callId: createCall.id, templateId, topicId, textQuestion, numberQuestion, statusIds };
}

/** USERS applicants (First<i> Last<i> <word>, bench<i>@example.org); their ids */
/** `count` applicants; `institutionOf(i)` gives the i-th one an institution (none by default). */
export async function createApplicants(
  app: INestApplication,
  count = USERS,
  institutionOf: (i: number) => number | null = () => null,
): Promise<number[]> {
  const users = app.get(UsersService);
  const userIds: number[] = [];
  await RequestContext.run({}, async () => {
    for (let i = 0; i < count; i++) {
      const { user } = await users.create({
        firstname: `First${i}`,
        lastname: `Last${i} ${WORDS[i % WORDS.length]}`,
        email: `bench${i}@example.org`,
        oidcSub: null,
        placeholder: false,
        roles: [Role.USER],
        source: 'seed',
        institutionId: institutionOf(i),
      });
      userIds.push(user.id);
    }
  });
  return userIds;
}

/** How the seeded proposals' people are chosen (by default each proposal has its own PI and no co-proposers). */
export interface SeedPeople {
  /** the applicants (created here when absent) */
  userIds?: readonly number[];
  /** the call's review templates (none by default) */
  callTemplates?: BenchCallTemplates;
  /** the i-th proposal's PI (default: the i-th applicant, round) */
  piOf?: (i: number) => number;
  /** the i-th proposal's co-proposers (default none) */
  coProposersOf?: (i: number) => number[];
}

export async function seedProposals(
  app: INestApplication,
  gql: Gql,
  count: number,
  people: SeedPeople = {},
): Promise<BenchData> {
  const { callId, templateId, topicId, textQuestion, numberQuestion, statusIds } = await createBenchCall(
    app,
    gql,
    'BENCH',
    people.callTemplates,
  );

  if (!people.userIds) log(`creating ${USERS} users…`);
  const userIds = people.userIds ?? (await createApplicants(app));
  const piOf = people.piOf ?? ((i: number) => userIds[i % userIds.length]);
  const coProposersOf = people.coProposersOf ?? (() => []);

  log(`seeding ${count} proposals as events, ${SEED_BATCH} per appendMany, ${SEED_IN_FLIGHT} in flight…`);
  const store = app.get<EventStore>(EVENT_STORE);
  const firstQuestionaryId = await reserveIds(app, 'questionary_id_seq', count, {
    table: 'questionaries',
    column: 'questionary_id',
  });
  const firstProposalPk = await reserveIds(app, 'proposal_pk_seq', count, {
    table: 'proposals',
    column: 'proposal_pk',
  });
  const metadata = { actorId: null, impersonatorId: null, correlationId: 'bench', causationId: null };
  const started = performance.now();
  const submittedAt = new Date().toISOString();
  // the batched path (appendMany): SEED_BATCH proposals (a questionary and a proposal stream each) per transaction
  const appendsOf = (i: number): StreamAppend[] => {
    const questionaryId = firstQuestionaryId + i;
    const proposalPk = firstProposalPk + i;
    const pi = piOf(i);
    const coProposers = coProposersOf(i);
    const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13) % WORDS.length]} ${i}`;
    return [
      {
        streamId: questionaryStreamId(questionaryId),
        expectedVersion: 'no_stream',
        events: [
          questionaryCreatedEvent.create({ questionaryId, templateId, creatorId: pi }),
          topicAnsweredEvent.create({
            questionaryId,
            topicId,
            answers: [
              { questionId: textQuestion, value: `answer ${i}` },
              { questionId: numberQuestion, value: { value: i % 1000, unit: null, siValue: i % 1000 } },
            ],
            removedQuestionIds: [],
            isComplete: true,
          }),
        ],
      },
      {
        streamId: proposalStreamId(proposalPk),
        expectedVersion: 'no_stream',
        events: [
          proposalCreatedEvent.create({
            proposalPk,
            proposalId: String(proposalPk).padStart(6, '0'),
            callId,
            proposerId: pi,
            questionaryId,
            statusId: statusIds[i % statusIds.length],
            title: '',
            abstract: '',
            userIds: coProposers,
            clonedFromPk: null,
          }),
          proposalUpdatedEvent.create({
            proposalPk,
            title,
            abstract: `Abstract ${i}`,
            proposerId: pi,
            userIds: coProposers,
          }),
          proposalSubmittedEvent.create({
            proposalPk,
            proposalId: `BENCH-${String(i).padStart(7, '0')}`,
            callId,
            submittedAt,
          }),
        ],
      },
    ];
  };
  let next = 0;
  let seeded = 0;
  await Promise.all(
    Array.from({ length: SEED_IN_FLIGHT }, async () => {
      for (let from = next; from < count; from = next) {
        next = Math.min(count, from + SEED_BATCH);
        const appends = Array.from({ length: next - from }, (_, k) => appendsOf(from + k)).flat();
        await store.appendMany(appends, { metadata });
        const before = seeded;
        seeded += appends.length / 2;
        if (Math.floor(seeded / 10_000) > Math.floor(before / 10_000)) {
          const seconds = (performance.now() - started) / 1000;
          log(`  ${seeded} proposals in ${seconds.toFixed(0)} s (${(seeded / seconds).toFixed(0)}/s)`);
        }
      }
    }),
  );
  const seedSeconds = (performance.now() - started) / 1000;
  log(`seeded in ${seedSeconds.toFixed(0)} s (${(count / seedSeconds).toFixed(0)} proposals/s)`);
  return {
    proposals: count,
    callId,
    textQuestion,
    numberQuestion,
    statusIds,
    seedRate: count / seedSeconds,
    seedSeconds,
    method: 'events',
  };
}

/** Draws `count` ids of a sequence at once; returns the first (the others follow it). Through the app's own SQL
 * client, so the embedded PGlite store is seeded the same way as PostgreSQL. */
async function reserveIds(
  app: INestApplication,
  sequence: string,
  count: number,
  floor: { table: string; column: string },
): Promise<number> {
  const first = await app.get(IdSequences).next(sequence, floor);
  await app.get<SqlClient>(SQL_CLIENT).query(`SELECT setval('${sequence}', $1)`, [first + count - 1]);
  return first;
}

/**
 * The state autovacuum reaches shortly after a bulk load: statistics, and the visibility map, which lets a count
 * over an index's matches skip the heap pages that are all visible.
 */
export async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const pg = new Client({ connectionString: databaseUrl });
  await pg.connect();
  try {
    await pg.query('VACUUM ANALYZE');
  } finally {
    await pg.end();
  }
}
