/**
 * Shipment label benchmark (issue 30): the latency of `GET /download/pdf/shipment-label/{id}` (the shipment, its
 * proposal, experiment and samples read, the Code 128 barcode drawn by bwip-js, the HTML printed by the one shared
 * Chromium of PdfRenderer), measured by an HTTP client against the whole api on a scratch PostgreSQL database with
 * the demo seeded: its applicant declares and submits a shipment of the two samples of "Lithium diffusion…" for its
 * experiment, then downloads its label. Run with `npm run bench:shipment-label`.
 *
 * One download first (it launches Chromium), then BENCH_LABELS downloads (default 50) one after the other: p50, p95
 * and max; then the same count with 2 concurrent clients (the renderer prints 2 pages at once).
 *
 * Environment (all optional):
 *   TEST_DATABASE_ADMIN_URL  admin connection used to create/drop the scratch database
 *                            (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_LABELS             labels downloaded per run (default 50)
 *   CHROMIUM_PATH            the browser (default /usr/bin/chromium)
 *
 * Progress goes to stderr; the figures go to stdout, the last stdout line is JSON.
 */
import { performance } from 'node:perf_hooks';
import { DEV_ACCOUNTS, Role } from '../../contracts/src';
import { PDF_CONCURRENCY, PdfRenderer } from '../../services/api/src/modules/downloads';
import { UsersService } from '../../services/api/src/modules/users';
import { latencySummary, log, runBench, sessionToken, withScratchApp } from './support';

const LABELS = Number(process.env.BENCH_LABELS ?? 50);

async function main(): Promise<void> {
  const config = {
    seedDemo: true,
    ...(process.env.CHROMIUM_PATH ? { chromiumPath: process.env.CHROMIUM_PATH } : {}),
  };
  await withScratchApp('bench_shipment_label', config, async ({ app, base, gql }) => {
    // the applicant (PI of "Lithium diffusion…") declares and submits a shipment of its experiment's two samples
    const account = DEV_ACCOUNTS.find((a) => a.username === 'applicant')!;
    const pi = await app.get(UsersService).byOidcSub(account.sub);
    if (!pi) throw new Error('the demo was not seeded (its applicant does not exist)');
    const token = sessionToken(app, pi.id, Role.USER);
    const { getUserExperiments } = await gql<{
      getUserExperiments: { experimentPk: number; proposalPk: number; proposal: { title: string } }[];
    }>('{ getUserExperiments { experimentPk proposalPk proposal { title } } }', {}, token);
    const experiment = getUserExperiments.find((e) => e.proposal.title.startsWith('Lithium diffusion'));
    if (!experiment) throw new Error('the demo has no experiment of "Lithium diffusion…"');
    const { createShipment: shipment } = await gql<{ createShipment: { id: number; questionaryId: number } }>(
      `mutation($p: Int, $e: Int) { createShipment(title: "Bench electrolytes", proposalPk: $p, experimentPk: $e) { id questionaryId } }`,
      { p: experiment.proposalPk, e: experiment.experimentPk },
      token,
    );
    const { getSamplesWithQuestionaryStatus: samples } = await gql<{
      getSamplesWithQuestionaryStatus: { id: number }[];
    }>(
      `query($p: Int!) { getSamplesWithQuestionaryStatus(filter: { proposalPk: $p }) { id } }`,
      { p: experiment.proposalPk },
      token,
    );
    await gql(
      `mutation($s: Int!, $ids: [Int!]!) { addSamplesToShipment(shipmentId: $s, sampleIds: $ids) { id } }`,
      { s: shipment.id, ids: samples.map((x) => x.id) },
      token,
    );
    const { getQuestionary } = await gql<{
      getQuestionary: {
        steps: { topic: { id: number }; fields: { question: { id: string; naturalKey: string } }[] }[];
      };
    }>(
      `query($q: Int!) { getQuestionary(questionaryId: $q) { steps { topic { id } fields { question { id naturalKey } } } } }`,
      { q: shipment.questionaryId },
      token,
    );
    for (const step of getQuestionary.steps)
      await gql(
        `mutation($q: Int!, $t: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $t, answers: $a) { isCompleted } }`,
        {
          q: shipment.questionaryId,
          t: step.topic.id,
          a: step.fields
            .filter((f) => f.question.naturalKey === 'demo_shipment_packaging')
            .map((f) => ({
              questionId: f.question.id,
              value: JSON.stringify({ value: 'Argon-filled vials' }),
            })),
        },
        token,
      );
    await gql(`mutation($s: Int!) { submitShipment(shipmentId: $s) { id } }`, { s: shipment.id }, token);

    const download = async (): Promise<{ ms: number; bytes: number }> => {
      const t0 = performance.now();
      const res = await fetch(`${base}/download/pdf/shipment-label/${shipment.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || body.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new Error(`label ${shipment.id}: ${res.status} ${body.subarray(0, 200).toString('utf8')}`);
      return { ms: performance.now() - t0, bytes: body.length };
    };

    log('first label (launches Chromium)…');
    const cold = await download();
    const run = async (clients: number) => {
      const latencies: number[] = [];
      let bytes = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async (_, worker) => {
          for (let n = worker; n < LABELS; n += clients) {
            const result = await download();
            latencies.push(result.ms);
            bytes += result.bytes;
          }
        }),
      );
      const summary = latencySummary(latencies, (performance.now() - started) / 1000);
      return { clients, labels: latencies.length, ...summary, averageKiB: bytes / latencies.length / 1024 };
    };
    log(`timing ${LABELS} labels…`);
    const results = [await run(1), await run(2)];
    const launches = app.get(PdfRenderer).launchCount;

    process.stdout.write(
      `\nShipment label PDFs over HTTP (GET /download/pdf/shipment-label/{id}), a shipment of the demo's "Lithium diffusion…" experiment with ${samples.length} samples, PostgreSQL, one Chromium (${PDF_CONCURRENCY} pages at once)\n`,
    );
    process.stdout.write(
      '| clients | labels | p50 ms | p95 ms | max ms | labels/s | avg KiB |\n|---|---|---|---|---|---|---|\n',
    );
    for (const r of results)
      process.stdout.write(
        `| ${r.clients} | ${r.labels} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.max.toFixed(0)} | ${r.perSecond.toFixed(1)} | ${r.averageKiB.toFixed(0)} |\n`,
      );
    process.stdout.write(
      `first label (browser launch included): ${cold.ms.toFixed(0)} ms; browser launches: ${launches}\n`,
    );
    process.stdout.write(
      `${JSON.stringify({ labels: LABELS, concurrencyLimit: PDF_CONCURRENCY, coldMs: cold.ms, browserLaunches: launches, results })}\n`,
    );
  });
}

runBench(main);
