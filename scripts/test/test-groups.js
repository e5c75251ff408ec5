/**
 * `npm test` runs the unit, int, e2e and portal files in groups: one jest test file per group that requires its
 * members, each inside a `describe` named by the member's path (so a member's top-level hooks stay its own, and a
 * failure names the member). A group's members share one module registry: the app's module graph (NestJS, graphql,
 * the modules; MUI and react-admin in the portal) is evaluated once a group instead of once a file, which cost
 * 1.5 CPU-s an e2e file and 0.6–0.9 CPU-s a component file on this 2-core machine.
 *
 * A file that changes the module registry or globals for the files after it runs alone, as before: `jest.mock`,
 * fake timers, spies, an `@jest-environment` docblock, an assignment to `process.env`, or the marker
 * `@jest-alone` in the file. The browser stories are not grouped (each is a product and a Chromium of its own).
 *
 * Grouping is on when UO_TEST_GROUPS=1 (the `test` script) and the command names no test file: `npx jest <file>` and
 * `npm test -- <file>` run that file as written. The group files are written to artifacts/test-groups at each run.
 */
const { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const GROUPS_DIR = 'artifacts/test-groups';
/** the line of a group file that gives its member count (read by the sequencer) */
const MEMBERS_MARK = '// members: ';
/** what makes a file unfit to share its module registry with others */
const ALONE =
  /jest\.(mock|unstable_mockModule|doMock|useFakeTimers|spyOn|isolateModules|resetModules|replaceProperty)\b|@jest-environment|@jest-alone|process\.env\.\w+\s*=[^=]|process\.env\[[^\]]+\]\s*=[^=]/;
/** groups per project: enough that the two workers stay balanced, few enough to share the registry widely */
const GROUPS = { unit: 2, int: 2, e2e: 10, portal: 5 };
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', 'coverage', 'artifacts', '.data']);

/** jest's options whose value comes as the next argument and names no test file */
const VALUED = new Set([
  '--outputFile',
  '--config',
  '-c',
  '--selectProjects',
  '-t',
  '--testNamePattern',
  '--shard',
]);

/** whether this jest invocation runs in groups */
function groupingWanted(argv = process.argv.slice(2)) {
  if (process.env.UO_TEST_GROUPS !== '1') return false;
  // a named file or path pattern (`jest foo.e2e-spec.ts`, `--testPathPatterns x`) runs the files themselves
  const namesFiles = argv.some(
    (a, i) =>
      /^--(testPath|runTestsByPath|findRelatedTests)/.test(a) ||
      (!a.startsWith('-') && !VALUED.has(argv[i - 1])),
  );
  return !namesFiles;
}

function walk(dir, out) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) walk(join(dir, e.name), out);
    } else out.push(join(dir, e.name));
  }
  return out;
}

/** the members into `count` groups of about equal size in bytes (largest first, each to the lightest group) */
function partition(files, count) {
  const groups = Array.from({ length: Math.min(count, files.length) }, () => ({ bytes: 0, files: [] }));
  const sized = files.map((f) => ({ f, bytes: statSync(f).size })).sort((a, b) => b.bytes - a.bytes);
  for (const { f, bytes } of sized) {
    const lightest = groups.reduce((min, g) => (g.bytes < min.bytes ? g : min));
    lightest.bytes += bytes;
    lightest.files.push(f);
  }
  return groups.map((g) => g.files.sort());
}

function groupSource(rootDir, name, files) {
  const members = files.map((f) => relative(rootDir, f));
  return [
    `// written by scripts/test/test-groups.js for \`npm test\`: ${name}, files that share one module registry`,
    `${MEMBERS_MARK}${members.length}`,
    "const { join } = require('node:path');",
    `const root = ${JSON.stringify(rootDir)};`,
    `for (const file of ${JSON.stringify(members, null, 2)}) {`,
    '  describe(file, () => {',
    '    require(join(root, file));',
    '  });',
    '}',
    '',
  ].join('\n');
}

/**
 * The projects with the groupable ones rewritten: their testMatch becomes their group files (written now) and the
 * files that must run alone. `suffixes` per project name: the file name endings its testMatch selects.
 */
function groupProjects(projects, rootDir, suffixes) {
  const dir = join(rootDir, GROUPS_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return projects.map((project) => {
    const name = project.displayName;
    const ends = suffixes[name];
    if (!ends || !GROUPS[name]) return project;
    const roots = project.roots.map((r) => r.replace('<rootDir>', rootDir));
    const files = roots
      .flatMap((r) => walk(r, []))
      .filter((f) => ends.some((e) => (typeof e === 'string' ? f.endsWith(e) : e.test(relative(rootDir, f)))))
      .sort();
    const alone = files.filter((f) => ALONE.test(readFileSync(f, 'utf8')));
    const grouped = files.filter((f) => !alone.includes(f));
    const groups = partition(grouped, GROUPS[name]);
    const groupFiles = groups.map((members, i) => {
      const file = join(dir, `${name}-${String(i + 1).padStart(2, '0')}.group.cjs`);
      writeFileSync(file, groupSource(rootDir, `${name} group ${i + 1} of ${groups.length}`, members));
      return file;
    });
    return {
      ...project,
      roots: [...project.roots, `<rootDir>/${GROUPS_DIR}`],
      testMatch: [...groupFiles, ...alone],
    };
  });
}

/** a group file's member count, or null for a file that is not a group (the sequencer's estimate) */
function groupMembers(path) {
  if (!path.endsWith('.group.cjs')) return null;
  const line = readFileSync(path, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(MEMBERS_MARK));
  return line ? Number(line.slice(MEMBERS_MARK.length)) : null;
}

module.exports = { groupingWanted, groupProjects, groupMembers };
