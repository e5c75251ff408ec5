import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { MAX_JSON_DEPTH, NORMALISED_TEXT, refuseOperationArguments } from './argument-guard.plugin';

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

function refusal(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = document.definitions[0] as OperationDefinitionNode;
  return refuseOperationArguments(schema, document, operation, variables);
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
});
