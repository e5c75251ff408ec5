/**
 * Jest globalSetup / globalTeardown of the projects that start the app (int, e2e, browser): the run's seeded
 * templates (test-templates.ts), built once, both stores at the same time, each in a child process; their
 * names reach the workers through the environment. Idempotent: the first project of a run builds them, the
 * others find them. Kept after the run under a key of the code they were built from (cacheKey): the next run of
 * the same code, the same day, starts at once (UO_TEST_TEMPLATE_CACHE=off: built for the run and dropped after).
 * Templates of runs that were killed (their jest process is gone) and old keys are removed here too.
 * A template that cannot be built is reported and left out: the apps then start on empty stores, as they all
 * do with UO_TEST_TEMPLATES=off (to compare, or to test the first start itself).
 */
const { spawn } = require('node:child_process');
const { createHash } = require('node:crypto');
const {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { join, relative } = require('node:path');
const { Client } = require('pg');

const ROOT = join(__dirname, '..', '..', '..', '..');
const SCRIPT = join(__dirname, 'build-test-templates.ts');
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_ENV = 'UO_TEST_PG_TEMPLATE';
const PGLITE_ENV = 'UO_TEST_PGLITE_TEMPLATES';
const RUN_DIR_ENV = 'UO_TEST_PGLITE_RUN_DIR';
const PG_DEMO_ENV = 'UO_TEST_PG_DEMO_TEMPLATE';
const PG_PREFIX = 'uo_tpl_';
const DIR_PREFIX = 'uo-test-run-';
const CACHE_PG_PREFIX = 'uo_tplc_';
const CACHE_DIR_PREFIX = 'uo-test-templates-';
/** the cached templates kept (the newest first): a few code versions side by side, as worktrees run at once */
const CACHE_KEEP = 6;

/**
 * What the templates are made of: the api's and the contracts' sources (tests aside), the template builder, the
 * lock file, Node's version and the day (the demo's dates are relative to today). Equal keys, equal templates:
 * a run of the same code reuses the templates an earlier run built (UO_TEST_TEMPLATE_CACHE=off builds anew).
 */
function cacheKey() {
  const hash = createHash('sha256');
  hash.update(`${process.version}\n${new Date().toISOString().slice(0, 10)}\n`);
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|js|json|sql)$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry.name))
        files.push(path);
    }
  };
  walk(join(ROOT, 'services', 'api', 'src'));
  walk(join(ROOT, 'contracts', 'src'));
  for (const name of ['build-test-templates.ts', 'test-templates.ts', 'test-database.ts'])
    files.push(join(__dirname, name));
  files.push(join(ROOT, 'package-lock.json'));
  for (const file of files.sort()) {
    hash.update(`${relative(ROOT, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

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
    return undefined; // PostgreSQL down: the tests that need it say so
  }
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const exists = (admin, database) =>
  admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]).then((r) => r.rowCount > 0);

/** The leftovers of killed runs, and the cached templates beyond the newest CACHE_KEEP keys. */
async function removeStale(key) {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${PG_PREFIX}%`,
    ]);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(PG_PREFIX.length).split('_')[0]);
      if (pid && !alive(pid)) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    // a cached key's age is its comment (set when it was stored, refreshed when a run uses it)
    const cached = await admin.query(
      `SELECT datname, coalesce(shobj_description(oid, 'pg_database'), '0') AS used FROM pg_database
       WHERE datname LIKE $1 AND datname NOT LIKE '%\\_demo' ORDER BY 2 DESC`,
      [`${CACHE_PG_PREFIX}%`],
    );
    const old = cached.rows.filter((r) => !r.datname.endsWith(key)).slice(CACHE_KEEP - 1);
    for (const { datname } of old) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname}_demo WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
  const dirs = readdirSync(tmpdir());
  for (const entry of dirs) {
    if (!entry.startsWith(DIR_PREFIX)) continue;
    const pid = Number(entry.slice(DIR_PREFIX.length).split('-')[0]);
    if (pid && !alive(pid)) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
  }
  const cachedDirs = dirs
    .filter((entry) => entry.startsWith(CACHE_DIR_PREFIX) && !entry.endsWith(key))
    .map((entry) => ({ entry, used: statSync(join(tmpdir(), entry)).mtimeMs }))
    .sort((a, b) => b.used - a.used)
    .slice(CACHE_KEEP - 1);
  for (const { entry } of cachedDirs) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
}

/**
 * The PostgreSQL template `cached` (database name), built by `kind` into a database of this run and then renamed,
 * so that a template of that name is always complete; a run that finds it built uses it. Resolves with the reason
 * it could not be built, or null.
 */
