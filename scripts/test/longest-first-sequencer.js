/**
 * Jest's order of the test files: the longest first, so that the two workers finish together (a long file
 * started last keeps one worker busy while the other idles). Jest's own sequencer knows a file's time only from an
 * earlier run in the same directory (its cache), and otherwise goes by file size, which puts the browser stories
 * (short files that import their parts, each about a minute) last in a clean clone, as in CI. Here a file without
 * a recorded time gets its project's typical time (measured on this 2-core machine), then the size breaks the tie.
 * Files that failed last time still come first.
 *
 * The browser stories are not run two at a time where it can be helped: each drives a Chromium and a whole
 * product, and two of them side by side on 2 cores slow each other's every page (and make their waits the
 * flakiest). After each story come the other long files (e2e, int) of about its time, so one worker tends to run
 * the stories while the other runs the rest, and the short files fill the end.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { groupMembers } = require('./test-groups');

/** typical seconds of a file of each project (browser stories 50–110 s, e2e files 10–50 s, …) */
const TYPICAL_SECONDS = { browser: 60, e2e: 20, int: 6, portal: 3, unit: 0.5 };

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const sizes = new Map();
    const size = (test) => {
      if (!sizes.has(test.path)) sizes.set(test.path, test.context.hasteFS.getSize(test.path) ?? 0);
      return sizes.get(test.path);
    };
    const estimates = new Map();
    const expected = (test) => {
      if (!estimates.has(test.path)) estimates.set(test.path, this.estimate(test));
      return estimates.get(test.path);
    };
    const longestFirst = (a, b) => expected(b) - expected(a) || size(b) - size(a);
    const failed = tests.filter((t) => this.hasFailed(t)).sort(longestFirst);
    const rest = tests.filter((t) => !this.hasFailed(t));
    const browser = rest.filter((t) => t.context.config.displayName?.name === 'browser').sort(longestFirst);
    const others = rest.filter((t) => t.context.config.displayName?.name !== 'browser').sort(longestFirst);
    const order = [...failed];
    let o = 0;
    for (const story of browser) {
      order.push(story);
      // the other worker's share while this story runs: long files adding up to about the story's time
      let share = 0;
      while (o < others.length && share < expected(story) && expected(others[o]) >= 5000) {
        share += expected(others[o]);
        order.push(others[o++]);
      }
    }
    return [...order, ...others.slice(o)];
  }

  /** a file's expected milliseconds: its recorded time, else its project's typical time */
  estimate(test) {
    const recorded = this.time(test);
    if (recorded != null) return recorded;
    const name = test.context.config.displayName?.name;
    // a group of `npm test` (test-groups.js): its members' typical time
    return (TYPICAL_SECONDS[name] ?? 1) * 1000 * (groupMembers(test.path) ?? 1);
  }
}

module.exports = LongestFirstSequencer;
