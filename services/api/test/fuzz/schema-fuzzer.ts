/**
 * A schema-driven fuzzer for the GraphQL api. It reads the served schema by introspection, so an operation added
 * later is fuzzed without editing anything here; it calls every query and mutation as each caller (anonymous, a
 * user, an officer, an API token) with hostile values chosen per argument type from a seeded generator, and
 * reports every answer that is not a clear refusal or a success:
 *
 * - an HTTP status of 500 or more, or an error coded INTERNAL_SERVER_ERROR (or not coded at all);
 * - SQL or stack-trace text in an error;
 * - an event appended by a call that was refused (attributed by the call's own correlation id);
 * - an unhealthy server afterwards (`/health`, `/ready`).
 *
 * The same seed gives the same calls, so a finding is reproduced with `npm run fuzz -- --seed <seed>`; each finding
 * carries the operation, the caller and the values (long strings abbreviated).
 */
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isRequiredArgument,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

export interface FuzzCaller {
  name: string;
  /** bearer credential (session token or API access token); none for anonymous */
  token?: string;
  /** how many calls of each operation this caller makes per round */
  callsPerOperation: number;
}

export interface FuzzResponse {
  status: number;
  text: string;
}

/** What the fuzzer needs from the running app. */
export interface FuzzTarget {
  /** POST /graphql (or a raw body when `raw` is given) with the caller's token and an x-correlation-id */
  post(request: {
    body: unknown;
    raw?: string;
    contentType?: string;
    token?: string;
    correlationId: string;
  }): Promise<FuzzResponse>;
  get(path: string): Promise<FuzzResponse>;
  /** the store's head position, and the correlation ids of the events appended after a position */
  headPosition(): Promise<number>;
  correlationIdsAfter(position: number): Promise<Map<string, number>>;
}

export interface FuzzOptions {
  seed: number;
  callers: readonly FuzzCaller[];
  /** rounds over every operation (default 1) */
  rounds?: number;
  /** only operations whose name matches */
  only?: RegExp;
  /** progress lines */
  log?: (line: string) => void;
}

export interface FuzzFinding {
  operation: string;
  caller: string;
  call: number;
  problem: string;
  variables: string;
  answer: string;
}

export interface FuzzReport {
  seed: number;
  operations: number;
  calls: number;
  refused: number;
  succeeded: number;
  findings: FuzzFinding[];
  /** the operations that were called, by name */
  covered: string[];
}

// ------------------------------------------------------------------------------------------ seeded random

/** mulberry32: small, fast, and the same sequence for the same seed on every machine */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ------------------------------------------------------------------------------------------ hostile values

const LONG = 70_000;
const FORTY_DIGITS = '1234567890123456789012345678901234567890';

/** text the database refuses or mangles: NUL, other control characters, lone surrogates */
export const CONTROL_STRINGS: readonly string[] = [
  '\u0000',
  'null\u0000byte',
  'bell\u0007escape\u001b[31mdel\u007f',
  'c1\u0085\u009b',
  'lone \ud800 surrogate',
  'low \udfff first',
  // JSON texts (answers, configs, import files) whose escapes decode to the same
  '{"value":"\\u0000"}',
  '{"value":["a","\\u0001"]}',
  '{"value":"lone \\ud800"}',
  '"\\u0000"',
];

/** strings hostile to every other layer: empty, blank, huge, numbers out of range, broken JSON, SQL, markup */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  '   ',
  '\t\n ',
  'a'.repeat(LONG),
  '\u202eright-to-left',
  'zero\u200bwidth',
  '😀'.repeat(40),
  FORTY_DIGITS,
  `-${FORTY_DIGITS}`,
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '1e309',
  'NaN',
  '-1',
  '0',
  '0x1F',
  `${FORTY_DIGITS}:1`,
  `1:${FORTY_DIGITS}`,
  '-1:-1',
  ':',
  '2024-02-30',
  '2023-13-45T25:61:61Z',
  '{"broken": ',
  '[1, 2',
  '{"a":"\\u0000"}',
  "'; DROP TABLE events; --",
  '%_\\',
  '$1',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return process")()}}',
  'x'.repeat(300),
];

const PLAUSIBLE_STRINGS: readonly string[] = ['fuzz', '1', 'DEMO', 'a@example.com', 'en', 'Fuzz title'];

