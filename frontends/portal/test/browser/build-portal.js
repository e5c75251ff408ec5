/** Builds the portal once per run (vite) so the api can serve it; part of the browser tests' globalSetup. */
const { execFile } = require('node:child_process');
const { join } = require('node:path');
const { promisify } = require('node:util');

module.exports = async function buildPortal() {
  const portal = join(__dirname, '..', '..');
  const vite = join(require.resolve('vite/package.json', { paths: [portal] }), '..', 'bin', 'vite.js');
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn'],
    {
      cwd: portal,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  process.stdout.write(stdout);
  process.stderr.write(stderr);
};