async function cachedDatabase(id, cached, kind, ...args) {
  const found = await withAdmin((admin) => exists(admin, cached));
  if (found === undefined) return 'PostgreSQL is not reachable';
  if (!found) {
    const building = `${PG_PREFIX}${id}${kind === 'postgres-demo' ? '_demo' : ''}`;
    const error = await build(kind, building, ...args);
    if (error) return error;
    await withAdmin(async (admin) => {
      try {
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${cached}`);
      } catch (error) {
        // another run of the same code stored it first: theirs is the same
        if (!(await exists(admin, cached))) throw error;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      }
    });
  }
  await withAdmin((admin) => admin.query(`COMMENT ON DATABASE ${cached} IS '${Date.now()}'`));
  return null;
}

/** The PGlite templates (pglite-empty/, pglite-seeded/) in the cache directory `cached`, built as above. */
async function cachedPglite(id, cached) {
  if (!existsSync(cached)) {
    const building = join(tmpdir(), `${DIR_PREFIX}${id.replace('_', '-')}-pglite`);
    mkdirSync(building, { recursive: true });
    const error = await build('pglite', building);
    if (error) {
      rmSync(building, { recursive: true, force: true });
      return error;
    }
    try {
      renameSync(building, cached);
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(cached)) return error.message;
    }
  }
  const now = new Date();
  utimesSync(cached, now, now);
  return null;
}

async function setupTemplates() {
  if (process.env.UO_TEST_TEMPLATES_BUILT || process.env.UO_TEST_TEMPLATES === 'off') return;
  const key = process.env.UO_TEST_TEMPLATE_CACHE === 'off' ? `${process.pid}${Date.now()}` : cacheKey();
  await removeStale(key);
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const database = `${CACHE_PG_PREFIX}${key}`;
  const pgliteDir = join(tmpdir(), `${CACHE_DIR_PREFIX}${key}`);
  // the run's own directory: the PGlite copies of its tests, the browser sessions
  const runDir = join(tmpdir(), `${DIR_PREFIX}${id.replace('_', '-')}`);
  mkdirSync(runDir, { recursive: true });
  const started = Date.now();
  const [pgError, pgliteError] = await Promise.all([
    cachedDatabase(id, database, 'postgres'),
    cachedPglite(id, pgliteDir),
  ]);
  if (pgError) console.warn(`\nNo PostgreSQL template (apps start on empty databases): ${pgError}`);
  else process.env[PG_ENV] = database;
  if (pgliteError) console.warn(`\nNo PGlite template (apps start on empty stores): ${pgliteError}`);
  else process.env[PGLITE_ENV] = pgliteDir;
  process.env[RUN_DIR_ENV] = runDir;
  process.env.UO_TEST_TEMPLATES_BUILT = `${id} ${runDir} ${process.env.UO_TEST_TEMPLATE_CACHE === 'off' ? key : ''}`;
  if (process.env.UO_TEST_TIMINGS) console.log(`\ntemplates ready in ${Date.now() - started} ms`);
}

/**
 * The browser tests' template: the PostgreSQL template with the demo seeded on top (about 6 s a product start
 * saved in each browser file; see the harness's startProduct). Built after the seeded template, once per key.
 */
async function setupDemoTemplate() {
  await setupTemplates();
  const template = process.env[PG_ENV];
  if (!template || process.env[PG_DEMO_ENV]) return;
  const database = `${template}_demo`;
  const [id] = process.env.UO_TEST_TEMPLATES_BUILT.split(' ');
  const error = await cachedDatabase(id, database, 'postgres-demo', template);
  if (error) console.warn(`\nNo demo template (each browser test seeds its demo): ${error}`);
  else process.env[PG_DEMO_ENV] = database;
}

async function teardownTemplates() {
  const built = process.env.UO_TEST_TEMPLATES_BUILT;
  if (!built) return;
  const [, runDir, uncachedKey] = built.split(' ');
  const database = process.env[PG_ENV];
  const pgliteDir = process.env[PGLITE_ENV];
  delete process.env.UO_TEST_TEMPLATES_BUILT;
  delete process.env[PG_ENV];
  delete process.env[PGLITE_ENV];
  delete process.env[RUN_DIR_ENV];
  delete process.env[PG_DEMO_ENV];
  rmSync(runDir, { recursive: true, force: true });
  // the templates stay for the next run of the same code, unless the cache is off
  if (!uncachedKey) return;
  if (database) {
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${database}_demo WITH (FORCE)`));
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
}

module.exports = setupTemplates;
module.exports.setupTemplates = setupTemplates;
module.exports.teardownTemplates = teardownTemplates;
module.exports.setupDemoTemplate = setupDemoTemplate;