const HOSTILE_INTS: readonly number[] = [0, -1, 1, 2, 3, 2147483647, -2147483648, 999999, 65536];
const HOSTILE_FLOATS: readonly number[] = [
  0,
  -1,
  0.5,
  -0.5,
  1e308,
  -1e308,
  5e-324,
  2147483648.5,
  2 ** 53 + 2,
];

const HOSTILE_DATES: readonly unknown[] = [
  '2024-02-30T00:00:00Z',
  '2023-13-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-19T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1970-01-01T00:00:00Z',
  'not a date',
  '',
  8.64e15 + 1,
  -1,
];

/**
 * Texts of date arguments (`startsAfter`, `endsBefore`, `startsAt`, …) that JavaScript's Date.parse takes but
 * PostgreSQL refuses, or that Date holds and PostgreSQL does not: a filter checked with Date.parse and handed to SQL
 * as text fails on these (the experiments list did: INTERNAL_SERVER_ERROR).
 */
export const HOSTILE_DATE_TEXTS: readonly string[] = [
  '1',
  '-1',
  '0',
  '$1',
  '12',
  'fuzz 1',
  '2024-02-30',
  '2023-02-29T00:00:00Z',
  '2024-04-31T10:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '0000-01-01',
  '9999-12-31T23:59:59-14:00',
  '2024-01-01T24:00:00',
  'Tue Feb 30 2024',
  '2024/13/01',
];

/** a page's size or start (`first`, `offset`, `limit`): negative ones reach LIMIT/OFFSET unless refused or clamped */
const PAGE_NAME = /^(first|offset|limit|skip|take)$/;
const HOSTILE_PAGE_INTS: readonly number[] = [-1, -2147483648, 2147483647, 0];

/** an argument or input field that carries an instant as text */
const DATE_TEXT_NAME = /(At|After|Before|Date|Since|Until)$/;

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const HOSTILE_JSON: readonly (() => unknown)[] = [
  () => '{"broken": ',
  () => '',
  () => null,
  () => 0,
  () => -1,
  () => 1e308,
  () => FORTY_DIGITS,
  () => true,
  () => [],
  () => ({}),
  () => ({ a: '\u0000' }),
  () => ({ '\u0000key': 1 }),
  () => ({ text: 'lone \ud800' }),
  () => ['\u0000', { b: ['\u0001'] }],
  () => nested(40),
  () => nested(300),
  () => Array.from({ length: 5000 }, (_, i) => i),
  () => JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
  () => ({ value: FORTY_DIGITS, id: FORTY_DIGITS, questionId: '\u0000', min: -1e308, max: 1e308 }),
  () => ({ value: 'a'.repeat(LONG) }),
];

/** the most values a generated list holds */
const LONG_LIST = 2000;

/**
 * How a value is chosen: `plausible` (small ids, ordinary words, so a call gets past validation), `hostile` (from
 * the hostile pools of its type) or `control` (every text, JSON texts and keys included, carries a control
 * character or a lone surrogate; other values plausible).
 */
export type ValueMode = 'plausible' | 'hostile' | 'control';

const CONTROL_JSON: readonly (() => unknown)[] = [
  () => ({ a: '\u0000' }),
  () => ({ '\u0000key': 1 }),
  () => ({ text: 'lone \ud800' }),
  () => ['ok', { b: ['\u0001'] }],
  () => 'null\u0000byte',
];

export class ValueGenerator {
  constructor(private readonly random: Random) {}

