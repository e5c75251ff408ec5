/**
 * The bulk actions' benchmark (`npm run bench:bulk`, issue 39): the whole app on a scratch PostgreSQL database,
 * BENCH_PROPOSALS proposals (default 1000) seeded as events, then each bulk mutation over HTTP as an officer, timed
 * from the request to its answer (the server decides, appends and projects inline before answering):
 *
 * - changeProposalsStatus of every proposal (to UNDER_REVIEW, then to APPROVED);
 * - assignProposalsToInstruments of every proposal to one instrument, submitTechnicalReviews of their 1,000
 *   technical reviews, then removeProposalsFromInstrument;
 * - assignProposalsToFaps of every proposal to one FAP, then applyAutomaticAssignment of BENCH_REVIEWS (default 6)
 *   reviewers per proposal (6,000 reviews for 1,000 proposals) from BENCH_MEMBERS (default 60) members, then
 *   submitProposalsReview of one (graded) review per proposal;
 * - cloneProposals of BENCH_CLONES proposals (default 232).
 *
 * The call has a technical-review and a FAP-review template (BENCH_REVIEW_TEMPLATES=0: none), as a facility's
 * does: each new review gets its questionary. Before each timed action the app settles (every projection and
 * reaction caught up with the store's head), so that an action is not timed against the previous one's reactions.
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, BENCH_PROPOSALS, BENCH_CLONES, BENCH_REVIEWS, BENCH_MEMBERS,
 * BENCH_REVIEW_TEMPLATES, BENCH_KEEP_DB. Progress goes to stderr; the figures to stdout, the last stdout line is
 * JSON.
 */
import { performance } from 'node:perf_hooks';
import { Role } from '../../contracts/src';
import { ProposalsRepository } from '../../services/api/src/modules/proposals';
import { WorkflowsRepository } from '../../services/api/src/modules/workflows';
import { FapsRepository } from '../../services/api/src/modules/faps';
import { ExecuteFapProposalCommand } from '../../services/api/src/modules/faps/commands/execute-fap-proposal-command';
import { FapsService } from '../../services/api/src/modules/faps/faps.service';
import { ProjectionsService } from '../../services/api/src/platform/projections/projections.service';
import { EVENT_STORE } from '../../services/api/src/platform/tokens';
import type { EventStore } from '../../services/api/src/platform/event-store/event-store.port';
import { CommandBus } from '@nestjs/cqrs';
import { ReviewStatus } from '../../contracts/src';
import { UsersService } from '../../services/api/src/modules/users';
import { RequestContext } from '../../services/api/src/platform/context/request-context';
import { seedProposals } from './proposals-seed';
import { log, runBench, sessionToken, withScratchApp } from './support';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 1000);
const CLONES = Number(process.env.BENCH_CLONES ?? 232);
const REVIEWS = Number(process.env.BENCH_REVIEWS ?? 6);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 60);
const REVIEW_TEMPLATES = process.env.BENCH_REVIEW_TEMPLATES !== '0';

