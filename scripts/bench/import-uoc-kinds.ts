/**
 * The kinds of services/api/src/modules/uoc-import/kinds (40a) at scale (a benchmark, not a timed test; run by hand:
 * `node --max-old-space-size=384 -r @swc-node/register scripts/bench/import-uoc-kinds.ts`): the UOC-shaped source of
 * scripts/bench/uoc-source.ts with BENCH_ROWS proposals (default 5,000; 4 answers each) and, per proposal, a sample
 * (2 answers), a sub-template (1 answer) and a scientist comment, an internal review per technical review (every
 * second proposal) and a 64 KiB file per ten proposals; imported into a scratch store, then again (the no-op run).
 * Prints each kind's seconds, rows and events, the peak RSS and the second run's time. Drops its databases.
 *
 * Environment (all optional): TEST_DATABASE_ADMIN_URL, BENCH_ROWS.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { runUocImport } from '../../services/api/src/uoc-import';
import { buildUocSource } from './uoc-source';

const N = Number(process.env.BENCH_ROWS ?? 5000);
const ADMIN = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const urlOf = (name: string): string => {
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  return url.toString();
};

async function sql(url: string, text: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function main(): Promise<void> {
  const source = `uoc_kinds_src_${process.pid}`;
  const target = `uoc_kinds_tgt_${process.pid}`;
  await sql(ADMIN, `CREATE DATABASE ${source}`);
  await sql(ADMIN, `CREATE DATABASE ${target}`);
  try {
    await buildUocSource(urlOf(source), { proposals: N, answers: 4 });
    await sql(
      urlOf(source),
      `
      INSERT INTO questions VALUES ('q_mass', 'TEXT_INPUT', 'Mass', '{}', '2019-01-01Z', 'mass', 2),
        ('q_temp', 'TEXT_INPUT', 'Temp', '{}', '2019-01-01Z', 'temp', 2),
        ('q_sub', 'TEXT_INPUT', 'Name', '{}', '2019-01-01Z', 'sub', 7);
      INSERT INTO templates VALUES (2, 'Sample', '', false, 'SAMPLE'), (3, 'Sub', '', false, 'GENERIC_TEMPLATE');
      INSERT INTO topics VALUES (10, 'S', true, 0, 2), (11, 'G', true, 0, 3);
      INSERT INTO templates_has_questions VALUES ('q_mass', 2, 10, 0, '{}', 'AND'),
        ('q_temp', 2, 10, 1, '{}', 'AND'), ('q_sub', 3, 11, 0, '{}', 'AND');
      INSERT INTO questionaries SELECT 1000000 + g, 2, '2019-05-01Z', 2 FROM generate_series(1, ${N}) g;
      INSERT INTO questionaries SELECT 2000000 + g, 3, '2019-05-01Z', 2 FROM generate_series(1, ${N}) g;
      INSERT INTO answers SELECT 300000000 + g, 1000000 + g, 'q_mass', '{"value": "5 g"}', '2019-05-01Z'
        FROM generate_series(1, ${N}) g;
      INSERT INTO answers SELECT 400000000 + g, 1000000 + g, 'q_temp', '{"value": "20 C"}', '2019-05-01Z'
        FROM generate_series(1, ${N}) g;
      INSERT INTO answers SELECT 500000000 + g, 2000000 + g, 'q_sub', '{"value": "x"}', '2019-05-01Z'
        FROM generate_series(1, ${N}) g;
      INSERT INTO samples SELECT g, 'Sample ' || g, 2, 1000000 + g, g % 4, '2019-05-01Z', '', g, 'q_samples', false
        FROM generate_series(1, ${N}) g;
      INSERT INTO generic_templates SELECT g, 'Sub ' || g, g, 2000000 + g, 2, '2019-05-01Z', 'q_subs'
        FROM generate_series(1, ${N}) g;
      INSERT INTO internal_reviews SELECT g, 'IR', '<p>ok</p>', '[]', 4, g, '2019-05-01Z', 1
        FROM generate_series(2, ${N}, 2) g;
      INSERT INTO proposal_internal_comments SELECT g, g, 'Comment ' || g, '2019-05-01Z' FROM generate_series(1, ${N}) g;
      INSERT INTO files SELECT md5(g::text)::uuid, 'f' || g || '.bin', 65536, 'application/octet-stream',
        lo_from_bytea(0, convert_to(repeat('x', 65536), 'UTF8')), '2019-05-01Z' FROM generate_series(1, ${Math.floor(N / 10)}) g;
      ALTER TABLE samples ADD PRIMARY KEY (sample_id);
      ALTER TABLE generic_templates ADD PRIMARY KEY (generic_template_id);
      ALTER TABLE internal_reviews ADD PRIMARY KEY (internal_review_id);
      ALTER TABLE proposal_internal_comments ADD PRIMARY KEY (comment_id);
      ALTER TABLE files ADD PRIMARY KEY (file_id);
      ANALYZE;`,
    );
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const seconds: Record<string, string> = {};
    const first = await runUocImport({
      sourceUrl: urlOf(source),
      overrides: { databaseUrl: urlOf(target) },
      log: (line) => {
        const m = /^([a-z ]+): ([\d.]+) s$/.exec(line);
        if (m) seconds[m[1]] = m[2];
      },
    });
    clearInterval(sampler);
    for (const [kind, c] of Object.entries(first.kinds))
      if (seconds[kind] !== undefined)
        console.log(`${kind}: ${c.read} rows, ${c.events} events in ${seconds[kind]} s`);
    const t = performance.now();
    const second = await runUocImport({
      sourceUrl: urlOf(source),
      overrides: { databaseUrl: urlOf(target) },
    });
    const noop = (performance.now() - t) / 1000;
    console.log(
      `problems ${first.problems.length}; peak RSS ${Math.round(peak / 2 ** 20)} MB; ` +
        `second run ${noop.toFixed(1)} s (nothing new: ${second.nothingNew})`,
    );
  } finally {
    await sql(ADMIN, `DROP DATABASE IF EXISTS ${source}`);
    await sql(ADMIN, `DROP DATABASE IF EXISTS ${target}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