  /** a value of `type` chosen as `mode` says */
  value(type: GraphQLInputType, mode: ValueMode, depth = 0, name = ''): unknown {
    if (isNonNullType(type)) return this.value(type.ofType, mode, depth, name);
    const r = this.random;
    if (isListType(type)) {
      if (mode !== 'hostile') return [this.value(type.ofType, mode, depth + 1, name)];
      const shape = r.int(4);
      if (shape === 0) return [];
      if (shape === 1) {
        const item = this.value(type.ofType, 'plausible', depth + 1);
        return Array.from({ length: LONG_LIST }, () => item);
      }
      return Array.from({ length: 1 + r.int(3) }, () => this.value(type.ofType, 'hostile', depth + 1));
    }
    if (isInputObjectType(type)) {
      const out: Record<string, unknown> = {};
      for (const field of Object.values(type.getFields())) {
        const required = isNonNullType(field.type) && field.defaultValue === undefined;
        if (!required && (depth > 4 || r.chance(0.3))) continue;
        const fieldMode = mode === 'hostile' && r.chance(0.5) ? 'plausible' : mode;
        out[field.name] = this.value(field.type, fieldMode, depth + 1, field.name);
      }
      return out;
    }
    if (isEnumType(type)) return r.pick(type.getValues().map((v) => v.value as string)); // often the wrong context
    if (!isScalarType(type)) return null;
    switch (type.name) {
      case 'String':
      case 'ID':
        if (mode === 'control') return r.pick(CONTROL_STRINGS);
        if (type.name === 'String' && DATE_TEXT_NAME.test(name)) {
          // a date as text: an ISO instant to get past validation, or one Date.parse takes and SQL does not
          if (mode === 'plausible') return r.pick(['2030-01-01T00:00:00.000Z', '2024-06-30']);
          return r.chance(0.7) ? r.pick(HOSTILE_DATE_TEXTS) : r.pick(HOSTILE_STRINGS);
        }
        if (mode === 'plausible')
          return r.pick(type.name === 'ID' ? ['1', '2', '999999'] : PLAUSIBLE_STRINGS);
        return r.chance(0.3) ? r.pick(CONTROL_STRINGS) : r.pick(HOSTILE_STRINGS);
      case 'Int':
        if (mode === 'hostile' && PAGE_NAME.test(name) && r.chance(0.7)) return r.pick(HOSTILE_PAGE_INTS);
        return mode === 'hostile' ? r.pick(HOSTILE_INTS) : r.pick([1, 2, 3]);
      case 'Float':
        return mode === 'hostile' ? r.pick(HOSTILE_FLOATS) : r.pick([1, 2.5]);
      case 'Boolean':
        return r.chance(0.5);
      case 'DateTime':
        return mode === 'hostile' ? r.pick(HOSTILE_DATES) : '2030-01-01T00:00:00.000Z';
      default:
        // JSON and any scalar added later: JSON-shaped hostility
        if (mode === 'control') return r.pick(CONTROL_JSON)();
        return mode === 'hostile' ? r.pick(HOSTILE_JSON)() : {};
    }
  }

  /**
   * The variables of one call: `target` (an argument name) hostile and the others plausible, or every argument
   * hostile (`*all`), or every text a control character (`*control`).
   */
  variables(args: readonly GraphQLArgument[], target: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const arg of args) {
      const mode: ValueMode =
        target === '*control'
          ? 'control'
          : target === '*all' || arg.name === target
            ? 'hostile'
            : 'plausible';
      if (!isRequiredArgument(arg) && mode === 'plausible' && this.random.chance(0.5)) continue;
      out[arg.name] = this.value(arg.type, mode, 0, arg.name);
    }
    return out;
  }
}

// ------------------------------------------------------------------------------------------ documents

function typeString(type: GraphQLInputType): string {
  return type.toString();
}

function leafSelection(type: GraphQLObjectType): string[] {
  return Object.values(type.getFields())
    .filter((f) => isLeafType(getNamedType(f.type)) && !f.args.some(isRequiredArgument))
    .map((f) => f.name);
}

/** a selection of the return type: its leaf fields and those of its object fields, one level down */
export function selectionOf(type: GraphQLNamedType): string {
  if (isLeafType(type)) return '';
  if (!isObjectType(type)) return '{ __typename }';
  const parts = ['__typename', ...leafSelection(type)];
  for (const field of Object.values(type.getFields())) {
    const named = getNamedType(field.type);
    if (!isObjectType(named) || field.args.some(isRequiredArgument)) continue;
    parts.push(`${field.name} { ${['__typename', ...leafSelection(named)].join(' ')} }`);
  }
  return `{ ${parts.join(' ')} }`;
}

export function documentOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const defs = field.args.map((a) => `$${a.name}: ${typeString(a.type)}`);
  const call = field.args.map((a) => `${a.name}: $${a.name}`);
  const head = defs.length ? `${kind} Fuzz(${defs.join(', ')})` : `${kind} Fuzz`;
  const args = call.length ? `(${call.join(', ')})` : '';
  return `${head} { ${field.name}${args} ${selectionOf(getNamedType(field.type))} }`;
}

// ------------------------------------------------------------------------------------------ checks

/** text that must never reach a client: SQL, driver errors, stack frames, JavaScript faults */
const LEAKS: readonly RegExp[] = [
  /syntax error at or near/i,
  /violates (not-null|foreign key|unique|check) constraint/i,
  /duplicate key value/i,
  /invalid input syntax for/i,
  /invalid byte sequence/i,
  /unsupported Unicode escape/i,
  /out of range for type/i,
  /(relation|column) "[^"]+" does not exist/i,
  /\bSELECT\s+[\w*.,\s]+\s+FROM\s+\w+/i,
  /\bINSERT\s+INTO\s+\w+/i,
  /\bat [\w.<>]+ \(?[^\s()]+:\d+:\d+\)?/,
  /node_modules\//,
  /Cannot read propert/i,
  /is not a function/i,
  /Maximum call stack/i,
  /\bstacktrace\b/i,
];

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; path?: unknown[]; extensions?: Record<string, unknown> }[];
}

