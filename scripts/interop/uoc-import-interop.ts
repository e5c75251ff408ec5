/**
 * Beside a real user-office-core database (issue 40): UOC_SRC = a checkout of UserOfficeProject/user-office-core
 * (or a bare git directory of it: its HEAD is read with `git archive`). Run by hand, never by `npm test`:
 *
 *   UOC_SRC=/path/to/user-office-core npm run interop:uoc-import
 *
 * 1. an empty database `uoc_interop_src_<pid>`: every `apps/backend/db_patches/*.sql` applied in name order with
 *    psql (ON_ERROR_STOP), then every `db_seeds/*.sql`: the database a UOC deployment with INCLUDE_SEEDS has;
 * 2. `npm run import:uoc`'s import of it into an empty store `uoc_interop_tgt_<pid>`;
 * 3. every seeded record checked in the store: each user (by id, with its OIDC sub), institution, status,
 *    workflow, question of a known type, template of a supported group, call, instrument and proposal (id and
 *    short code, status, answers count), FAP, FAP review, experiment, safety input, visit, shipment, feedback,
 *    status-actions log entry and other event_logs row; a second run appends nothing; events:verify's chain intact.
 * Optional: TEST_DATABASE_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres, trust), INTEROP_KEEP=1 (keep the
 * databases). The last stdout line is a JSON summary; exit code 1 when a check fails.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { verified, verifyProjections } from '../../services/api/src/maintenance';
import { runUocImport } from '../../services/api/src/uoc-import';
import { verifyEventChain } from '../../services/api/src/platform/event-store/event-chain';
import { PgSqlClient } from '../../services/api/src/platform/database/pg-sql-client';

const ADMIN = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const urlOf = (name: string) => {
  const u = new URL(ADMIN);
  u.pathname = `/${name}`;
  return u.toString();
};

async function q<T>(url: string, text: string): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

/** the db_patches directory of UOC_SRC: a work tree, or a bare git directory read at HEAD */
function patchesDir(src: string): { dir: string; cleanup: () => void } {
  const worktree = join(src, 'apps/backend/db_patches');
  if (existsSync(worktree)) return { dir: worktree, cleanup: () => undefined };
  const tmp = mkdtempSync(join(tmpdir(), 'uoc-interop-'));
  const tar = execFileSync('git', ['--git-dir', src, 'archive', 'HEAD', 'apps/backend/db_patches'], {
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', tmp], { input: tar });
  return {
    dir: join(tmp, 'apps/backend/db_patches'),
    cleanup: () => rmSync(tmp, { recursive: true, force: true }),
  };
}

function psqlFiles(url: string, dir: string): number {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const f of files)
    execFileSync('psql', [url, '-q', '-v', 'ON_ERROR_STOP=1', '-f', join(dir, f)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  return files.length;
}

async function main(): Promise<void> {
  const src = process.env.UOC_SRC;
  if (!src) throw new Error('Set UOC_SRC to a checkout (or bare git directory) of user-office-core');
  const source = `uoc_interop_src_${process.pid}`;
  const target = `uoc_interop_tgt_${process.pid}`;
  await q(ADMIN, `CREATE DATABASE ${source}`);
  await q(ADMIN, `CREATE DATABASE ${target}`);
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };
  const { dir, cleanup } = patchesDir(src);
  try {
    const started = performance.now();
    const patches = psqlFiles(urlOf(source), dir);
    const seeds = psqlFiles(urlOf(source), join(dir, 'db_seeds'));
    console.log(
      `UOC database: ${patches} db_patches and ${seeds} db_seeds applied in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const report = await runUocImport({
      sourceUrl: urlOf(source),
      overrides: { databaseUrl: urlOf(target) },
    });
    console.log(
      `Imported ${report.events} events (${report.proposals} proposals) in ${report.seconds.toFixed(1)} s; ${report.problems.length} row(s) reported:`,
    );
    for (const p of report.problems) console.log(`  ${p.kind} ${p.sourceRow}: ${p.reason}`);
    const S = urlOf(source);
    const T = urlOf(target);
    const ids = async (url: string, sql: string) => (await q<{ k: string }>(url, sql)).map((r) => r.k).sort();
    const same = async (what: string, fromSource: string, inStore: string) => {
      const a = await ids(S, fromSource);
      const b = await ids(T, inStore);
      const missing = a.filter((k) => !b.includes(k));
      check(
        missing.length === 0,
        `${what}: ${missing.length} of ${a.length} missing (${missing.slice(0, 5).join(', ')})`,
      );
      console.log(`  ${what}: ${a.length} in UOC, ${a.length - missing.length} arrived`);
    };
    await same(
      'users (id, OIDC sub)',
      `SELECT user_id || ':' || coalesce(oidc_sub, '') AS k FROM users`,
      `SELECT id || ':' || coalesce(oidc_sub, '') AS k FROM users`,
    );
    await same(
      'institutions',
      'SELECT institution_id::text AS k FROM institutions',
      `SELECT data->>'id' AS k FROM events WHERE type = 'InstitutionCreated'`,
    );
    await same(
      'statuses',
      'SELECT status_id::text AS k FROM statuses',
      `SELECT data->>'statusId' AS k FROM events WHERE type = 'StatusCreated'`,
    );
    await same(
      'workflows',
      'SELECT workflow_id::text AS k FROM workflows',
      `SELECT data->>'workflowId' AS k FROM events WHERE type = 'WorkflowCreated'`,
    );
    await same(
      'questions (known types)',
      `SELECT question_id AS k FROM questions WHERE category_id NOT IN (12, 13) AND data_type <> 'EXPERIMENT_SAFETY_REVIEW_BASIS'`,
      `SELECT data->>'questionId' AS k FROM events WHERE type = 'QuestionCreated'`,
    );
    await same(
      'templates (supported groups)',
      `SELECT template_id::text AS k FROM templates WHERE group_id NOT IN ('EXPERIMENT_SAFETY_REVIEW_TEMPLATE', 'EXPERIMENT_SAFETY_PDF')`,
      `SELECT data->>'templateId' AS k FROM events WHERE type = 'TemplateCreated'`,
    );
    await same(
      'calls',
      `SELECT call_id || ':' || call_short_code AS k FROM call`,
      `SELECT call_id || ':' || short_code AS k FROM calls`,
    );
    await same(
      'instruments',
      'SELECT instrument_id::text AS k FROM instruments',
      `SELECT data->>'id' AS k FROM events WHERE type = 'InstrumentCreated'`,
    );
    await same(
      'proposals (pk, short code, status)',
      `SELECT proposal_pk || ':' || proposal_id || ':' || status_id AS k FROM proposals`,
      `SELECT proposal_pk || ':' || proposal_id || ':' || status_id AS k FROM proposals`,
    );
    await same(
      'answers (questionary, question) on the template',
      `SELECT a.questionary_id || ':' || a.question_id AS k FROM answers a JOIN questionaries q USING (questionary_id)
         JOIN templates_has_questions t ON t.template_id = q.template_id AND t.question_id = a.question_id
         JOIN proposals p ON p.questionary_id = a.questionary_id`,
      `SELECT data->>'questionaryId' || ':' || (a->>'questionId') AS k FROM events, jsonb_array_elements(data->'answers') a
        WHERE type = 'TopicAnswered'`,
    );
    // kinds/ (40a)
    await same(
      'settings (set in UOC)',
      `SELECT settings_id || ':' || settings_value AS k FROM settings WHERE coalesce(settings_value, '') <> ''`,
      `SELECT settings_id || ':' || settings_value AS k FROM settings`,
    );
    await same(
      'pages (non-empty)',
      `SELECT pagetext_id::text AS k FROM pagetext WHERE coalesce(content, '') <> ''`,
      `SELECT (array_position(ARRAY['HOMEPAGE', 'HELPPAGE', 'PRIVACYPAGE', 'COOKIEPAGE', 'REVIEWPAGE', 'FOOTERCONTENT',
         'LOGINHELPPAGE', 'GRADEGUIDEPAGE', 'TECHNIQUEPROPOSALMANAGEMENTPAGE'], page_id))::text AS k FROM page_content`,
    );
    await same(
      'predefined messages',
      'SELECT predefined_message_id::text AS k FROM predefined_messages',
      'SELECT id::text AS k FROM predefined_messages',
    );
    await same(
      'units (id, symbol, formula)',
      `SELECT unit_id || ':' || coalesce(symbol, '') || ':' || si_conversion_formula AS k FROM units`,
      `SELECT id || ':' || symbol || ':' || si_conversion_formula AS k FROM units WHERE NOT deleted`,
    );
    await same(
      'techniques (id, short code)',
      `SELECT technique_id || ':' || short_code AS k FROM techniques`,
      `SELECT id || ':' || short_code AS k FROM techniques`,
    );
    await same(
      'technique instruments',
      `SELECT technique_id || ':' || instrument_id AS k FROM technique_has_instruments`,
      `SELECT technique_id || ':' || instrument_id AS k FROM technique_instruments`,
    );
    await same(
      'technique scientists',
      `SELECT technique_id || ':' || user_id AS k FROM technique_has_scientists`,
      `SELECT technique_id || ':' || user_id AS k FROM technique_scientists`,
    );
    await same(
      'technique proposals',
      `SELECT technique_id || ':' || proposal_id AS k FROM technique_has_proposals`,
      `SELECT technique_id || ':' || proposal_pk AS k FROM proposal_techniques`,
    );
    await same(
      'instruments of calls (availability time)',
      `SELECT call_id || ':' || instrument_id || ':' || coalesce(availability_time::text, '') AS k FROM call_has_instruments`,
      `SELECT call_id || ':' || instrument_id || ':' || coalesce(availability_time::text, '') AS k FROM instrument_calls`,
    );
    await same(
      'review panels of calls (call_has_faps)',
      `SELECT call_id || ':' || fap_id AS k FROM call_has_faps WHERE fap_id IN (SELECT fap_id FROM faps)`,
      `SELECT call_id || ':' || f AS k FROM calls, jsonb_array_elements_text(coalesce(data->'fapIds', '[]')) AS f`,
    );
    await same(
      'internal reviews',
      'SELECT internal_review_id::text AS k FROM internal_reviews',
      'SELECT id::text AS k FROM internal_reviews',
    );
    await same(
      'scientist comments',
      'SELECT comment_id::text AS k FROM proposal_internal_comments',
      'SELECT comment_id::text AS k FROM proposal_scientist_comments',
    );
    await same(
      'samples (id, questionary)',
      `SELECT sample_id || ':' || questionary_id AS k FROM samples`,
      `SELECT sample_id || ':' || questionary_id AS k FROM samples`,
    );
    await same(
      'generic templates',
      'SELECT generic_template_id::text AS k FROM generic_templates',
      'SELECT generic_template_id::text AS k FROM generic_templates',
    );
    await same('files', 'SELECT file_id::text AS k FROM files', 'SELECT file_id AS k FROM files');
    await same(
      'PDF templates',
      'SELECT DISTINCT template_id::text AS k FROM proposal_pdf_templates',
      'SELECT template_id::text AS k FROM pdf_templates',
    );
    // (40b) the later kinds: FAPs, experiments, safety inputs, visits, shipments, feedback, logs
    await same(
      'FAPs',
      `SELECT fap_id || ':' || code AS k FROM faps`,
      `SELECT id || ':' || code AS k FROM faps`,
    );
    await same(
      'FAP reviews (id, grade)',
      `SELECT review_id || ':' || coalesce(grade, '') AS k FROM fap_reviews`,
      `SELECT review_id || ':' || coalesce(grade::text, '') AS k FROM fap_reviews`,
    );
    await same(
      'experiments (pk, id, status)',
      `SELECT experiment_pk || ':' || experiment_id || ':' || status AS k FROM experiments`,
      `SELECT experiment_pk || ':' || experiment_id || ':' || status AS k FROM experiments`,
    );
    await same(
      'experiment safety inputs',
      'SELECT experiment_safety_pk::text AS k FROM experiment_safety',
      'SELECT experiment_safety_pk::text AS k FROM experiment_safety',
    );
    await same('visits', 'SELECT visit_id::text AS k FROM visits', 'SELECT visit_id::text AS k FROM visits');
    await same(
      'shipments',
      'SELECT shipment_id::text AS k FROM shipments',
      'SELECT shipment_id::text AS k FROM shipments',
    );
    await same(
      'feedback',
      'SELECT feedback_id::text AS k FROM feedbacks',
      'SELECT feedback_id::text AS k FROM feedbacks',
    );
    await same(
      'status-actions log',
      'SELECT status_actions_log_id::text AS k FROM status_actions_logs',
      'SELECT log_id::text AS k FROM status_actions_logs',
    );
    await same(
      'event_logs rows (legacy history)',
      `SELECT id::text AS k FROM event_logs WHERE event_type NOT LIKE 'PROPOSAL_STATUS_CHANGED_BY_%'`,
      `SELECT data->>'eventLogId' AS k FROM events WHERE type = 'LegacyEventLogged'`,
    );
    const again = await runUocImport({ sourceUrl: S, overrides: { databaseUrl: T } });
    check(again.nothingNew, `the second run appended ${again.events} events`);
    console.log(
      `  second run: ${again.nothingNew ? 'nothing new' : `${again.events} events`} (${again.seconds.toFixed(1)} s)`,
    );
    const projections = await verifyProjections([], { databaseUrl: T });
    const differ = projections.filter((r) => !verified(r)).map((r) => r.name);
    check(differ.length === 0, `projections:verify: ${differ.join(', ')} differ(s) from the events`);
    console.log(`  projections:verify: ${projections.length - differ.length} of ${projections.length} equal`);
    const sql = await PgSqlClient.connect(T, 2);
    try {
      const chain = await verifyEventChain(sql, { record: false });
      check(chain.ok, chain.message);
      console.log(`  ${chain.message}`);
    } finally {
      await sql.close();
    }
    for (const f of failures) console.log(`FAILED: ${f}`);
    console.log(
      JSON.stringify({
        ok: failures.length === 0,
        events: report.events,
        proposals: report.proposals,
        problems: report.problems.length,
        failures,
      }),
    );
    if (failures.length > 0) process.exitCode = 1;
  } finally {
    cleanup();
    if (!process.env.INTEROP_KEEP) {
      await q(ADMIN, `DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
      await q(ADMIN, `DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    }
  }
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  });
