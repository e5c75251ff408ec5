// Architecture rules of CONVENTIONS.md ("Module boundaries are checked in CI"), checked by `npm run lint`:
//   depcruise --config .dependency-cruiser.cjs services/api/src contracts/src
// Paths are relative to the repository root. Type-only imports count (tsPreCompilationDeps).

const API = '^services/api/src';
const MODULES = `${API}/modules`;
const PLATFORM = `${API}/platform`;

// Test code: unit, integration and end-to-end specs, shared contract suites and test support.
const SPEC_FILES = '\\.(spec|int-spec|e2e-spec)\\.tsx?$';
const CONTRACT_FILES = '\\.contract\\.tsx?$';
const TEST_SUPPORT = '(^|/)test/support/';
const TEST_CODE = [SPEC_FILES, CONTRACT_FILES, TEST_SUPPORT];

// npm packages, whether resolved into node_modules or (when missing) left as the bare specifier.
const npm = (...names) => `^(node_modules/)?(${names.join('|')})(/|$)`;
const FRAMEWORK_AND_INFRA = npm('@nestjs/[^/]+', 'pg', '@electric-sql/[^/]+', 'bullmq');
// Server-only packages the api uses; contracts/ is shared with the browser.
const SERVER_ONLY = npm(
  '@nestjs/[^/]+',
  'pg',
  '@electric-sql/[^/]+',
  'bullmq',
  'ioredis',
  '@kurrent/[^/]+',
  'express',
  '@apollo/[^/]+',
  '@as-integrations/[^/]+',
  'jsonwebtoken',
  'pino',
  'pino-http',
  'nestjs-pino',
  'prom-client',
  'reflect-metadata',
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // (a)
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Circular dependencies make load order fragile (NestJS DI, decorators) and blur layers.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing (typo, missing package, path alias not mapped).',
      from: {},
      to: { couldNotResolve: true },
    },

    // (b) contracts/ is shared by the browser and the server.
    {
      name: 'contracts-not-to-services',
      severity: 'error',
      comment: 'contracts/ is the shared vocabulary: it imports nothing from services/.',
      from: { path: '^contracts/src' },
      to: { path: '^services/' },
    },
    {
      name: 'contracts-not-to-node-builtins',
      severity: 'error',
      comment: 'contracts/ runs in the browser too: no node builtins (node:fs, node:crypto, ...).',
      from: { path: '^contracts/src' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contracts-not-to-server-packages',
      severity: 'error',
      comment: 'contracts/ runs in the browser too: no NestJS, database, queue or other server-only package.',
      from: { path: '^contracts/src' },
      to: { path: SERVER_ONLY },
    },
    {
      name: 'contracts-only-own-dependencies',
      severity: 'error',
      comment: 'contracts/ may use only packages listed in contracts/package.json.',
      from: { path: '^contracts/src', pathNot: TEST_CODE },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown', 'npm-dev'] },
    },

    // (c)
    {
      name: 'platform-not-to-modules',
      severity: 'error',
      comment: 'platform/ is domain-free plumbing: it never imports a domain module.',
      from: { path: `${PLATFORM}/` },
      to: { path: `${MODULES}/` },
    },

    // (d)
    {
      name: 'modules-only-through-index',
      severity: 'error',
      comment: 'A module reaches another module only through its public face, modules/<y>/index.ts.',
      from: { path: `${MODULES}/([^/]+)/` },
      to: {
        path: `${MODULES}/[^/]+/`,
        pathNot: [`${MODULES}/$1/`, `${MODULES}/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'app-to-modules-only-through-index',
      severity: 'error',
      comment:
        'Outside modules/, production code (app.module, main, ...) also uses only modules/<y>/index.ts.',
      from: { path: `${API}/`, pathNot: [`${MODULES}/`, ...TEST_CODE] },
      to: { path: `${MODULES}/[^/]+/`, pathNot: `${MODULES}/[^/]+/index\\.ts$` },
    },

    // (e) pure core: deciders and evolve import nothing from NestJS, the database or the queue.
    {
      name: 'domain-not-to-framework',
      severity: 'error',
      comment: 'modules/*/domain is pure: no NestJS, pg, PGlite or BullMQ.',
      from: { path: `${MODULES}/[^/]+/domain/` },
      to: { path: FRAMEWORK_AND_INFRA },
    },
    {
      name: 'domain-not-to-framework-transitively',
      severity: 'error',
      comment:
        'modules/*/domain is pure: nothing it imports may in turn reach NestJS, pg, PGlite or BullMQ ' +
        '(e.g. an impure file in platform/errors, the <context>.module.ts, another module).',
      from: { path: `${MODULES}/[^/]+/domain/`, pathNot: TEST_CODE },
      to: { path: FRAMEWORK_AND_INFRA, reachable: true },
    },
    {
      name: 'domain-not-to-platform',
      severity: 'error',
      comment:
        'modules/*/domain may use only the pure platform files: cqrs/event-sourcing.ts (Decider type), grow-only-set.ts, ' +
        'event-store/event-store.port.ts, errors/ and validation/sanitize-html-lazy.ts.',
      from: { path: `${MODULES}/[^/]+/domain/` },
      to: {
        path: `${PLATFORM}/`,
        pathNot: [
          `${PLATFORM}/cqrs/event-sourcing\\.ts$`,
          `${PLATFORM}/cqrs/grow-only-set\\.ts$`,
          // a pure function (sanitize-html loaded on its first use), as the package itself was before
          `${PLATFORM}/validation/sanitize-html-lazy\\.ts$`,
          `${PLATFORM}/event-store/event-store\\.port\\.ts$`,
          `${PLATFORM}/errors/`,
        ],
      },
    },
    {
      name: 'domain-not-to-shell',
      severity: 'error',
      comment: "modules/*/domain imports nothing from its module's commands/, read-models/ or reactions/.",
      from: { path: `${MODULES}/([^/]+)/domain/` },
      to: { path: `${MODULES}/$1/(commands|read-models|reactions)/` },
    },

    // (f)
    {
      name: 'production-not-to-tests',
      severity: 'error',
      comment: 'Production code never imports specs or test support.',
      from: { pathNot: TEST_CODE },
      to: { path: [SPEC_FILES, TEST_SUPPORT] },
    },
    {
      name: 'contracts-suites-only-from-specs',
      severity: 'error',
      comment: 'A contract suite (*.contract.ts) is run by spec files only.',
      from: { pathNot: SPEC_FILES },
      to: { path: CONTRACT_FILES },
    },
  ],

  options: {
    doNotFollow: { path: 'node_modules' },
    // build output of our own packages only (not node_modules/<pkg>/dist/, which is how many packages resolve)
    exclude: { path: '^(contracts|services/[^/]+|frontends/[^/]+)/(dist|build|coverage|\\.data)/' },
    moduleSystems: ['cjs', 'es6', 'tsd'],
    // count `import type` too: a domain file must not even name a NestJS type
    tsPreCompilationDeps: true,
    // the root tsconfig maps `@user-office/contracts` to contracts/src/index.ts (as services/api/tsconfig.json does)
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.cjs', '.mjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
