import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import {
  MAX_JSON_DEPTH,
  NORMALISED_TEXT,
  plainlyClean,
  refuseOperationArguments,
} from './argument-guard.plugin';

const schema = buildSchema(`
  scalar JSON
  input AnswerInput { questionId: String!, value: String! }
  input Filter { text: String, ids: [ID!], nested: Filter, params: JSON }
  type Item { id: Int, child(name: String): Item }
  type Query {
    items(filter: Filter, limit: Int): [Item]
    echo(text: String, abstract: String): String
  }
  type Mutation { answer(answers: [AnswerInput!]!, data: JSON): Int }
`);
// the spec's normalised texts: the module replaces the abstract's control characters (§5)
schema.getQueryType()!.getFields().echo.extensions = { [NORMALISED_TEXT]: ['abstract'] };

/** the walk's refusal; every case also checks that the plugin's shortcut never lets a refused operation by */
function refusal(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = document.definitions[0] as OperationDefinitionNode;
  const refused = refuseOperationArguments(schema, document, operation, variables);
  if (refused) expect(plainlyClean(document, variables)).toBe(false);
  return refused;
}

describe('argument guard: hostile text is refused at the edge, naming the argument', () => {
  it('refuses NUL, other control characters and lone surrogates in any string argument', () => {
    expect(refusal('query($t: String) { echo(text: $t) }', { t: 'a\u0000b' })).toEqual({
      path: 'text',
      message: '"text" may not contain control characters (found U+0000)',
    });
    expect(refusal('query($t: String) { echo(text: $t) }', { t: '\u001b[31m' })?.message).toMatch(/U\+001B/);
    expect(refusal('query($t: String) { echo(text: $t) }', { t: 'c1 \u0085' })?.message).toMatch(/U\+0085/);
    expect(refusal('query($t: String) { echo(text: $t) }', { t: 'x \ud800 y' })).toEqual({
      path: 'text',
      message: '"text" is not valid Unicode text (a lone surrogate U+D800)',
    });
    expect(refusal('{ echo(text: "in a literal \\u0000") }')?.path).toBe('text');
  });

  it('lets tabs, line breaks, emoji and every printable text through', () => {
    expect(refusal('query($t: String) { echo(text: $t) }', { t: 'a\tb\r\nc 😀 é ß 中' })).toBeNull();
    expect(refusal('query($t: String) { echo(text: $t) }', { t: '' })).toBeNull();
  });

  it('walks input objects, lists and nested fields, and names the path', () => {
    expect(
      refusal('query($f: Filter) { items(filter: $f) { id } }', {
        f: { nested: { ids: ['1', '2\u0000'] } },
      }),
    ).toMatchObject({ path: 'filter.nested.ids[1]' });
    expect(refusal('{ items { child(name: "x\\u0007") { id } } }')).toMatchObject({ path: 'name' });
  });

  it('walks JSON values, their keys and JSON texts (whose escapes decode to control characters)', () => {
    expect(
      refusal('mutation($d: JSON) { answer(answers: [], data: $d) }', { d: { a: [{ b: 'x\u0001' }] } }),
    ).toMatchObject({ path: 'data.a[0].b' });
    expect(
      refusal('mutation($d: JSON) { answer(answers: [], data: $d) }', { d: { 'k\u0000': 1 } }),
    ).toMatchObject({
      path: 'data.k\u0000',
    });
    expect(
      refusal('mutation($a: [AnswerInput!]!) { answer(answers: $a) }', {
        a: [{ questionId: 'q1', value: '{"value": "\\u0000"}' }],
      }),
    ).toMatchObject({ path: 'answers[0].value.value' });
    expect(
      refusal('mutation($a: [AnswerInput!]!) { answer(answers: $a) }', {
        a: [{ questionId: 'q1', value: '{"value": ["fine", "\\ud83d\\ude00"]}' }],
      }),
    ).toBeNull();
  });

  it('refuses JSON nested deeper than the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_JSON_DEPTH + 1; i++) deep = [deep];
    expect(refusal('mutation($d: JSON) { answer(answers: [], data: $d) }', { d: deep })?.message).toBe(
      `"data" is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
    );
  });

  it('leaves an argument the spec normalises to its module', () => {
    expect(refusal('query($a: String) { echo(abstract: $a) }', { a: 'a\u0000b' })).toBeNull();
    expect(refusal('query($a: String) { echo(abstract: $a, text: $a) }', { a: 'a\u0000b' })?.path).toBe(
      'text',
    );
  });

  it('leaves invalid variables to execution (it refuses them itself)', () => {
    expect(refusal('query($l: Int) { items(limit: $l) { id } }', { l: 'not a number' })).toBeNull();
  });

  it('skips the walk only where nothing can be refused: variables with plain text, no text written as a literal', () => {
    const answer = parse('mutation($a: [AnswerInput!]!, $d: JSON) { answer(answers: $a, data: $d) }');
    expect(plainlyClean(answer, { a: [{ questionId: 'q', value: '{"value":"a\tb\r\nc 😀"}' }] })).toBe(true);
    expect(plainlyClean(answer, { a: [], d: { k: [1, 2, { x: 'y' }] } })).toBe(true);
    // an escape in a JSON text, a C1 control, a lone surrogate: walked
    expect(plainlyClean(answer, { a: [{ questionId: 'q', value: '{"value":"\\u0000"}' }] })).toBe(false);
    expect(plainlyClean(answer, { a: [{ questionId: 'q', value: 'c1 \u0085' }] })).toBe(false);
    expect(plainlyClean(answer, { a: [{ questionId: 'q', value: 'x \ud800' }] })).toBe(false);
    // levels enough to nest too deeply: walked
    let deep: unknown = 1;
    for (let i = 0; i <= MAX_JSON_DEPTH; i += 1) deep = [deep];
    expect(plainlyClean(answer, { a: [], d: deep })).toBe(false);
    expect(
      plainlyClean(answer, {
        a: [{ questionId: 'q', value: `${'['.repeat(MAX_JSON_DEPTH)}1${']'.repeat(MAX_JSON_DEPTH)}` }],
      }),
    ).toBe(false);
    expect(
      plainlyClean(answer, {
        a: [{ questionId: 'q', value: JSON.stringify(JSON.stringify(JSON.stringify(deep))) }],
      }),
    ).toBe(false);
    // a save of many answers, each a JSON text: levels are counted per value, not over the whole request
    const many = Array.from({ length: 60 }, (_, i) => ({
      questionId: `q${i}`,
      value: JSON.stringify({ value: { a: [i, `x${i}`] } }),
    }));
    expect(plainlyClean(answer, { a: many })).toBe(true);
    // a text written in the document itself: walked
    expect(plainlyClean(parse('{ echo(text: "plain") }'), {})).toBe(false);
    expect(plainlyClean(parse('{ items(limit: 3) { id } }'), {})).toBe(true);
  });
});
