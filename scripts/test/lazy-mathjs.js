/**
 * mathjs for the tests, loaded when a formula first needs it. Its CommonJS entry makes every one of its functions
 * when required (about 0.57 s of a test file's start, measured with --cpu-prof), and nearly every test file imports
 * the contracts, whose unit formulas import it; few files evaluate a formula. jest.config.js maps `mathjs` here.
 */
const { join } = require('node:path');

let mathjs = null;
const load = () =>
  (mathjs ??= require(join(__dirname, '..', '..', 'node_modules', 'mathjs', 'lib', 'cjs', 'index.js')));

module.exports = new Proxy(
  {},
  {
    get: (_, key) => (key === '__esModule' ? true : load()[key]),
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Object.getOwnPropertyDescriptor(load(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  },
);
