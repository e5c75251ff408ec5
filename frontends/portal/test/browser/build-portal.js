/** Builds the portal and the console once per run (vite) so the api can serve them; part of the browser tests' globalSetup. */
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { promisify } = require('node:util');

async function build(app) {
  const dir = join(__dirname, '..', '..', '..', app);
  const vite = join(require.resolve('vite/package.json', { paths: [dir] }), '..', 'bin', 'vite.js');
  // a production build (jest sets NODE_ENV=test, which would make vite emit React's development build)
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn'],
    {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  process.stdout.write(stdout);
  process.stderr.write(stderr);
}

/** both at once: each build is mostly one core's work, and the tests wait for them */
module.exports = async function buildApps() {
  await Promise.all([build('portal'), build('console')]);
};
