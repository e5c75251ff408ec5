/**
 * The FAP figures over HTTP (`npm run bench:fap-xlsx`), against the whole app on a scratch PostgreSQL database:
 *
 * 1. BENCH_PROPOSALS submitted proposals (default 2,000) seeded as events, on one instrument of their call, every
 *    10th with a technical review time; one panel with BENCH_MEMBERS reviewers (default 60) reviewing the
 *    instrument in the call; every proposal on the panel.
 * 2. previewAutomaticAssignment (3 reviewers each: the conflict facts read and the min-cost flow run in the api) and
 *    applyAutomaticAssignment of its pairs (BENCH_APPLY_BATCH pairs a request, default 1,000): their times.
 * 3. One review of each proposal graded and submitted (updateReview), so averages, ranks and the cut line have
 *    values.
 * 4. `/download/xlsx/fap/{fapId}/call/{callId}`: time to the last byte, its size, and the process's peak resident
 *    memory above its level before the download (the api runs in this process).
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { performance } from 'node:perf_hooks';
import { Role } from '../../contracts/src';
import { UsersService } from '../../services/api/src/modules/users';
import { seedProposals } from './proposals-seed';
import { log, runBench, sessionToken, withScratchApp } from './support';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 2000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 60);
const APPLY_BATCH = Number(process.env.BENCH_APPLY_BATCH ?? 1000);

async function main(): Promise<void> {
  await withScratchApp('bench_fap', {}, async ({ app, base, gql }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
      gql<T>(query, variables, officer);
    const data = await seedProposals(app, (query) => asOfficer(query), PROPOSALS);
    const pks = (
      await asOfficer<{ getProposalCoreBasic: { primaryKey: number }[] }>(
        '{ getProposalCoreBasic { primaryKey } }',
      )
    ).getProposalCoreBasic
      .map((p) => p.primaryKey)
      .sort((a, b) => a - b);
    log(`${pks.length} proposals; the instrument, the panel and its ${MEMBERS} reviewers…`);
    const { createInstrument } = await asOfficer<{ createInstrument: { id: number } }>(
      'mutation { createInstrument(name: "Bench instrument", shortCode: "BENCH-I", description: "d") { id } }',
    );
    const instrumentId = createInstrument.id;
    const callId = data.callId;
    await asOfficer(
      'mutation($c: Int!, $i: Int!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: [{ instrumentId: $i }]) { id } }',
      { c: callId, i: instrumentId },
    );
    await asOfficer(
      'mutation($c: Int!, $i: Int!, $t: Float!) { setInstrumentAvailabilityTime(callId: $c, instrumentId: $i, availabilityTime: $t) }',
      { c: callId, i: instrumentId, t: PROPOSALS },
    );
    const { createFap } = await asOfficer<{ createFap: { id: number } }>(
      'mutation { createFap(code: "BENCH-FAP", description: "Bench panel", numberRatingsRequired: 3, active: true) { id } }',
    );
    const fapId = createFap.id;
    const users = app.get(UsersService);
    const memberIds: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const { user } = await users.create({
        firstname: `Member${i}`,
        lastname: 'Bench',
        email: `member${i}.${Date.now()}@bench.example`,
        oidcSub: null,
        placeholder: false,
        roles: [Role.FAP_REVIEWER],
        source: 'seed',
      });
      memberIds.push(user.id);
    }
    await asOfficer(
      'mutation($m: [Int!]!, $f: Int!) { assignReviewersToFap(memberIds: $m, fapId: $f) { id } }',
      {
        m: memberIds,
        f: fapId,
      },
    );
    await asOfficer(
      'mutation($i: [Int!]!, $c: Int!, $f: Int) { updateFapToCallInstrument(instrumentIds: $i, callId: $c, fapId: $f) }',
      { i: [instrumentId], c: callId, f: fapId },
    );
    log('the proposals on the instrument and the panel…');
    for (let i = 0; i < pks.length; i += 1000) {
      const batch = pks.slice(i, i + 1000);
      await asOfficer(
        'mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }',
        { p: batch, i: [instrumentId] },
      );
      await asOfficer(
        'mutation($p: [Int!]!, $fi: [FapInstrumentInput!]!) { assignProposalsToFaps(proposalPks: $p, fapInstruments: $fi) }',
        { p: batch, fi: [{ fapId, instrumentId }] },
      );
    }
    for (const pk of pks.filter((_, n) => n % 10 === 0))
      await asOfficer(
        'mutation($p: Int!, $i: Int!, $t: Float) { addTechnicalReview(proposalPk: $p, instrumentId: $i, status: FEASIBLE, timeAllocation: $t) { id } }',
        { p: pk, i: instrumentId, t: 1 + (pk % 3) },
      );

    log('automatic assignment: preview…');
    let started = performance.now();
    const { previewAutomaticAssignment } = await asOfficer<{
      previewAutomaticAssignment: {
        pairs: { proposalPk: number; userId: number }[];
        loads: { load: number }[];
      };
    }>(
      'query($f: Int!, $c: Int!) { previewAutomaticAssignment(fapId: $f, callId: $c) { pairs { proposalPk userId } loads { load } } }',
      { f: fapId, c: callId },
    );
    const previewSeconds = (performance.now() - started) / 1000;
    const pairs = previewAutomaticAssignment.pairs;
    const loads = previewAutomaticAssignment.loads.map((l) => l.load);
    log(`… ${pairs.length} pairs in ${previewSeconds.toFixed(2)} s; applying…`);
    started = performance.now();
    for (let i = 0; i < pairs.length; i += APPLY_BATCH)
      await asOfficer(
        'mutation($f: Int!, $c: Int!, $p: [AutomaticAssignmentPairInput!]!) { applyAutomaticAssignment(fapId: $f, callId: $c, pairs: $p) { id } }',
        { f: fapId, c: callId, p: pairs.slice(i, i + APPLY_BATCH) },
      );
    const applySeconds = (performance.now() - started) / 1000;
    log(`… applied in ${applySeconds.toFixed(1)} s; grading one review of each proposal…`);
    const { reviews } = await asOfficer<{ reviews: { id: number; proposalPk: number }[] }>(
      'query($f: ReviewsFilter) { reviews(filter: $f) { id proposalPk } }',
      { f: { fapId } },
    );
    const firstOfEach = [...new Map(reviews.map((r) => [r.proposalPk, r.id])).values()];
    for (let i = 0; i < firstOfEach.length; i += 8)
      await Promise.all(
        firstOfEach
          .slice(i, i + 8)
          .map((id, n) =>
            asOfficer(
              'mutation($r: Int!, $f: Int!, $g: Float) { updateReview(reviewID: $r, fapID: $f, grade: $g, comment: "Bench", status: SUBMITTED) { id } }',
              { r: id, f: fapId, g: 1 + ((i + n) % 10) },
            ),
          ),
      );

    log('the FAP spreadsheet…');
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    started = performance.now();
    const res = await fetch(`${base}/download/xlsx/fap/${fapId}/call/${callId}`, {
      headers: { authorization: `Bearer ${officer}` },
    });
    if (!res.ok || !res.body) throw new Error(`XLSX: HTTP ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).length;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const aboveIdleMb = (peak - idle) / 1024 / 1024;
    console.log(
      `previewAutomaticAssignment of ${pks.length} proposals × ${MEMBERS} members × 3: ${previewSeconds.toFixed(2)} s ` +
        `(loads ${Math.min(...loads)}–${Math.max(...loads)}); applyAutomaticAssignment: ${applySeconds.toFixed(1)} s`,
    );
    console.log(
      `FAP XLSX of ${pks.length} proposals: ${seconds.toFixed(2)} s to the last byte, ${(bytes / 1024).toFixed(0)} kB, ` +
        `peak resident memory ${aboveIdleMb.toFixed(0)} MB above the level before it`,
    );
    console.log(
      JSON.stringify({
        proposals: pks.length,
        members: MEMBERS,
        preview: {
          seconds: previewSeconds,
          pairs: pairs.length,
          minLoad: Math.min(...loads),
          maxLoad: Math.max(...loads),
        },
        applySeconds,
        xlsx: { seconds, bytes, peakAboveIdleMb: aboveIdleMb },
      }),
    );
  });
}

runBench(main);
