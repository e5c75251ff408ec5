/**
 * getProposalsCore benchmark: seeds BENCH_PROPOSALS (default 100,000) submitted proposals with answered
 * questionaries as events (through the event store, so every read model is built by its projection; see
 * proposals-seed.ts), then times the staff table's queries server-side (the repository behind getProposalsCore,
 * on PostgreSQL). Run with `npm run bench:proposals-core`; `npm run bench:proposals-core:http` times the same
 * over HTTP through the built api.
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
import { DataType, FieldConditionType, OrderDirection, Role } from '../../contracts/src';
import { ProposalViewsRepository } from '../../services/api/src/modules/proposal-views';
import { seedProposals, vacuumAnalyze } from './proposals-seed';
import { log, percentile, runBench, sessionToken, withScratchApp } from './support';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TARGET_P95_MS = 50;

async function main(): Promise<void> {
  await withScratchApp('bench_core', { mode: 'api' }, async ({ app, databaseUrl, gql: request }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const gql = <T>(query: string): Promise<T> => request<T>(query, {}, officer);

    const data = await seedProposals(app, gql, PROPOSALS);
    const { callId, numberQuestion, statusIds, seedSeconds } = data;
    log('VACUUM ANALYZE…');
    await vacuumAnalyze(databaseUrl);

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
