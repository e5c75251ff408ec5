/**
 * Proposal PDF benchmark: PDFs per second through `GET /download/pdf/proposal/{id}` (questionary loaded, answers
 * rendered, HTML printed by the one shared Chromium of PdfRenderer), measured by an HTTP client against the whole
 * api on a scratch PostgreSQL database. Run with `npm run bench:pdf`.
 *
 * It submits BENCH_PROPOSALS proposals (default 100) with an answered 12-question step, then downloads each PDF
 * once one by one, once with 2 concurrent clients (and with 4, to show the renderer's limit of 2 pages), and all of
 * them as one PDF.
 *
 * Environment (all optional):
 *   TEST_DATABASE_ADMIN_URL  admin connection used to create/drop the scratch database
 *                            (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_PROPOSALS          proposals submitted and downloaded (default 100)
 *   CHROMIUM_PATH            the browser (default /usr/bin/chromium)
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { performance } from 'node:perf_hooks';
import { DataType, Role, WorkflowType } from '../../contracts/src';
import { PdfRenderer, PDF_CONCURRENCY } from '../../services/api/src/modules/downloads';
import { UsersService } from '../../services/api/src/modules/users';
import { WorkflowsRepository } from '../../services/api/src/modules/workflows';
import { TokenService } from '../../services/api/src/platform/auth/token.service';
import { log, percentile, runBench, withScratchApp } from './support';

const PROPOSALS = Number(process.env.BENCH_PROPOSALS ?? 100);

async function main(): Promise<void> {
  const config = process.env.CHROMIUM_PATH ? { chromiumPath: process.env.CHROMIUM_PATH } : {};
  await withScratchApp('bench_pdf', config, async ({ app, base, databaseName: name, gql }) => {
    const tokens = app.get(TokenService);
    const users = app.get(UsersService);
    const person = async (firstname: string, role: Role) =>
      (
        await users.create({
          firstname,
          lastname: 'Bench',
          email: `${firstname.toLowerCase()}.${name}@example.org`,
          oidcSub: null,
          placeholder: false,
          roles: [role],
          source: 'seed',
        })
      ).user.id;
    const officerId = await person('Olga', Role.USER_OFFICER);
    const applicantId = await person('Ada', Role.USER);
    const coProposerId = await person('Cole', Role.USER);
    const officer = tokens.sign({
      id: officerId,
      roles: [Role.USER_OFFICER],
      currentRole: Role.USER_OFFICER,
      isInternalUser: true,
      impersonatingUserId: null,
    });
    const applicant = tokens.sign({
      id: applicantId,
      roles: [Role.USER],
      currentRole: Role.USER,
      isInternalUser: false,
      impersonatingUserId: null,
    });

    // ---------------------------------------------------------------- a proposal template and an open call
    log('building a proposal template with 12 questions and an open call…');
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      `mutation { createTemplate(groupId: PROPOSAL_QUESTIONARY, name: "Bench PDF") { templateId steps { topic { id } } } }`,
      {},
      officer,
    );
    const templateId = createTemplate.templateId;
    const topicId = createTemplate.steps[0].topic.id;
    const mm = {
      id: 'millimeter',
      unit: 'millimeter',
      quantity: 'length',
      symbol: 'mm',
      siConversionFormula: 'x / 1000',
    };
    const kinds: { dataType: DataType; config: Record<string, unknown>; value: (i: number) => unknown }[] = [
      {
        dataType: DataType.TEXT_INPUT,
        config: { required: true, multiline: true },
        value: (i) => `Scientific case ${i}: `.concat('we will measure the spin-wave dispersion. '.repeat(8)),
      },
      {
        dataType: DataType.NUMBER_INPUT,
        config: { required: true, units: [mm] },
        value: (i) => ({ value: i + 1.5, unit: mm }),
      },
      {
        dataType: DataType.INTERVAL,
        config: { required: true, units: [mm] },
        value: (i) => ({ min: i, max: i + 5, unit: mm }),
      },
      { dataType: DataType.BOOLEAN, config: {}, value: (i) => i % 2 === 0 },
      {
        dataType: DataType.SELECTION_FROM_OPTIONS,
        config: { required: true, options: ['powder', 'single crystal', 'liquid'], variant: 'radio' },
        value: () => ['single crystal'],
      },
      { dataType: DataType.DATE, config: { required: true }, value: () => '2030-05-01' },
      {
        dataType: DataType.RICH_TEXT_INPUT,
        config: { required: true, max: 5000 },
        value: (i) => `<p>Method <strong>${i}</strong></p><ul><li>cool down</li><li>measure</li></ul>`,
      },
    ];
    const questions: { id: string; value: (i: number) => unknown }[] = [];
    for (let i = 0; i < 12; i++) {
      const kind = kinds[i % kinds.length];
      const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
        `mutation($dataType: DataType!) { createQuestion(categoryId: PROPOSAL, dataType: $dataType) { id } }`,
        { dataType: kind.dataType },
        officer,
      );
      await gql(
        `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 999) { templateId } }`,
        { t: templateId, q: createQuestion.id, topic: topicId },
        officer,
      );
      await gql(
        `mutation($t: Int!, $q: String!, $config: String) { updateQuestionTemplateRelationSettings(templateId: $t, questionId: $q, config: $config) { templateId } }`,
        { t: templateId, q: createQuestion.id, config: JSON.stringify(kind.config) },
        officer,
      );
      await gql(
        `mutation($id: String!, $question: String!) { updateQuestion(id: $id, question: $question) { id } }`,
        { id: createQuestion.id, question: `Question ${i + 1} (${kind.dataType.toLowerCase()})` },
        officer,
      );
      questions.push({ id: createQuestion.id, value: kind.value });
    }
    const day = 24 * 3600 * 1000;
    const iso = (days: number) => new Date(Date.now() + days * day).toISOString();
    const workflowId = await app.get(WorkflowsRepository).defaultWorkflowId(WorkflowType.PROPOSAL);
    if (workflowId === null) throw new Error('no default proposal workflow was seeded');
    const { createCall } = await gql<{ createCall: { id: number } }>(
      `mutation($input: CreateCallInput!) { createCall(createCallInput: $input) { id } }`,
      {
        input: {
          shortCode: `BENCH-${name}`,
          startCall: iso(-1),
          endCall: iso(30),
          startReview: iso(31),
          endReview: iso(60),
          startNotify: iso(61),
          endNotify: iso(70),
          startCycle: iso(80),
          endCycle: iso(200),
          cycleComment: 'Cycle 1',
          surveyComment: 'Survey',
          allocationTimeUnit: 'Day',
          proposalWorkflowId: workflowId,
          templateId,
          referenceNumberFormat: 'PDF26-{digits:4}',
        },
      },
      officer,
    );

    // ---------------------------------------------------------------- submitted proposals
    log(`submitting ${PROPOSALS} proposals…`);
    const pks: number[] = [];
    const submitOne = async (i: number) => {
      const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
        `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`,
        { callId: createCall.id },
        applicant,
      );
      const pk = createProposal.primaryKey;
      await gql(
        `mutation($pk: Int!, $title: String, $abstract: String, $users: [Int!]) { updateProposal(proposalPk: $pk, title: $title, abstract: $abstract, users: $users) { primaryKey } }`,
        {
          pk,
          title: `Spin waves in sample ${i}`,
          abstract: 'We propose to measure the magnetic excitations of a frustrated magnet. '.repeat(5),
          users: [coProposerId],
        },
        applicant,
      );
      await gql(
        `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`,
        {
          q: createProposal.questionaryId,
          topic: topicId,
          answers: questions.map((q) => ({ questionId: q.id, value: JSON.stringify({ value: q.value(i) }) })),
        },
        applicant,
      );
      await gql(`mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`, { pk }, applicant);
      return pk;
    };
    for (let i = 0; i < PROPOSALS; i += 8) {
      pks.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, PROPOSALS - i) }, (_, j) => submitOne(i + j)),
        )),
      );
    }

    const download = async (ids: string): Promise<{ ms: number; bytes: number }> => {
      const t0 = performance.now();
      const res = await fetch(`${base}/download/pdf/proposal/${ids}`, {
        headers: { authorization: `Bearer ${applicant}` },
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || body.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new Error(`download of ${ids}: ${res.status} ${body.subarray(0, 200).toString('utf8')}`);
      return { ms: performance.now() - t0, bytes: body.length };
    };

    log('first PDF (launches Chromium)…');
    const cold = await download(String(pks[0]));

    const run = async (clients: number) => {
      const latencies: number[] = [];
      let bytes = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async (_, worker) => {
          for (let n = worker; n < pks.length; n += clients) {
            const result = await download(String(pks[n]));
            latencies.push(result.ms);
            bytes += result.bytes;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return {
        clients,
        pdfs: latencies.length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: latencies[latencies.length - 1],
        perSecond: latencies.length / seconds,
        averageKiB: bytes / latencies.length / 1024,
      };
    };

    log('timing…');
    const results = [await run(1), await run(2), await run(4)];
    log(`all ${PROPOSALS} proposals in one PDF…`);
    const all = await download(pks.join(','));
    const launches = app.get(PdfRenderer).launchCount;

    process.stdout.write(
      `\nProposal PDFs over HTTP (GET /download/pdf/proposal/{id}), ${PROPOSALS} submitted proposals with 12 answered questions, PostgreSQL, one Chromium (${PDF_CONCURRENCY} pages at once)\n`,
    );
    process.stdout.write(
      '| clients | PDFs | p50 ms | p95 ms | max ms | PDFs/s | avg KiB |\n|---|---|---|---|---|---|---|\n',
    );
    for (const r of results) {
      process.stdout.write(
        `| ${r.clients} | ${r.pdfs} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.max.toFixed(0)} | ${r.perSecond.toFixed(1)} | ${r.averageKiB.toFixed(0)} |\n`,
      );
    }
    process.stdout.write(
      `first PDF (browser launch included): ${cold.ms.toFixed(0)} ms; all ${PROPOSALS} in one PDF: ${all.ms.toFixed(0)} ms, ${(all.bytes / 1024).toFixed(0)} KiB; browser launches: ${launches}\n`,
    );
    process.stdout.write(
      `${JSON.stringify({
        proposals: PROPOSALS,
        concurrencyLimit: PDF_CONCURRENCY,
        coldMs: cold.ms,
        onePdfOfAll: { ms: all.ms, bytes: all.bytes },
        browserLaunches: launches,
        results,
      })}\n`,
    );
  });
}

runBench(main);
