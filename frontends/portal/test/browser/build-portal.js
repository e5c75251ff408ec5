/** Jest globalSetup of the browser tests: builds the portal once (vite, ~2 s) so the api can serve it. */
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = async function buildPortal() {
  const portal = join(__dirname, '..', '..');
  const vite = join(require.resolve('vite/package.json', { paths: [portal] }), '..', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: portal,
    stdio: 'inherit',
  });
};
