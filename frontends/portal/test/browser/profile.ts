/**
 * UO_BROWSER_PROFILE=1: where a browser test spends its time. Wraps the async methods of playwright's Page and
 * Locator once and adds each call's time to its method and the test line that made it; `report()` prints the
 * largest. For finding slow steps by hand (`UO_BROWSER_PROFILE=1 npx jest <file>`), never on in the suite.
 */
const totals = new Map<string, { ms: number; calls: number }>();
const patched = new WeakSet<object>();
const PAGE = [
  'goto',
  'reload',
  'waitForURL',
  'waitForLoadState',
  'waitForFunction',
  'waitForTimeout',
  'screenshot',
  'evaluate',
  'addScriptTag',
  'waitForResponse',
  'waitForEvent',
];
const LOCATOR = [
  'click',
  'dblclick',
  'fill',
  'press',
  'check',
  'uncheck',
  'hover',
  'waitFor',
  'isVisible',
  'count',
  'boundingBox',
  'textContent',
  'innerText',
  'allTextContents',
  'selectOption',
  'setInputFiles',
  'inputValue',
  'isChecked',
  'isDisabled',
  'isEnabled',
  'getAttribute',
  'scrollIntoViewIfNeeded',
  'focus',
  'blur',
];

export const profiling = process.env.UO_BROWSER_PROFILE === '1';

function caller(): string {
  const lines = (new Error().stack ?? '').split('\n').slice(3);
  const line = lines.find(
    (l) => /browser[-/]|-steps\.ts|-story\.ts/.test(l) && !l.includes('browser/profile'),
  );
  return line?.replace(/^.*\/(frontends\/[^:]+:\d+).*$/, '$1') ?? '?';
}

export function add(key: string, ms: number): void {
  const entry = totals.get(key) ?? { ms: 0, calls: 0 };
  entry.ms += ms;
  entry.calls += 1;
  totals.set(key, entry);
}

function wrap(proto: Record<string, unknown>, names: string[], kind: string): void {
  if (patched.has(proto)) return;
  patched.add(proto);
  for (const name of names) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    proto[name] = async function (this: unknown, ...args: unknown[]) {
      const at = caller();
      const start = performance.now();
      try {
        return await (original as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } finally {
        const ms = performance.now() - start;
        add(`${kind}.${name}`, ms);
        add(`@ ${at} ${kind}.${name}`, ms);
      }
    };
  }
}

/** patches the prototypes of this page and of its locators (once) */
export function profilePage(page: { locator(s: string): object }): void {
  if (!profiling) return;
  wrap(Object.getPrototypeOf(page), PAGE, 'page');
  wrap(Object.getPrototypeOf(page.locator('body')), LOCATOR, 'locator');
}

/** times a step of our own (a login, a product start) */
export async function timed<T>(key: string, fn: () => Promise<T>): Promise<T> {
  if (!profiling) return fn();
  const start = performance.now();
  try {
    return await fn();
  } finally {
    add(`step ${key}`, performance.now() - start);
  }
}

export function report(label: string): void {
  if (!profiling) return;
  const rows = [...totals.entries()].sort((a, b) => b[1].ms - a[1].ms);
  const fmt = ([k, v]: [string, { ms: number; calls: number }]) =>
    `${(v.ms / 1000).toFixed(1).padStart(7)} s ${String(v.calls).padStart(5)}×  ${k}`;
  const methods = rows.filter(([k]) => !k.startsWith('@')).map(fmt);
  const lines = rows
    .filter(([k]) => k.startsWith('@'))
    .slice(0, 30)
    .map(fmt);
  process.stderr.write(
    `\n== browser profile: ${label}\n${methods.join('\n')}\n-- by line\n${lines.join('\n')}\n`,
  );
}
