/**
 * The preview part of `npm run bench:fap-assignment`, in two processes: `seedPreviewPanel` puts `proposals`
 * submitted proposals of one call on one panel of BENCH_PREVIEW_MEMBERS reviewers (default 12) in the whole app on
 * a scratch PostgreSQL database (BENCH_PREVIEW_STORE=pglite: a PGlite directory), kept, with the people a facility
 * has, so that the conflict check has its real work (applicants of BENCH_PREVIEW_INSTITUTIONS institutions, PIs with
 * a few proposals each, co-proposers, members sharing institutions with PIs and co-proposers of some proposals);
 * `previewFigures` starts the app afresh on it, as after a deploy or a restart, and times
 * previewAutomaticAssignment over HTTP: its first call in the process, then BENCH_PREVIEW_REPEATS more (default 3).
 * The store is dropped afterwards (kept with BENCH_KEEP_DB=1).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { Role } from '../../contracts/src';
import { createApp } from '../../services/api/src/app.factory';
import { UsersService } from '../../services/api/src/modules/users';
import { createApplicants, seedProposals, USERS } from './proposals-seed';
import { ADMIN_URL, log, sessionToken, withScratchApp } from './support';

/** What the seeding process hands the timing one. */
export interface PreviewPanel {
  databaseUrl: string;
  databaseName: string;
  /** the embedded PGlite store's directory (BENCH_PREVIEW_STORE=pglite, `npm start`'s default), else null */
  dataDir: string | null;
  fapId: number;
  callId: number;
  proposals: number;
}

export interface PreviewFigures {
  proposals: number;
  members: number;
  pairs: number;
  firstMs: number;
  repeatedMs: number[];
  repeatedMedianMs: number;
}

const MEMBERS = Number(process.env.BENCH_PREVIEW_MEMBERS ?? 12);
/** the institutions the applicants and members belong to (the soft conflicts' facts) */
const INSTITUTIONS = Number(process.env.BENCH_PREVIEW_INSTITUTIONS ?? 150);
const REPEATS = Number(process.env.BENCH_PREVIEW_REPEATS ?? 3);
/** postgres (default) or pglite: the store `npm start` embeds when DATABASE_URL is unset */
const STORE = process.env.BENCH_PREVIEW_STORE ?? 'postgres';

export function seedPreviewPanel(proposals: number): Promise<PreviewPanel> {
  process.env.BENCH_KEEP_DB = '1';
  const dataDir = STORE === 'pglite' ? mkdtempSync(join(tmpdir(), 'bench-fap-preview-')) : null;
  // on PGlite the scratch PostgreSQL database stays empty (and is dropped with the panel)
  const store = dataDir ? { databaseUrl: null, dataDir } : {};
  return withScratchApp('bench_fap_preview', store, async ({ app, databaseUrl, databaseName, gql }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
      gql<T>(query, variables, officer);
    // as a facility runs it: the soft conflicts (institution, co-authors of the last years) are checked too
    await asOfficer(
      'mutation { updateFeatures(input: { action: ENABLE, featureIds: [CONFLICT_OF_INTEREST_WARNING, FAP_REVIEW] }) { id } }',
    );
    // the people as at a facility: PIs of many institutions with a few proposals each, two co-proposers a
    // proposal, and members who share some PIs' institutions and were co-proposers of some of the panel's
    // proposals (hard conflicts there, co-authorship with those PIs elsewhere)
    const { getCountries } = await asOfficer<{ getCountries: { id: number }[] }>('{ getCountries { id } }');
    const institutionIds: number[] = [];
    for (let i = 0; i < INSTITUTIONS; i++) {
      const { createInstitution } = await asOfficer<{ createInstitution: { id: number } }>(
        'mutation($n: String!, $c: Int!) { createInstitution(name: $n, country: $c) { id } }',
        { n: `Bench institute ${i}`, c: getCountries[i % getCountries.length].id },
      );
      institutionIds.push(createInstitution.id);
    }
    const institutionOf = (i: number) => institutionIds[i % institutionIds.length];
    log(`creating ${USERS} users of ${INSTITUTIONS} institutions…`);
    const applicants = await createApplicants(app, USERS, institutionOf);
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
        institutionId: institutionOf(i * 7),
      });
      memberIds.push(user.id);
    }
    const pis = Math.max(1, Math.ceil(proposals * 0.6));
    const others = applicants.slice(pis);
    const data = await seedProposals(app, (query) => asOfficer(query), proposals, {
      userIds: applicants,
      piOf: (i) => applicants[i % pis],
      coProposersOf: (i) => [
        i % 10 === 0 ? memberIds[(i / 10) % MEMBERS] : others[(2 * i) % others.length],
        others[(2 * i + 1) % others.length],
      ],
    });
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
    return { databaseUrl, databaseName, dataDir, fapId, callId, proposals: pks.length };
  });
}

export async function previewFigures(panel: PreviewPanel): Promise<PreviewFigures> {
  const { app } = await createApp({
    mode: 'all',
    nodeEnv: 'test',
    logLevel: 'warn',
    databaseUrl: panel.dataDir ? null : panel.databaseUrl,
    dataDir: panel.dataDir ?? 'memory://',
    redisUrl: null,
    eventStoreUrl: null,
    jwtSecret: 'bench-secret',
  });
  try {
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const preview = async () => {
      const started = performance.now();
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${officer}` },
        body: JSON.stringify({
          query:
            'query($f: Int!, $c: Int!) { previewAutomaticAssignment(fapId: $f, callId: $c) { pairs { proposalPk userId reason } unfilled { proposalPk missing reason } loads { userId load } skippedForConflict { proposalPk userId reasons } maxLoad } }',
          variables: { f: panel.fapId, c: panel.callId },
        }),
      });
      const json = (await res.json()) as {
        data?: { previewAutomaticAssignment: { pairs: unknown[] } };
        errors?: { message: string }[];
      };
      if (json.errors) throw new Error(json.errors.map((e) => e.message).join('; '));
      return { ms: performance.now() - started, pairs: json.data!.previewAutomaticAssignment.pairs.length };
    };
    log(
      `${panel.proposals} proposals × ${MEMBERS} members on ${panel.dataDir ? 'PGlite' : 'PostgreSQL'}, the app just started: the first preview…`,
    );
    const first = await preview();
    const repeated: number[] = [];
    for (let i = 0; i < REPEATS; i++) repeated.push((await preview()).ms);
    const sorted = [...repeated].sort((a, b) => a - b);
    const round = (ms: number) => Number(ms.toFixed(1));
    return {
      proposals: panel.proposals,
      members: MEMBERS,
      pairs: first.pairs,
      firstMs: round(first.ms),
      repeatedMs: repeated.map(round),
      repeatedMedianMs: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    };
  } finally {
    await app.close();
    // BENCH_KEEP_DB=1 keeps the panel for another timing run (BENCH_PREVIEW_TIME=<the seeding's JSON>)
    if (process.env.BENCH_KEEP_DB !== '1') {
      const admin = new Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${panel.databaseName} WITH (FORCE)`);
      await admin.end();
      if (panel.dataDir) rmSync(panel.dataDir, { recursive: true, force: true });
    }
  }
}
