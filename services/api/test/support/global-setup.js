/**
 * Jest globalSetup / globalTeardown of the projects that start the app (int, e2e, browser): the run's seeded
 * templates (test-templates.ts), built once, both stores at the same time, each in a child process; their
 * names reach the workers through the environment. Idempotent: the first project of a run builds them, the
 * others find them. Templates of runs that were killed (their jest process is gone) are removed here too.
 * A template that cannot be built is reported and left out: the apps then start on empty stores, as they all
 * do with UO_TEST_TEMPLATES=off (to compare, or to test the first start itself).
 */
const { spawn } = require('node:child_process');
const { mkdirSync, readdirSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');

const ROOT = join(__dirname, '..', '..', '..', '..');
const SCRIPT = join(__dirname, 'build-test-templates.ts');
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_ENV = 'UO_TEST_PG_TEMPLATE';
const PGLITE_ENV = 'UO_TEST_PGLITE_RUN_DIR';
const PG_DEMO_ENV = 'UO_TEST_PG_DEMO_TEMPLATE';
const PG_PREFIX = 'uo_tpl_';
const DIR_PREFIX = 'uo-test-run-';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** runs build-test-templates.ts; resolves with null, or the reason it failed */
const build = (kind, ...args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', SCRIPT, kind, ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve(error.message));
    child.on('exit', (code) => resolve(code === 0 ? null : stderr.trim() || `exit code ${code}`));
  });

async function withAdmin(fn) {
  const admin = new Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return; // PostgreSQL down: the tests that need it say so
  }
  try {
    await fn(admin);
  } finally {
    await admin.end();
  }
}

async function removeStale() {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${PG_PREFIX}%`,
    ]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(PG_PREFIX.length).split('_')[0]);
      if (pid && !alive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(DIR_PREFIX)) continue;
    const pid = Number(entry.slice(DIR_PREFIX.length).split('-')[0]);
    if (pid && !alive(pid)) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
  }
}

async function setupTemplates() {
  if (process.env.UO_TEST_TEMPLATES_BUILT || process.env.UO_TEST_TEMPLATES === 'off') return;
  await removeStale();
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const database = `${PG_PREFIX}${id}`;
  const runDir = join(tmpdir(), `${DIR_PREFIX}${id.replace('_', '-')}`);
  mkdirSync(runDir, { recursive: true });
  const started = Date.now();
  const [pgError, pgliteError] = await Promise.all([build('postgres', database), build('pglite', runDir)]);
  if (pgError) console.warn(`\nNo PostgreSQL template (apps start on empty databases): ${pgError}`);
  else process.env[PG_ENV] = database;
  if (pgliteError) console.warn(`\nNo PGlite template (apps start on empty stores): ${pgliteError}`);
  else process.env[PGLITE_ENV] = runDir;
  process.env.UO_TEST_TEMPLATES_BUILT = `${database} ${runDir}`;
  if (process.env.UO_TEST_TIMINGS) console.log(`\ntemplates built in ${Date.now() - started} ms`);
}

/**
 * The browser tests' template: the PostgreSQL template with the demo seeded on top (about 6 s a product start
 * saved in each browser file; see the harness's startProduct). Built after the seeded template, once per run.
 */
async function setupDemoTemplate() {
  await setupTemplates();
  const template = process.env[PG_ENV];
  if (!template || process.env[PG_DEMO_ENV]) return;
  const database = `${template}_demo`;
  const error = await build('postgres-demo', database, template);
  if (error) console.warn(`\nNo demo template (each browser test seeds its demo): ${error}`);
  else process.env[PG_DEMO_ENV] = database;
}

async function teardownTemplates() {
  const built = process.env.UO_TEST_TEMPLATES_BUILT;
  if (!built) return;
  delete process.env.UO_TEST_TEMPLATES_BUILT;
  delete process.env[PG_ENV];
  delete process.env[PGLITE_ENV];
  delete process.env[PG_DEMO_ENV];
  const [database, runDir] = built.split(' ');
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${database}_demo WITH (FORCE)`));
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  rmSync(runDir, { recursive: true, force: true });
}

module.exports = setupTemplates;
module.exports.setupTemplates = setupTemplates;
module.exports.teardownTemplates = teardownTemplates;
module.exports.setupDemoTemplate = setupDemoTemplate;