/** every projection and reaction caught up with the store's head, twice in a row 100 ms apart (at most 60 s) */
async function settle(app: Parameters<typeof sessionToken>[0]): Promise<void> {
  const projections = app.get(ProjectionsService);
  const store = app.get<EventStore>(EVENT_STORE);
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    const head = await store.headPosition();
    const lag = Object.values(await projections.lag());
    quiet = lag.every((n) => n === 0) && head === (await store.headPosition()) ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main(): Promise<void> {
  const figures = await withScratchApp('bench_bulk', {}, async ({ app, gql }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const asOfficer = <T>(query: string, variables: Record<string, unknown> = {}) =>
      gql<T>(query, variables, officer);
    const callTemplates: Record<string, number> = {};
    if (REVIEW_TEMPLATES)
      for (const [field, group] of [
        ['technicalReviewTemplateId', 'TECHNICAL_REVIEW'],
        ['fapReviewTemplateId', 'FAP_REVIEW'],
      ] as const)
        callTemplates[field] = (
          await asOfficer<{ createTemplate: { templateId: number } }>(
            `mutation { createTemplate(groupId: ${group}, name: "Bench ${group}") { templateId } }`,
          )
        ).createTemplate.templateId;
    log(`seeding ${PROPOSALS} proposals…`);
    const seeded = await seedProposals(app, (q) => asOfficer(q), PROPOSALS, { callTemplates });
    const pks = await app.get(ProposalsRepository).pksOfCall(seeded.callId);
    const status = Object.fromEntries(
      (await app.get(WorkflowsRepository).statuses()).map((s) => [s.shortCode, s.id]),
    );
    const out: Record<string, number> = {};
    const time = async (name: string, run: () => Promise<unknown>) => {
      await settle(app);
      const started = performance.now();
      await run();
      out[name] = Number(((performance.now() - started) / 1000).toFixed(3));
      log(`${name}: ${out[name]} s`);
    };

    const change = (statusId: number) =>
      asOfficer(
        `mutation($p: [Int!]!, $s: Int) { changeProposalsStatus(proposalPks: $p, statusId: $s) { primaryKey } }`,
        { p: pks, s: statusId },
      );
    await time('changeProposalsStatus', () => change(status.UNDER_REVIEW));
    await time('changeProposalsStatus (again)', () => change(status.APPROVED));

    const { createInstrument } = await asOfficer<{ createInstrument: { id: number } }>(
      `mutation { createInstrument(name: "BENCH-BULK", shortCode: "BENCH-BULK", description: "bench") { id } }`,
    );
    await asOfficer(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: seeded.callId, i: [{ instrumentId: createInstrument.id }] },
    );
    await time('assignProposalsToInstruments', () =>
      asOfficer(
        `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
        { p: pks, i: [createInstrument.id] },
      ),
    );
    await time('submitTechnicalReviews', () =>
      asOfficer(
        `mutation($r: [SubmitTechnicalReviewInput!]!) { submitTechnicalReviews(technicalReviews: $r) }`,
        {
          r: pks.map((proposalPk) => ({ proposalPk, instrumentId: createInstrument.id, submitted: true })),
        },
      ),
    );
    await time('removeProposalsFromInstrument', () =>
      asOfficer(
        `mutation($p: [Int!]!, $i: Int) { removeProposalsFromInstrument(proposalPks: $p, instrumentId: $i) }`,
        { p: pks, i: createInstrument.id },
      ),
    );

    const { createFap } = await asOfficer<{ createFap: { id: number } }>(
      `mutation { createFap(code: "BENCH-FAP", description: "bench", numberRatingsRequired: ${REVIEWS}, active: true) { id } }`,
    );
    const fapId = createFap.id;
    const users = app.get(UsersService);
    const members: number[] = [];
    await RequestContext.run({}, async () => {
      for (let i = 0; i < MEMBERS; i++) {
        const { user } = await users.create({
          firstname: `Member${i}`,
          lastname: 'Panel',
          email: `bench.member${i}@example.org`,
          oidcSub: null,
          placeholder: false,
          roles: [Role.FAP_REVIEWER],
          source: 'seed',
        });
        members.push(user.id);
      }
    });
    await asOfficer(
      `mutation($f: Int!, $m: [Int!]!) { assignReviewersToFap(fapId: $f, memberIds: $m) { id } }`,
      {
        f: fapId,
        m: members,
      },
    );
    await time('assignProposalsToFaps', () =>
      asOfficer(
        `mutation($p: [Int!]!, $f: [FapInstrumentInput!]!) { assignProposalsToFaps(proposalPks: $p, fapInstruments: $f) }`,
        { p: pks, f: [{ fapId }] },
      ),
    );
    const pairs = pks.flatMap((proposalPk, i) =>
      Array.from({ length: REVIEWS }, (_, r) => ({
        proposalPk,
        userId: members[(i * REVIEWS + r) % MEMBERS],
      })),
    );
    // in process (server-side time): 6,000 pairs are more than the HTTP body limit (100 kB) lets through
    await time(`applyAutomaticAssignment (${pairs.length} reviews, in process)`, async () => {
      const reviews = await RequestContext.run({}, () =>
        app.get(FapsService).applyAutomaticAssignment(fapId, seeded.callId, pairs),
      );
      log(`applyAutomaticAssignment assigned ${reviews.length} reviews`);
    });
    // one review per proposal graded in process (one append), then submitted over HTTP as an officer
    const graded = new Map<number, number>();
    for (const r of await app.get(FapsRepository).reviews({ fapId }))
      if (!graded.has(r.proposalPk)) graded.set(r.proposalPk, r.id);
    await RequestContext.run({}, () =>
      app.get(CommandBus).execute(
        new ExecuteFapProposalCommand(
          [...graded].map(([proposalPk, reviewId]) => ({
            type: 'SaveReview' as const,
            proposalPk,
            reviewId,
            actor: { id: 1, isOfficer: true, staffOfFapIds: [] },
            grade: 5,
            comment: 'Sound',
            status: ReviewStatus.DRAFT,
            questionaryId: null,
          })),
        ),
      ),
    );
    await time(`submitProposalsReview (${graded.size})`, () =>
      asOfficer(`mutation($p: [ProposalPkWithReviewId!]!) { submitProposalsReview(proposals: $p) }`, {
        p: [...graded].map(([proposalPk, reviewId]) => ({ proposalPk, reviewId })),
      }),
    );

    await time(`cloneProposals (${Math.min(CLONES, pks.length)})`, () =>
      asOfficer(
        `mutation($c: Int!, $p: [Int!]!) { cloneProposals(callId: $c, proposalsToClonePk: $p) { primaryKey } }`,
        { c: seeded.callId, p: pks.slice(0, CLONES) },
      ),
    );
    return { proposals: pks.length, seconds: out };
  });
  for (const [name, seconds] of Object.entries(figures.seconds))
    process.stdout.write(`${name.padEnd(48)} ${seconds.toFixed(3)} s\n`);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

runBench(main);
