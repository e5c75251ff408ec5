/** Jest globalSetup of the browser tests: builds the portal and the console once (vite) so the api can serve them. */
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

function build(app) {
  const dir = join(__dirname, '..', '..', '..', app);
  const vite = join(require.resolve('vite/package.json', { paths: [dir] }), '..', 'bin', 'vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
}

module.exports = async function buildApps() {
  build('portal');
  build('console');
};
