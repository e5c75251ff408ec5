/**
 * The instruments-and-reviews figures (`npm run bench:staff-lists`), over HTTP against the whole app on a scratch
 * PostgreSQL database:
 *
 * 1. BENCH_PROPOSALS submitted proposals (default 100,000): BENCH_PROPOSALS / BENCH_MULTIPLY seeded as events, then
 *    copied in SQL (proposals-multiply.ts; BENCH_MULTIPLY default 10, 1 seeds all through events).
 * 2. BENCH_INSTRUMENTS instruments (default 10) created, and the first BENCH_ASSIGNED proposals (default the ones
 *    seeded as events) each put on one of them (every 20th on two) through assignProposalsToInstruments, 1,000
 *    proposals a request: real events, technical review stubs included; a twentieth of their reviews then saved
 *    with a status and a time allocation (addTechnicalReview), so the sorts have values to order. The staff table's
 *    instrument and review columns of the other proposals are then copied in SQL from those rows (proposal i takes
 *    the columns of proposal i mod BENCH_ASSIGNED), as the projection would have written them: assigning 100,000
 *    proposals one request after another takes longer than the rest of the bench.
 * 3. getProposalsCore p50 / p95 (BENCH_RUNS runs, default 60, after 5 warm-up runs) for the instrument filter (one
 *    instrument, rotating), proposals on several instruments, and the technical-review sorts, beside the first page.
 * 4. `/download/xlsx/proposal/{ids}` of BENCH_XLSX proposals (default 10,000, one range of ids): time to the last
 *    byte, its size, and the process's peak resident memory above its level before the download (the api runs in
 *    this process; the client reads and drops the bytes).
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { OrderDirection, Role } from '../../contracts/src';
import { multiplyProposals } from './proposals-multiply';
import { seedProposals, vacuumAnalyze } from './proposals-seed';
import { latencySummary, log, runBench, sessionToken, withScratchApp } from './support';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 100_000);
const MULTIPLY = Number(process.env.BENCH_MULTIPLY ?? 10);
const INSTRUMENTS = Number(process.env.BENCH_INSTRUMENTS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const XLSX = Number(process.env.BENCH_XLSX ?? 10_000);
const ASSIGNED = process.env.BENCH_ASSIGNED ? Number(process.env.BENCH_ASSIGNED) : null;
const ASSIGN_BATCH = 1000;

const PAGE = `query($filter: ProposalsFilter, $sortField: String, $sortDirection: OrderDirection, $offset: Int) {
  getProposalsCore(filter: $filter, sortField: $sortField, sortDirection: $sortDirection, first: 20, offset: $offset,
    allowEstimatedCount: true) {
    totalCount proposalViews { primaryKey proposalId title statusName principalInvestigator { lastname email }
      instruments { id name shortCode } technicalReviews { status timeAllocation instrumentId submitted
        technicalReviewAssignee { id firstname lastname } } techniques { id name } } } }`;

async function main(): Promise<void> {
  await withScratchApp('bench_staff', {}, async ({ app, databaseUrl, base, gql }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
      gql<T>(query, variables, officer);

    const seeded = Math.ceil(PROPOSALS / MULTIPLY);
    const data = await seedProposals(app, (query) => asOfficer(query), seeded);
    if (MULTIPLY > 1) {
      log(`copying them ×${MULTIPLY} in SQL…`);
      await multiplyProposals(databaseUrl, data, MULTIPLY);
    }
    const { getProposalCoreBasic } = await asOfficer<{ getProposalCoreBasic: { primaryKey: number }[] }>(
      '{ getProposalCoreBasic { primaryKey } }',
    );
    const pks = getProposalCoreBasic.map((p) => p.primaryKey).sort((a, b) => a - b);
    log(`${pks.length} proposals`);

    log(`creating ${INSTRUMENTS} instruments, assigning every proposal…`);
    const instrumentIds: number[] = [];
    for (let i = 1; i <= INSTRUMENTS; i++) {
      const { createInstrument } = await asOfficer<{ createInstrument: { id: number } }>(
        `mutation($n: String!, $s: String!) { createInstrument(name: $n, shortCode: $s, description: "Bench") { id } }`,
        { n: `Instrument ${i}`, s: `INST${i}` },
      );
      instrumentIds.push(createInstrument.id);
    }
    const assigned = pks.slice(0, ASSIGNED ?? seeded);
    const assignStarted = performance.now();
    for (let i = 0; i < assigned.length; i += ASSIGN_BATCH) {
      const batch = assigned.slice(i, i + ASSIGN_BATCH);
      const k = (i / ASSIGN_BATCH) % INSTRUMENTS;
      const single = batch.filter((_, j) => (i + j) % 20 !== 0);
      const double = batch.filter((_, j) => (i + j) % 20 === 0);
      const assign = `mutation($pks: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $pks, instrumentIds: $i) }`;
      await asOfficer(assign, { pks: single, i: [instrumentIds[k]] });
      if (double.length > 0)
        await asOfficer(assign, { pks: double, i: [instrumentIds[k], instrumentIds[(k + 1) % INSTRUMENTS]] });
      if ((i / ASSIGN_BATCH) % 10 === 0) log(`  ${i + batch.length} assigned`);
    }
    const assignSeconds = (performance.now() - assignStarted) / 1000;
    log('saving a twentieth of the technical reviews…');
    const statuses = ['FEASIBLE', 'PARTIALLY_FEASIBLE', 'UNFEASIBLE'];
    for (let i = 0; i < assigned.length; i += 20) {
      const k = Math.floor(i / ASSIGN_BATCH) % INSTRUMENTS;
      await asOfficer(
        `mutation($pk: Int!, $i: Int!, $s: TechnicalReviewStatus, $t: Float) {
          addTechnicalReview(proposalPk: $pk, instrumentId: $i, status: $s, timeAllocation: $t) { id } }`,
        { pk: assigned[i], i: instrumentIds[k], s: statuses[i % 3], t: (i % 30) + 1 },
      );
      if (i % 10_000 === 0) log(`  ${i} reviewed`);
    }
    if (assigned.length < pks.length) {
      log(`copying the instrument and review columns to the other ${pks.length - assigned.length} rows…`);
      const pg = new Client({ connectionString: databaseUrl });
      await pg.connect();
      try {
        await pg.query(
          `UPDATE proposal_views v SET instrument_ids = s.instrument_ids, instruments = s.instruments,
             instrument_sort = s.instrument_sort, technical_reviews = s.technical_reviews,
             review_assignee_ids = s.review_assignee_ids, review_status = s.review_status,
             review_time_allocation = s.review_time_allocation, review_assignee = s.review_assignee
           FROM proposal_views s
           WHERE v.proposal_pk > $2 AND s.proposal_pk = $1 + (v.proposal_pk - $1) % $3`,
          [assigned[0], assigned[assigned.length - 1], assigned.length],
        );
        // the instrument filter's index table, as the projection writes it
        await pg.query(
          `INSERT INTO proposal_view_instruments (instrument_id, proposal_pk)
           SELECT DISTINCT unnest(instrument_ids), proposal_pk FROM proposal_views WHERE proposal_pk > $1
           ON CONFLICT DO NOTHING`,
          [assigned[assigned.length - 1]],
        );
      } finally {
        await pg.end();
      }
    }
    await vacuumAnalyze(databaseUrl);

    const cases: { name: string; vars: (n: number) => Record<string, unknown> }[] = [
      { name: 'first page, default order (for comparison)', vars: () => ({ filter: {} }) },
      {
        name: `instrument filter: one of ${INSTRUMENTS} instruments (rotating)`,
        vars: (n) => ({ filter: { instrumentFilter: { instrumentId: instrumentIds[n % INSTRUMENTS] } } }),
      },
      {
        name: 'instrument filter: proposals on several instruments',
        vars: () => ({ filter: { instrumentFilter: { showMultiInstrumentProposals: true } } }),
      },
      ...[
        'technicalReviewStatus',
        'technicalReviewTimeAllocation',
        'technicalReviewAssignee',
        'instrument',
      ].map((sortField) => ({
        name: `sort by ${sortField} (asc/desc, pages 1–5)`,
        vars: (n: number) => ({
          filter: {},
          sortField,
          sortDirection: n % 2 === 0 ? OrderDirection.ASC : OrderDirection.DESC,
          offset: (Math.floor(n / 2) % 5) * 20,
        }),
      })),
      {
        name: 'instrument filter and technical-review status sort',
        vars: (n) => ({
          filter: { instrumentFilter: { instrumentId: instrumentIds[n % INSTRUMENTS] } },
          sortField: 'technicalReviewStatus',
          sortDirection: OrderDirection.DESC,
        }),
      },
    ];
    const figures: Record<string, { p50: number; p95: number; max: number }> = {};
    for (const c of cases) {
      const times: number[] = [];
      for (let n = -5; n < RUNS; n++) {
        const started = performance.now();
        const result = await asOfficer<{ getProposalsCore: { proposalViews: unknown[] } }>(PAGE, c.vars(n));
        if (result.getProposalsCore.proposalViews.length === 0) throw new Error(`${c.name}: no rows`);
        if (n >= 0) times.push(performance.now() - started);
      }
      const { p50, p95, max } = latencySummary(times, 1);
      figures[c.name] = { p50, p95, max };
      console.log(`${c.name}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
    }

    // the XLSX of XLSX proposals: one range of ids
    const ids = pks.slice(0, XLSX);
    const range = `${ids[0]}-${ids[ids.length - 1]}`;
    if (ids[ids.length - 1] - ids[0] + 1 !== ids.length)
      throw new Error('the proposals are not one range of ids');
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const started = performance.now();
    const res = await fetch(`${base}/download/xlsx/proposal/${range}`, {
      headers: { authorization: `Bearer ${officer}` },
    });
    if (!res.ok || !res.body) throw new Error(`XLSX: HTTP ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const aboveIdleMb = (peak - idle) / 1024 / 1024;
    console.log(
      `XLSX of ${ids.length} proposals: ${seconds.toFixed(2)} s to the last byte, ${(bytes / 1024 / 1024).toFixed(1)} MB, ` +
        `peak resident memory ${aboveIdleMb.toFixed(0)} MB above the level before it`,
    );
    console.log(
      JSON.stringify({
        proposals: pks.length,
        assignedThroughTheApi: assigned.length,
        seeded: `${seeded} as events${MULTIPLY > 1 ? ` ×${MULTIPLY} (SQL copy)` : ''}`,
        assignSeconds,
        cases: figures,
        xlsx: { proposals: ids.length, seconds, bytes, peakAboveIdleMb: aboveIdleMb },
      }),
    );
  });
}

runBench(main);
