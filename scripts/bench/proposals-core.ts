/**
 * getProposalsCore benchmark: seeds BENCH_PROPOSALS (default 100,000) submitted proposals with answered
 * questionaries as events (through the event store, so every read model is built by its projection), then times
 * the staff table's queries server-side (the repository behind getProposalsCore, on PostgreSQL).
 * Run with `npm run bench:proposals-core`.
 *
 * Environment (all optional):
 *   TEST_DATABASE_ADMIN_URL  admin connection used to create/drop the scratch database
 *   BENCH_PROPOSALS          proposals to seed (default 100000)
 *   BENCH_RUNS               timed runs per query (default 50)
 *   BENCH_KEEP_DB            1 keeps the scratch database (its name is printed)
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import {
  OrderDirection,
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
  FieldConditionType,
  DataType,
} from '../../contracts/src';
import { TokenService } from '../../services/api/src/platform/auth/token.service';
import { RequestContext } from '../../services/api/src/platform/context/request-context';
import { IdSequences } from '../../services/api/src/platform/database/id-sequences';
import type { EventStore } from '../../services/api/src/platform/event-store/event-store.port';
import { EVENT_STORE } from '../../services/api/src/platform/tokens';
import { ProposalViewsRepository } from '../../services/api/src/modules/proposal-views';
import { UsersService } from '../../services/api/src/modules/users';
import { WorkflowsRepository } from '../../services/api/src/modules/workflows';
import { log, percentile, runBench, withScratchApp } from './support';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WRITERS = 16;
const USERS = 2000;
const TARGET_P95_MS = 50;

const WORDS =
  'magnetic order phonon spin wave neutron diffraction powder crystal protein membrane lipid polymer catalyst zeolite battery cathode anode superconductor thin film interface strain hydrogen storage bronze archaeology quantum liquid glass dynamics diffusion'.split(
    ' ',
  );

async function main(): Promise<void> {
  await withScratchApp('bench_core', { mode: 'api' }, async ({ app, databaseUrl, gql: request }) => {
    const officer = app.get(TokenService).sign({
      id: 1,
      roles: [Role.USER_OFFICER],
      currentRole: Role.USER_OFFICER,
      isInternalUser: true,
      impersonatingUserId: null,
    });
    const gql = <T>(query: string): Promise<T> => request<T>(query, {}, officer);

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
      `mutation { createCall(createCallInput: { shortCode: "BENCH", startCall: "${iso(-1)}", endCall: "${iso(30)}",
        startReview: "${iso(31)}", endReview: "${iso(60)}", startNotify: "${iso(61)}", endNotify: "${iso(70)}",
        startCycle: "${iso(80)}", endCycle: "${iso(200)}", cycleComment: "c", surveyComment: "s", allocationTimeUnit: Day,
        proposalWorkflowId: ${workflowId}, templateId: ${templateId} }) { id } }`,
    );
    const callId = createCall.id;
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

    log(`creating ${USERS} users…`);
    const users = app.get(UsersService);
    const userIds: number[] = [];
    await RequestContext.run({}, async () => {
      for (let i = 0; i < USERS; i++) {
        const { user } = await users.create({
          firstname: `First${i}`,
          lastname: `Last${i} ${WORDS[i % WORDS.length]}`,
          email: `bench${i}@example.org`,
          oidcSub: null,
          placeholder: false,
          roles: [Role.USER],
          source: 'seed',
        });
        userIds.push(user.id);
      }
    });

    // ------------------------------------------------------------------------------------- seed proposals
    log(`seeding ${PROPOSALS} proposals as events with ${WRITERS} writers…`);
    const store = app.get<EventStore>(EVENT_STORE);
    const ids = app.get(IdSequences);
    const metadata = { actorId: null, impersonatorId: null, correlationId: 'bench', causationId: null };
    let next = 0;
    let seeded = 0;
    const started = performance.now();
    const seedOne = async (i: number) => {
      const questionaryId = await ids.next('questionary_id_seq', {
        table: 'questionaries',
        column: 'questionary_id',
      });
      const proposalPk = await ids.next('proposal_pk_seq', { table: 'proposals', column: 'proposal_pk' });
      const pi = userIds[i % userIds.length];
      const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 13) % WORDS.length]} ${i}`;
      await store.append(
        questionaryStreamId(questionaryId),
        [
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
        { expectedVersion: 'no_stream', metadata },
      );
      await store.append(
        proposalStreamId(proposalPk),
        [
          proposalCreatedEvent.create({
            proposalPk,
            proposalId: String(proposalPk).padStart(6, '0'),
            callId,
            proposerId: pi,
            questionaryId,
            statusId: statusIds[i % statusIds.length],
            title: '',
            abstract: '',
            userIds: [],
            clonedFromPk: null,
          }),
          proposalUpdatedEvent.create({
            proposalPk,
            title,
            abstract: `Abstract ${i}`,
            proposerId: pi,
            userIds: [],
          }),
          proposalSubmittedEvent.create({
            proposalPk,
            proposalId: `BENCH-${String(i).padStart(6, '0')}`,
            callId,
            submittedAt: new Date().toISOString(),
          }),
        ],
        { expectedVersion: 'no_stream', metadata },
      );
    };
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = next++; i < PROPOSALS; i = next++) {
          await seedOne(i);
          if (++seeded % 10_000 === 0) {
            const seconds = (performance.now() - started) / 1000;
            log(`  ${seeded} proposals in ${seconds.toFixed(0)} s (${(seeded / seconds).toFixed(0)}/s)`);
          }
        }
      }),
    );
    const seedSeconds = (performance.now() - started) / 1000;
    // the state autovacuum reaches shortly after a bulk load: statistics, and the visibility map, which lets a
    // count over an index's matches skip the heap pages that are all visible
    log(`seeded in ${seedSeconds.toFixed(0)} s; VACUUM ANALYZE…`);
    const pg = new Client({ connectionString: databaseUrl });
    await pg.connect();
    await pg.query('VACUUM ANALYZE');
    await pg.end();

    // ------------------------------------------------------------------------------------------- queries
    const views = app.get(ProposalViewsRepository);
    const cases: { name: string; run: (n: number) => Promise<{ totalCount: number }> }[] = [
      { name: 'text search ("neutron")', run: () => views.page({}, { searchText: 'neutron' }) },
      { name: 'text search (PI surname prefix "last12")', run: () => views.page({ text: 'last12' }, {}) },
      {
        name: 'status filter',
        run: (n) => views.page({ proposalStatusId: statusIds[n % statusIds.length] }, {}),
      },
      {
        name: 'question filter (number > 900)',
        run: () =>
          views.page(
            {
              questionFilter: {
                questionId: numberQuestion,
                compareOperator: FieldConditionType.GREATER_THAN,
                value: '900',
                dataType: DataType.NUMBER_INPUT,
              },
            },
            {},
          ),
      },
      {
        name: 'sort by title',
        run: () => views.page({}, { sortField: 'title', sortDirection: OrderDirection.ASC }),
      },
      {
        name: 'page at offset 10,000 (by title)',
        run: () => views.page({}, { sortField: 'title', sortDirection: OrderDirection.ASC, offset: 10_000 }),
      },
      { name: 'call filter, newest first', run: () => views.page({ callId }, {}) },
    ];
    const results: { name: string; p50: number; p95: number; max: number; totalCount: number }[] = [];
    for (const c of cases) {
      await c.run(0); // warm-up
      const times: number[] = [];
      let totalCount = 0;
      for (let n = 0; n < RUNS; n++) {
        const t0 = performance.now();
        totalCount = (await c.run(n)).totalCount;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      results.push({
        name: c.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times[times.length - 1],
        totalCount,
      });
      log(`  ${c.name}: p95 ${percentile(times, 95).toFixed(1)} ms`);
    }

    process.stdout.write(
      `\ngetProposalsCore on ${PROPOSALS} proposals (seeded at ${(PROPOSALS / seedSeconds).toFixed(0)} proposals/s), server-side, PostgreSQL\n`,
    );
    process.stdout.write('| query | matches | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|\n');
    for (const r of results)
      process.stdout.write(
        `| ${r.name} | ${r.totalCount} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |\n`,
      );
    process.stdout.write(`aim: p95 < ${TARGET_P95_MS} ms\n`);
    process.stdout.write(`${JSON.stringify({ proposals: PROPOSALS, seedSeconds, results })}\n`);
  });
}

runBench(main);
