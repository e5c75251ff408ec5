/**
 * The preview part of `npm run bench:fap-assignment`: one panel of `members` reviewers with `proposals` submitted
 * proposals of one call on it, in the whole app on a scratch PostgreSQL database; previewAutomaticAssignment timed
 * over HTTP, its first call in this process and BENCH_PREVIEW_REPEATS (default 3) more.
 */
import { performance } from 'node:perf_hooks';
import { Role } from '../../contracts/src';
import { UsersService } from '../../services/api/src/modules/users';
import { seedProposals } from './proposals-seed';
import { log, sessionToken, withScratchApp } from './support';

export interface PreviewFigures {
  proposals: number;
  members: number;
  pairs: number;
  firstMs: number;
  repeatedMs: number[];
  repeatedMedianMs: number;
}

const MEMBERS = Number(process.env.BENCH_PREVIEW_MEMBERS ?? 12);
const REPEATS = Number(process.env.BENCH_PREVIEW_REPEATS ?? 3);

export function previewFigures(proposals: number): Promise<PreviewFigures> {
  return withScratchApp('bench_fap_preview', {}, async ({ app, databaseUrl, gql }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
      gql<T>(query, variables, officer);
    const data = await seedProposals(app, (query) => asOfficer(query), databaseUrl, proposals);
    const pks = (
      await asOfficer<{ getProposalCoreBasic: { primaryKey: number }[] }>(
        '{ getProposalCoreBasic { primaryKey } }',
      )
    ).getProposalCoreBasic.map((p) => p.primaryKey);
    const { createInstrument } = await asOfficer<{ createInstrument: { id: number } }>(
      'mutation { createInstrument(name: "Bench instrument", shortCode: "BENCH-I", description: "d") { id } }',
    );
    const instrumentId = createInstrument.id;
    const callId = data.callId;
    await asOfficer(
      'mutation($c: Int!, $i: Int!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: [{ instrumentId: $i }]) { id } }',
      { c: callId, i: instrumentId },
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
    await asOfficer(
      'mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }',
      { p: pks, i: [instrumentId] },
    );
    await asOfficer(
      'mutation($p: [Int!]!, $fi: [FapInstrumentInput!]!) { assignProposalsToFaps(proposalPks: $p, fapInstruments: $fi) }',
      { p: pks, fi: [{ fapId, instrumentId }] },
    );
    const preview = async () => {
      const started = performance.now();
      const result = await asOfficer<{ previewAutomaticAssignment: { pairs: unknown[] } }>(
        'query($f: Int!, $c: Int!) { previewAutomaticAssignment(fapId: $f, callId: $c) { pairs { proposalPk userId } unfilled { proposalPk missing } loads { userId load } skippedForConflict { proposalPk userId reasons } maxLoad } }',
        { f: fapId, c: callId },
      );
      return { ms: performance.now() - started, pairs: result.previewAutomaticAssignment.pairs.length };
    };
    log(`${pks.length} proposals × ${MEMBERS} members: the first preview…`);
    const first = await preview();
    const repeated: number[] = [];
    for (let i = 0; i < REPEATS; i++) repeated.push((await preview()).ms);
    const sorted = [...repeated].sort((a, b) => a - b);
    const round = (ms: number) => Number(ms.toFixed(1));
    return {
      proposals: pks.length,
      members: MEMBERS,
      pairs: first.pairs,
      firstMs: round(first.ms),
      repeatedMs: repeated.map(round),
      repeatedMedianMs: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    };
  });
}
