/**
 * Rebuild and verify benchmark: every read model replayed from zero, idle and while 4 applicants write over
 * GraphQL, on a scratch PostgreSQL database with BENCH_PROPOSALS proposals (created, updated, answered, half of
 * them submitted). Run with `npm run bench:projections`. Prints events/s of `projections:rebuild` and
 * `projections:verify` (all projections, as the commands do them), the time a rebuild takes with the writers
 * running, and the writers' mutation latency meanwhile (the swaps hold appends for a moment). The last stdout
 * line is JSON.
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, BENCH_PROPOSALS (default 1000).
 */
import { performance } from 'node:perf_hooks';
import { Role } from '../../contracts/src';
import { createApp } from '../../services/api/src/app.factory';
import { UsersService } from '../../services/api/src/modules/users';
import { isReaction } from '../../services/api/src/platform/projections/projection';
import { ProjectionsService } from '../../services/api/src/platform/projections/projections.service';
import { log, percentile, runBench, sessionToken, withScratchApp } from './support';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 1000);
const WRITERS = 4;
const DAY = 24 * 3600 * 1000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function main(): Promise<void> {
  await withScratchApp('bench_projections', {}, async ({ app, gql, databaseUrl }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      'mutation { createTemplate(groupId: PROPOSAL_QUESTIONARY, name: "Bench") { templateId steps { topic { id } } } }',
      {},
      officer,
    );
    const topicId = createTemplate.steps[0].topic.id;
    const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
      'mutation { createQuestion(categoryId: PROPOSAL, dataType: TEXT_INPUT) { id } }',
      {},
      officer,
    );
    await gql(
      `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 1) { templateId } }`,
      { t: createTemplate.templateId, q: createQuestion.id, topic: topicId },
      officer,
    );
    const { getWorkflows } = await gql<{ getWorkflows: { id: number }[] }>(
      '{ getWorkflows(entityType: PROPOSAL) { id } }',
      {},
      officer,
    );
    const { createCall } = await gql<{ createCall: { id: number } }>(
      `mutation($input: CreateCallInput!) { createCall(createCallInput: $input) { id } }`,
      {
        input: {
          shortCode: 'BENCH',
          startCall: iso(-1),
          endCall: iso(30),
          startReview: iso(31),
          endReview: iso(60),
          startNotify: iso(61),
          endNotify: iso(70),
          startCycle: iso(80),
          endCycle: iso(200),
          cycleComment: 'Cycle',
          surveyComment: 'Survey',
          allocationTimeUnit: 'Day',
          proposalWorkflowId: getWorkflows[0].id,
          templateId: createTemplate.templateId,
        },
      },
      officer,
    );
    const users = app.get(UsersService);
    const applicants = await Promise.all(
      Array.from({ length: WRITERS }, async (_, i) => {
        const { user } = await users.create({
          firstname: `Writer${i}`,
          lastname: 'Bench',
          email: `writer${i}@bench.example.org`,
          oidcSub: null,
          placeholder: false,
          roles: [Role.USER],
          source: 'login',
        });
        return sessionToken(app, user.id, Role.USER);
      }),
    );

    /** one proposal: created, updated, answered, every second one submitted; the latency of each mutation */
    const proposal = async (token: string, n: number, latencies: number[]) => {
      const timed = async <T>(query: string, variables: Record<string, unknown>) => {
        const t0 = performance.now();
        const data = await gql<T>(query, variables, token);
        latencies.push(performance.now() - t0);
        return data;
      };
      const { createProposal } = await timed<{
        createProposal: { primaryKey: number; questionaryId: number };
      }>('mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }', {
        c: createCall.id,
      });
      const pk = createProposal.primaryKey;
      await timed(
        'mutation($pk: Int!, $t: String) { updateProposal(proposalPk: $pk, title: $t, abstract: "A") { primaryKey } }',
        {
          pk,
          t: `Proposal ${n}`,
        },
      );
      await timed(
        'mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }',
        {
          q: createProposal.questionaryId,
          topic: topicId,
          a: [{ questionId: createQuestion.id, value: JSON.stringify({ value: `answer ${n}` }) }],
        },
      );
      if (n % 2 === 0)
        await timed('mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }', { pk });
    };
    /** the writers, until `until` says stop (or `count` proposals are written) */
    const write = async (until: () => boolean) => {
      const latencies: number[] = [];
      let n = 0;
      const started = performance.now();
      await Promise.all(
        applicants.map(async (token) => {
          while (!until()) await proposal(token, n++, latencies);
        }),
      );
      latencies.sort((a, b) => a - b);
      const seconds = (performance.now() - started) / 1000;
      return {
        proposals: n,
        mutations: latencies.length,
        mutationsPerSecond: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? 0,
      };
    };

    log(`seeding ${PROPOSALS} proposals with ${WRITERS} writers…`);
    let seeded = 0;
    const idleWriters = await write(() => seeded++ >= PROPOSALS);

    // another process, as the commands run: the maintenance app on the same database
    const maintenance = await createApp({
      mode: 'maintenance',
      nodeEnv: 'test',
      logLevel: 'warn',
      databaseUrl,
      dataDir: 'memory://',
      redisUrl: null,
      eventStoreUrl: null,
      jwtSecret: 'bench-secret',
    });
    try {
      const runner = maintenance.app.get(ProjectionsService).projections;
      const names = runner.projections.filter((p) => !isReaction(p)).map((p) => p.name);
      const all = async (what: 'rebuild' | 'verify') => {
        const started = performance.now();
        let events = 0;
        for (const name of names) {
          if (what === 'rebuild') events += (await runner.rebuild(name)).events;
          else {
            const r = await runner.verify(name);
            events += r.events;
            const differs = r.tables.filter((t) => t.onlyLive + t.onlyReplayed > 0);
            if (differs.length > 0)
              throw new Error(`${name} differs from its replay: ${JSON.stringify(differs)}`);
          }
        }
        const seconds = (performance.now() - started) / 1000;
        return { events, seconds, eventsPerSecond: events / seconds };
      };
      log('rebuilding every projection, idle…');
      const idleRebuild = await all('rebuild');
      log('verifying every projection, idle…');
      const idleVerify = await all('verify');
      log(`rebuilding every projection while ${WRITERS} writers write…`);
      let rebuilding = true;
      const during = write(() => !rebuilding);
      const busyRebuild = await all('rebuild');
      rebuilding = false;
      const busyWriters = await during;
      log('verifying every projection after the writers…');
      const afterVerify = await all('verify');

      const head = idleRebuild.events;
      const f = (x: number) => Math.round(x).toLocaleString('en');
      process.stdout.write(
        `\nprojections (${names.length} read models), PostgreSQL, ${PROPOSALS} proposals seeded over GraphQL\n`,
      );
      process.stdout.write('| measure | figure |\n|---|---|\n');
      process.stdout.write(
        `| projections:rebuild, idle | ${f(head)} events in ${idleRebuild.seconds.toFixed(1)} s (${f(idleRebuild.eventsPerSecond)} events/s) |\n`,
      );
      process.stdout.write(
        `| projections:verify, idle | ${f(idleVerify.events)} events in ${idleVerify.seconds.toFixed(1)} s (${f(idleVerify.eventsPerSecond)} events/s) |\n`,
      );
      process.stdout.write(
        `| projections:rebuild, ${WRITERS} writers running | ${busyRebuild.seconds.toFixed(1)} s (${f(busyRebuild.eventsPerSecond)} events/s); ${busyWriters.proposals} proposals written meanwhile |\n`,
      );
      process.stdout.write(
        `| writers' mutations, idle / during the rebuild | ${f(idleWriters.mutationsPerSecond)} / ${f(busyWriters.mutationsPerSecond)} per s; p50 ${idleWriters.p50.toFixed(0)} / ${busyWriters.p50.toFixed(0)} ms, p99 ${idleWriters.p99.toFixed(0)} / ${busyWriters.p99.toFixed(0)} ms, max ${idleWriters.max.toFixed(0)} / ${busyWriters.max.toFixed(0)} ms |\n`,
      );
      process.stdout.write(
        `| projections:verify after the writers | ${f(afterVerify.events)} events in ${afterVerify.seconds.toFixed(1)} s: every table equals its replay |\n`,
      );
      process.stdout.write(
        `${JSON.stringify({ proposals: PROPOSALS, idleRebuild, idleVerify, busyRebuild, idleWriters, busyWriters, afterVerify })}\n`,
      );
    } finally {
      await maintenance.app.close();
    }
  });
}

runBench(main);