/** the problems of one answer, none when it is a success or a clear refusal */
export function problemsOf(response: FuzzResponse): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`HTTP ${response.status}`);
  let body: GraphqlBody | null = null;
  try {
    body = JSON.parse(response.text) as GraphqlBody;
  } catch {
    problems.push('the answer is not JSON');
  }
  const errorText = body?.errors ? JSON.stringify(body.errors) : body ? '' : response.text;
  for (const error of body?.errors ?? []) {
    const code = error.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR') problems.push(`INTERNAL_SERVER_ERROR "${error.message}"`);
    else if (typeof code !== 'string') problems.push(`an error without a code: "${error.message}"`);
  }
  for (const pattern of LEAKS) {
    const match = pattern.exec(errorText);
    if (match) problems.push(`internals in the answer: ${JSON.stringify(match[0])}`);
  }
  return problems;
}

/** whether the answer refused the call (an error on the root field, or an HTTP error) */
export function isRefusal(response: FuzzResponse, operation: string): boolean {
  if (response.status >= 400) return true;
  try {
    const body = JSON.parse(response.text) as GraphqlBody;
    return (body.errors ?? []).some((e) => !e.path || (e.path.length === 1 && e.path[0] === operation));
  } catch {
    return true;
  }
}

/** values printable in a report: long strings abbreviated, control characters escaped */
export function describeValues(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string' && v.length > 60) {
      const same = v.split('').every((c) => c === v[0]);
      return same ? `<${JSON.stringify(v[0])} × ${v.length}>` : `${v.slice(0, 40)}… <${v.length} chars>`;
    }
    if (Array.isArray(v) && v.length > 20) return [`<${v.length} items like>`, v[0]];
    return v;
  });
}

// ------------------------------------------------------------------------------------------ the campaign

export async function introspect(target: FuzzTarget, token?: string): Promise<GraphQLSchema> {
  const res = await target.post({
    body: { query: getIntrospectionQuery() },
    token,
    correlationId: 'fuzz-introspection',
  });
  const body = JSON.parse(res.text) as { data?: IntrospectionQuery; errors?: unknown };
  if (!body.data) throw new Error(`introspection failed: ${res.status} ${res.text.slice(0, 500)}`);
  return buildClientSchema(body.data);
}

/**
 * Operations the campaign does not call: `prepareDB` empties the store the campaign fuzzes with (the rest of the
 * run would meet an empty store, and calls racing its reset meet dropped tables); its refusals (other roles,
 * outside development and test mode) are checked in `demo-seed.e2e-spec.ts`.
 */
export const NOT_FUZZED: ReadonlySet<string> = new Set(['prepareDB']);

/** the root fields of the schema: queries first, then mutations (introspection, subscriptions and NOT_FUZZED left out) */
export function operationsOf(
  schema: GraphQLSchema,
): { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[] {
  const out: { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[] = [];
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {}))
    if (!NOT_FUZZED.has(field.name)) out.push({ kind: 'query', field });
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {}))
    if (!NOT_FUZZED.has(field.name)) out.push({ kind: 'mutation', field });
  return out;
}

/** requests at the HTTP edge: broken JSON, oversized and odd bodies */
function rawProbes(): { name: string; raw: string; contentType?: string }[] {
  return [
    { name: 'broken JSON body', raw: '{"query": "{ __typename }", ' },
    { name: 'empty body', raw: '' },
    {
      name: 'a body over the size limit',
      raw: JSON.stringify({ query: '{ __typename }', variables: { x: 'a'.repeat(300_000) } }),
    },
    { name: 'query is not a string', raw: JSON.stringify({ query: 5 }) },
    { name: 'variables are not an object', raw: JSON.stringify({ query: '{ __typename }', variables: [1] }) },
    { name: 'a batch', raw: JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]) },
    { name: 'NUL in the query text', raw: JSON.stringify({ query: '{ __typename \u0000 }' }) },
    { name: 'text/plain body', raw: '{ __typename }', contentType: 'text/plain' },
    {
      name: 'deeply nested JSON body',
      raw: `{"query":"{ __typename }","variables":{"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`,
    },
  ];
}

