/**
 * Jest's order of the test files: the longest first, so that the two workers finish together (a long file
 * started last keeps one worker busy while the other idles). Jest's own sequencer knows a file's time only from an
 * earlier run in the same directory (its cache), and otherwise goes by file size, which puts the browser stories
 * (short files that import their parts, each about a minute) last in a clean clone, as in CI. Here a file without
 * a recorded time gets its project's typical time (measured on this 2-core machine), then the size breaks the tie.
 * Files that failed last time still come first.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** typical seconds of a file of each project (browser stories 50–110 s, e2e files 10–50 s, …) */
const TYPICAL_SECONDS = { browser: 60, e2e: 20, int: 6, portal: 3, unit: 0.5 };

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const sizes = new Map();
    const size = (test) => {
      if (!sizes.has(test.path)) sizes.set(test.path, test.context.hasteFS.getSize(test.path) ?? 0);
      return sizes.get(test.path);
    };
    const expected = (test) => {
      const recorded = this.time(test);
      if (recorded != null) return recorded;
      const name = test.context.config.displayName?.name;
      return (TYPICAL_SECONDS[name] ?? 1) * 1000;
    };
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      return expected(b) - expected(a) || size(b) - size(a);
    });
  }
}

module.exports = LongestFirstSequencer;
