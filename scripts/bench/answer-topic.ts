/**
 * answerTopic benchmark: latency of saving one 50-question step (every answer validated by the question-type
 * registry, dependencies evaluated, SI values computed, appended, inline read model updated), measured by an
 * HTTP client against the whole api on a scratch PostgreSQL database. Run with `npm run bench:answer-topic`.
 *
 * Environment (all optional):
 *   TEST_DATABASE_ADMIN_URL  admin connection used to create/drop the scratch database
 *                            (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SAVES              timed saves per run (default 400)
 *   BENCH_BACKGROUND         questionaries answered before timing, so the tables are not empty (default 2000)
 *   BENCH_CLIENTS            the concurrent clients of each timed run (default 1,4,16); each client saves its own
 *                            questionary, BENCH_SAVES saves in all per run. The clients run in a process of their own
 *                            (load-clients.child.ts): the api's process does only the server's work.
 *   BENCH_WARMUP             saves made at each run's concurrency, untimed, before it is timed (default 200): a
 *                            server that has run a while (its code compiled by V8's optimising tiers, its caches
 *                            and pools filled), not the first second of a process; 0 times a cold one
 *   BENCH_PROFILE            a file: the api process's CPU profile of the timed runs (.cpuprofile)
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { DataType, Role } from '../../contracts/src';
import {
  latencySummary,
  log,
  runBench,
  sessionToken,
  startCpuProfile,
  startLoadMeter,
  withScratchApp,
} from './support';

const SAVES = Number(process.env.BENCH_SAVES ?? 400);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,4,16').split(',').map(Number);
const BACKGROUND = Number(process.env.BENCH_BACKGROUND ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const QUESTIONS = 50;
const TARGET_P95_MS = 100;

async function main(): Promise<void> {
  await withScratchApp('bench_answer', {}, async ({ app, base, gql: request }) => {
    const officer = sessionToken(app, 1, Role.USER_OFFICER);
    const applicant = sessionToken(app, 2, Role.USER);
    const gql = <T>(query: string, variables: Record<string, unknown>, token: string) =>
      request<T>(query, variables, token);

    // ---------------------------------------------------------------- a template with a 50-question step
    log('building a template with 50 questions on one step…');
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      `mutation { createTemplate(groupId: PROPOSAL_QUESTIONARY, name: "Bench") { templateId steps { topic { id } } } }`,
      {},
      officer,
    );
    const templateId = createTemplate.templateId;
    const topicId = createTemplate.steps[0].topic.id;
    const units = [
      {
        id: 'millimeter',
        unit: 'millimeter',
        quantity: 'length',
        symbol: 'mm',
        siConversionFormula: 'x / 1000',
      },
    ];
    const kinds: { dataType: DataType; config: Record<string, unknown>; value: (i: number) => unknown }[] = [
      { dataType: DataType.TEXT_INPUT, config: { required: true, max: 200 }, value: (i) => `answer ${i}` },
      {
        dataType: DataType.NUMBER_INPUT,
        config: { required: true, units, numberValueConstraint: 'ONLY_POSITIVE' },
        value: (i) => ({ value: i + 1, unit: units[0] }),
      },
      {
        dataType: DataType.INTERVAL,
        config: { required: true, units },
        value: (i) => ({ min: i, max: i + 5, unit: units[0] }),
      },
      { dataType: DataType.BOOLEAN, config: {}, value: (i) => i % 2 === 0 },
      {
        dataType: DataType.SELECTION_FROM_OPTIONS,
        config: { required: true, options: ['a', 'b', 'c'], variant: 'radio' },
        value: () => ['b'],
      },
      { dataType: DataType.DATE, config: { required: true }, value: () => '2030-05-01' },
      {
        dataType: DataType.RICH_TEXT_INPUT,
        config: { required: true, max: 2000 },
        value: (i) => `<p>rich ${i}</p>`,
      },
    ];
    const questions: { id: string; value: (i: number) => unknown }[] = [];
    let lastBoolean: string | null = null;
    for (let i = 0; i < QUESTIONS; i++) {
      const kind = kinds[i % kinds.length];
      const { createQuestion } = await gql<{ createQuestion: { id: string; naturalKey: string } }>(
        `mutation($dataType: DataType!) { createQuestion(categoryId: PROPOSAL, dataType: $dataType) { id naturalKey } }`,
        { dataType: kind.dataType },
        officer,
      );
      await gql(
        `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 999) { templateId } }`,
        { t: templateId, q: createQuestion.id, topic: topicId },
        officer,
      );
      // every text after a yes/no shows only when it is yes (dependencies are evaluated on each save)
      const dependencies =
        kind.dataType === DataType.TEXT_INPUT && lastBoolean
          ? [
              {
                dependencyId: lastBoolean,
                dependencyNaturalKey: lastBoolean,
                condition: { condition: 'eq', params: 'true' },
              },
            ]
          : null;
      await gql(
        `mutation($t: Int!, $q: String!, $config: String, $deps: [FieldDependencyInput!]) { updateQuestionTemplateRelationSettings(templateId: $t, questionId: $q, config: $config, dependencies: $deps) { templateId } }`,
        { t: templateId, q: createQuestion.id, config: JSON.stringify(kind.config), deps: dependencies },
        officer,
      );
      if (kind.dataType === DataType.BOOLEAN) lastBoolean = createQuestion.id;
      questions.push({ id: createQuestion.id, value: kind.value });
    }

    const CREATE = `mutation($t: Int!) { createQuestionary(templateId: $t) { questionaryId } }`;
    const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
      answerTopic(questionaryId: $q, topicId: $topic, answers: $answers, isPartialSave: false) { isCompleted } }`;
    const answersFor = (seed: number) =>
      questions.map((q, i) => ({ questionId: q.id, value: JSON.stringify({ value: q.value(seed + i) }) }));
    const newQuestionary = async () =>
      (await gql<{ createQuestionary: { questionaryId: number } }>(CREATE, { t: templateId }, applicant))
        .createQuestionary.questionaryId;

    log(`answering ${BACKGROUND} background questionaries…`);
    for (let i = 0; i < BACKGROUND; i += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, BACKGROUND - i) }, async (_, j) => {
          const id = await newQuestionary();
          await gql(ANSWER, { q: id, topic: topicId, answers: answersFor(i + j) }, applicant);
        }),
      );
    }

    const clients = await startClients();
    const run = async (concurrency: number) => {
      const ids = await Promise.all(Array.from({ length: concurrency }, () => newQuestionary()));
      for (const id of ids) await gql(ANSWER, { q: id, topic: topicId, answers: answersFor(0) }, applicant);
      // `saves` saves, each client its own questionary, the answers changing from one save to the next
      const plan = (saves: number, from: number) =>
        ids.map((id, worker) => {
          const bodies: string[] = [];
          for (let n = worker; n < saves; n += concurrency)
            bodies.push(
              JSON.stringify({
                query: ANSWER,
                variables: { q: id, topic: topicId, answers: answersFor(from + n) },
              }),
            );
          return bodies;
        });
      const url = `${base}/graphql`;
      if (WARMUP > 0) await clients.run({ url, token: applicant, clients: plan(WARMUP, SAVES) });
      const meter = startLoadMeter();
      const { latencies, seconds } = await clients.run({ url, token: applicant, clients: plan(SAVES, 0) });
      const load = meter.stop(latencies.length);
      return { concurrency, saves: latencies.length, ...latencySummary(latencies, seconds), load };
    };

    log('timing…');
    const profile = process.env.BENCH_PROFILE ? await startCpuProfile() : null;
    const results = [];
    for (const concurrency of CLIENTS) results.push(await run(concurrency));
    await profile?.stop(process.env.BENCH_PROFILE!);
    clients.close();
    process.stdout.write(
      `\nanswerTopic, one step of ${QUESTIONS} questions, ${BACKGROUND} questionaries already answered, ${WARMUP} saves untimed before each run, PostgreSQL\n`,
    );
    process.stdout.write(
      '| clients | saves | p50 ms | p95 ms | max ms | saves/s | api CPU ms/save | api loop busy | machine busy | steal |\n|---|---|---|---|---|---|---|---|---|---|\n',
    );
    for (const r of results) {
      process.stdout.write(
        `| ${r.concurrency} | ${r.saves} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${r.load.apiCpuMsPerOperation.toFixed(2)} | ${percent(100 * r.load.eventLoopUtilisation)} | ${percent(r.load.machineBusyPercent)} | ${percent(r.load.stealPercent)} |\n`,
      );
    }
    process.stdout.write(`aim: p95 < ${TARGET_P95_MS} ms\n`);
    process.stdout.write(
      `${JSON.stringify({ questions: QUESTIONS, background: BACKGROUND, warmup: WARMUP, results })}\n`,
    );
  });
}

const percent = (value: number | null) => (value === null ? '–' : `${value.toFixed(0)} %`);

/** the load-generating child (load-clients.child.ts): runs a plan of requests, answers with the latencies */
async function startClients() {
  const child = fork(join(__dirname, 'load-clients.child.ts'), [], {
    execArgv: ['-r', '@swc-node/register'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the clients' process exited (${code})`)));
  });
  return {
    run: (plan: { url: string; token: string; clients: string[][] }) =>
      new Promise<{ latencies: number[]; seconds: number }>((resolve, reject) => {
        child.once('message', (m) => {
          const answer = m as { ok: boolean; error?: string; latencies: number[]; seconds: number };
          if (answer.ok) resolve(answer);
          else reject(new Error(answer.error));
        });
        child.send(plan);
      }),
    close: () => child.kill(),
  };
}

runBench(main);