export async function fuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const random = new Random(options.seed);
  const officer = options.callers.find((c) => c.name === 'officer')?.token;
  const schema = await introspect(target, officer);
  const generator = new ValueGenerator(random);
  const operations = operationsOf(schema).filter((o) => !options.only || options.only.test(o.field.name));
  const findings: FuzzFinding[] = [];
  const refusedCalls = new Map<
    string,
    { operation: string; caller: string; call: number; variables: string }
  >();
  const start = await target.headPosition();
  let calls = 0;
  let refused = 0;
  let succeeded = 0;
  const runId = `fuzz-${options.seed}-${Date.now().toString(36)}`;

  for (const probe of rawProbes()) {
    const correlationId = `${runId}-raw-${++calls}`;
    const res = await target.post({
      body: null,
      raw: probe.raw,
      contentType: probe.contentType,
      correlationId,
    });
    const problems = res.status >= 500 ? [`HTTP ${res.status}`] : [];
    if (res.status < 500 && res.status >= 400 && /\bat \S+ \(|node_modules\//.test(res.text))
      problems.push('a stack in the answer');
    for (const problem of problems)
      findings.push({
        operation: '(HTTP)',
        caller: 'anonymous',
        call: calls,
        problem,
        variables: probe.name,
        answer: res.text.slice(0, 300),
      });
  }

  const rounds = options.rounds ?? 1;
  for (let round = 0; round < rounds; round++) {
    // every caller on every operation, in an order the seed decides (mutations after queries within a round)
    const plan: { op: (typeof operations)[number]; caller: FuzzCaller }[] = [];
    for (const op of operations)
      for (const caller of options.callers)
        for (let i = 0; i < caller.callsPerOperation; i++) plan.push({ op, caller });
    for (let i = plan.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [plan[i], plan[j]] = [plan[j], plan[i]];
    }
    plan.sort((a, b) => (a.op.kind === b.op.kind ? 0 : a.op.kind === 'query' ? -1 : 1));

    for (const { op, caller } of plan) {
      const { field, kind } = op;
      // a third of the calls carry control characters in every text; the others one hostile argument, or all
      const targets = field.args.map((a) => a.name);
      const dice = random.next();
      const targetArg =
        dice < 0.35 ? '*control' : targets.length === 0 || dice > 0.85 ? '*all' : random.pick(targets);
      const variables = generator.variables(field.args, targetArg);
      const correlationId = `${runId}-${++calls}`;
      const res = await target.post({
        body: { query: documentOf(kind, field), variables },
        token: caller.token,
        correlationId,
      });
      const described = describeValues(variables);
      for (const problem of problemsOf(res)) {
        findings.push({
          operation: field.name,
          caller: caller.name,
          call: calls,
          problem,
          variables: described,
          answer: res.text.slice(0, 400),
        });
      }
      if (isRefusal(res, field.name)) {
        refused++;
        refusedCalls.set(correlationId, {
          operation: field.name,
          caller: caller.name,
          call: calls,
          variables: described,
        });
      } else succeeded++;
      if (calls % 200 === 0) log(`${calls} calls, ${findings.length} findings`);
    }
  }

  // a refused call appends nothing: no event carries its correlation id
  const appended = await target.correlationIdsAfter(start);
  for (const [correlationId, count] of appended) {
    const call = refusedCalls.get(correlationId);
    if (call) findings.push({ ...call, problem: `a refused call appended ${count} event(s)`, answer: '' });
  }

  // the server is healthy after
  for (const path of ['/health', '/ready']) {
    const res = await target.get(path);
    if (res.status !== 200)
      findings.push({
        operation: `GET ${path}`,
        caller: 'anonymous',
        call: 0,
        problem: `HTTP ${res.status} after the campaign`,
        variables: '',
        answer: res.text.slice(0, 400),
      });
  }

  return {
    seed: options.seed,
    operations: operations.length,
    calls,
    refused,
    succeeded,
    findings,
    covered: operations.map((o) => o.field.name),
  };
}

/** a report of the findings, one block per finding, with what reproduces it */
export function formatFindings(report: FuzzReport): string {
  return report.findings
    .map(
      (f) =>
        `${f.operation} as ${f.caller} (seed ${report.seed}, call ${f.call}): ${f.problem}\n  variables: ${f.variables}\n  answer: ${f.answer}`,
    )
    .join('\n');
}
