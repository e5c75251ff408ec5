/**
 * One jest run, five projects: unit (*.spec.ts), int (*.int-spec.ts, real loopback services), e2e (*.e2e-spec.ts,
 * over HTTP), portal (*.spec.tsx in jsdom) and browser (*.browser-spec.ts in Chromium).
 */
const fs = require('node:fs');
const swc = JSON.parse(fs.readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swc.$schema;
const base = {
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swc, swcrc: false }] },
  moduleNameMapper: {
    '^@user-office/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@user-office/dev-idp$': '<rootDir>/services/dev-idp/src/index.ts',
    // loaded on the first formula, not at every test file's start (scripts/test/lazy-mathjs.js)
    '^mathjs$': '<rootDir>/scripts/test/lazy-mathjs.js',
    // graphql's production instanceOf (scripts/test/graphql-instance-of.js)
    '^\\.\\./jsutils/instanceOf\\.js$': '<rootDir>/scripts/test/graphql-instance-of.js',
  },
  testEnvironment: 'node',
  rootDir: __dirname,
  roots: ['<rootDir>/services', '<rootDir>/contracts', '<rootDir>/scripts'],
  setupFiles: ['reflect-metadata'],
};
/** The portal's component tests (*.spec.tsx) run in jsdom; TSX through swc with the automatic React runtime. */
const portal = {
  ...base,
  displayName: 'portal',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/frontends'],
  testMatch: ['**/*.spec.tsx', '<rootDir>/frontends/**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        ...swc,
        swcrc: false,
        jsc: {
          ...swc.jsc,
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
      },
    ],
  },
  // react-admin's keyboard shortcuts (react-hotkeys-hook) ship as ES modules only
  transformIgnorePatterns: ['/node_modules/(?!react-hotkeys-hook/)'],
  setupFiles: [],
  setupFilesAfterEnv: ['<rootDir>/frontends/portal/test/setup.ts'],
};
/** Browser tests (*.browser-spec.ts): the api serving the built portal, driven in Chromium by playwright-core. */
const browser = {
  ...base,
  displayName: 'browser',
  roots: ['<rootDir>/frontends'],
  testMatch: ['**/*.browser-spec.ts'],
  globalSetup: '<rootDir>/frontends/portal/test/browser/global-setup.js',
  globalTeardown: '<rootDir>/services/api/test/support/global-teardown.js',
  setupFilesAfterEnv: ['<rootDir>/scripts/test/retry-once.js'],
};
/** The projects that start the app clone the run's seeded templates (services/api/test/support/test-templates.ts). */
const templates = {
  globalSetup: '<rootDir>/services/api/test/support/global-setup.js',
  globalTeardown: '<rootDir>/services/api/test/support/global-teardown.js',
  setupFilesAfterEnv: ['<rootDir>/scripts/test/retry-once.js'],
};
module.exports = {
  testTimeout: 60000,
  // two test files at a time even on 2 cores (jest's default there is one): an e2e file waits on PostgreSQL,
  // Redis and Chromium much of its time. Each file is isolated: own database, Redis prefix, exchanges, free ports.
  maxWorkers: 2,
  // the longest files first, also in a clean clone (CI) where jest knows no file's time yet
  testSequencer: '<rootDir>/scripts/test/longest-first-sequencer.js',
  // a test that passed only on its retry is named at the end of the run (artifacts/retried-tests.json)
  reporters: ['default', '<rootDir>/scripts/test/retried-reporter.js'],
  // a test file leaves its module registry behind (the app's graph: 70–100 MB a file); a worker above this after a
  // file is replaced, instead of collecting an ever larger heap through the 80-odd files it runs
  workerIdleMemoryLimit: '1GB',
  projects: [
    { ...base, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    { ...base, ...templates, displayName: 'int', testMatch: ['**/*.int-spec.ts'] },
    // the e2e files may also clone the demo template (read-access.e2e-spec.ts), built once a run
    {
      ...base,
      ...templates,
      displayName: 'e2e',
      testMatch: ['**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/services/api/test/support/global-setup-demo.js',
    },
    portal,
    browser,
  ],
};

// `npm test` runs the server and component files in groups that share a module registry (scripts/test/test-groups.js)
const { groupingWanted, groupProjects } = require('./scripts/test/test-groups');
if (groupingWanted() && process.env.JEST_WORKER_ID === undefined) {
  module.exports.projects = groupProjects(module.exports.projects, __dirname, {
    unit: ['.spec.ts'],
    int: ['.int-spec.ts'],
    e2e: ['.e2e-spec.ts'],
    portal: ['.spec.tsx', /^frontends\/.*\.spec\.ts$/],
  });
}
