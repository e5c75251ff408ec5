import type { ApolloServerPlugin } from '@apollo/server';
import {
  getArgumentValues,
  getNamedType,
  getVariableValues,
  GraphQLError,
  isCompositeType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  isScalarType,
  Kind,
  visit,
  BREAK,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Field extension naming the arguments whose control characters the module normalises itself, as the spec says
 * (§5: non-printable characters of the abstract become spaces): `@Extensions({ [NORMALISED_TEXT]: ['abstract'] })`
 * on the resolver. On an input type's field, `@Extensions({ [NORMALISED_TEXT]: true })`.
 */
export const NORMALISED_TEXT = 'normalisedText';

/** JSON values nested deeper than this are refused (PostgreSQL, JSON.stringify and the walkers all recurse) */
export const MAX_JSON_DEPTH = 64;

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** with the u flag a well-formed pair is one code point: what is left is a lone surrogate */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const BUILT_IN_TEXT = new Set(['String', 'ID']);
const BUILT_IN_OTHER = new Set(['Int', 'Float', 'Boolean']);

export interface ArgumentRefusal {
  /** `argument`, `input.title`, `answers[2].value.text` */
  path: string;
  message: string;
}

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** the refusal of one text, null when it is clean */
export function refuseText(text: string, path: string): ArgumentRefusal | null {
  const control = CONTROL.exec(text);
  if (control)
    return {
      path,
      message: `"${path}" may not contain control characters (found ${codePoint(control[0])})`,
    };
  const surrogate = LONE_SURROGATE.exec(text);
  if (surrogate)
    return {
      path,
      message: `"${path}" is not valid Unicode text (a lone surrogate ${codePoint(surrogate[0])})`,
    };
  return null;
}

/** whether a text may be JSON the walk parses (an object, a list or a JSON string) */
function mayBeJsonText(text: string): boolean {
  const first = text.trimStart()[0];
  return first === '{' || first === '[' || first === '"';
}

/**
 * The value of a text that is JSON (an answer `{"value": …}`, a config, an import file): modules parse such
 * texts, so the escapes in them (`\u0000`) become the characters the database refuses. Undefined otherwise.
 */
function parsedJsonText(text: string): unknown {
  if (!mayBeJsonText(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface Pending {
  value: unknown;
  /** null: a JSON value (a custom scalar), walked whatever its shape */
  type: GraphQLInputType | null;
  path: string;
  depth: number;
}

/** the first text in an argument value (typed by the schema, JSON values included) that must be refused */
export function refuseValue(
  value: unknown,
  type: GraphQLInputType,
  path: string,
  normalised = false,
): ArgumentRefusal | null {
  const stack: Pending[] = [{ value, type, path, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, type: t, path: p, depth } = stack.pop() as Pending;
    if (v === null || v === undefined) continue;
    const nullable = t && isNonNullType(t) ? t.ofType : t;
    if (nullable && isListType(nullable)) {
      if (Array.isArray(v))
        v.forEach((item, i) => stack.push({ value: item, type: nullable.ofType, path: `${p}[${i}]`, depth }));
      continue;
    }
    if (nullable && isInputObjectType(nullable)) {
      const fields = nullable.getFields();
      for (const [name, item] of Object.entries(v as Record<string, unknown>)) {
        const field = fields[name];
        if (!field || field.extensions?.[NORMALISED_TEXT] === true) continue;
        stack.push({ value: item, type: field.type, path: `${p}.${name}`, depth });
      }
      continue;
    }
    if (nullable && isScalarType(nullable) && BUILT_IN_OTHER.has(nullable.name)) continue;
    if (nullable && !isScalarType(nullable)) continue; // enums
    if (nullable && BUILT_IN_TEXT.has(nullable.name)) {
      if (typeof v === 'string' && !normalised) {
        const refusal = refuseText(v, p);
        if (refusal) return refusal;
        const json = parsedJsonText(v);
        if (json !== undefined) stack.push({ value: json, type: null, path: p, depth: depth + 1 });
      }
      continue;
    }
    // a JSON value (or any custom scalar's parsed value): every text in it, keys included
    if (depth > MAX_JSON_DEPTH)
      return { path: p, message: `"${path}" is nested too deeply (at most ${MAX_JSON_DEPTH} levels)` };
    if (typeof v === 'string') {
      const refusal = refuseText(v, p);
      if (refusal) return refusal;
      const json = parsedJsonText(v);
      if (json !== undefined) stack.push({ value: json, type: null, path: p, depth: depth + 1 });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, type: null, path: `${p}[${i}]`, depth: depth + 1 }));
    } else if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
        const refusal = refuseText(key, `${p}.${key}`);
        if (refusal) return refusal;
        stack.push({ value: item, type: null, path: `${p}.${key}`, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * The first argument of the operation (root fields and nested fields, variables and literals alike) holding text
 * that must be refused. Null also when the variables themselves are invalid: execution refuses those.
 */
export function refuseOperationArguments(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): ArgumentRefusal | null {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const root = schema.getRootType(operation.operation);
  if (!root) return null;
  const seenFragments = new Set<string>();
  const stack: { type: GraphQLCompositeType; selections: SelectionSetNode }[] = [
    { type: root, selections: operation.selectionSet },
  ];
  while (stack.length > 0) {
    const { type, selections } = stack.pop() as (typeof stack)[number];
    for (const selection of selections.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (on && isCompositeType(on)) stack.push({ type: on, selections: selection.selectionSet });
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seenFragments.has(fragment.name.value)) continue;
        seenFragments.add(fragment.name.value);
        const on = schema.getType(fragment.typeCondition.name.value);
        if (on && isCompositeType(on)) stack.push({ type: on, selections: fragment.selectionSet });
        continue;
      }
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      const field = type.getFields()[selection.name.value];
      if (!field) continue;
      if (field.args.length > 0) {
        let values: Record<string, unknown>;
        try {
          values = getArgumentValues(field, selection, coerced.coerced);
        } catch {
          return null; // an invalid argument: execution refuses it
        }
        const normalised = field.extensions?.[NORMALISED_TEXT];
        for (const arg of field.args) {
          const refusal = refuseValue(
            values[arg.name],
            arg.type,
            arg.name,
            Array.isArray(normalised) && normalised.includes(arg.name),
          );
          if (refusal) return refusal;
        }
      }
      const named = getNamedType(field.type);
      if (selection.selectionSet && isCompositeType(named))
        stack.push({ type: named, selections: selection.selectionSet });
    }
  }
  return null;
}

/** per document: whether an argument in it is written as a literal that can hold text (a string, list or object) */
const textLiterals = new WeakMap<DocumentNode, boolean>();

function hasTextLiterals(document: DocumentNode): boolean {
  let found = textLiterals.get(document);
  if (found === undefined) {
    found = false;
    visit(document, {
      Argument(node) {
        if (
          node.value.kind === Kind.STRING ||
          node.value.kind === Kind.LIST ||
          node.value.kind === Kind.OBJECT
        ) {
          found = true;
          return BREAK;
        }
        return undefined;
      },
    });
    textLiterals.set(document, found);
  }
  return found;
}

/**
 * In the variables as JSON: an escape (`\u…`, `\b`, `\f`: every control character and lone surrogate is written
 * so by JSON.stringify, and so is an escape in a JSON text held in a string, with its backslash doubled) or a C1
 * control (written as it is). Tab, line feed and carriage return (`\t`, `\n`, `\r`) are allowed.
 */
const MAYBE_REFUSED = /\\u|\\b|\\f|[\u007F-\u009F]/;
/** what can open a level in a JSON text held in a string: a list, an object, a JSON text held in it (`"…`) */
const TEXT_LEVELS = /[[{"]/g;

/**
 * Whether the walk of a value can stay within MAX_JSON_DEPTH, decided without parsing its JSON texts: each level
 * of the value is a list or an object, and a string the walk parses adds one level and, inside it, at most one for
 * each bracket or quote it holds. An upper bound, so a false may still be within the limit (the walk then decides).
 */
function withinLevels(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (depth > MAX_JSON_DEPTH) return false;
    if (typeof v === 'string') {
      if (!mayBeJsonText(v)) continue;
      let levels = depth + 1;
      TEXT_LEVELS.lastIndex = 0;
      while (TEXT_LEVELS.exec(v)) if (++levels > MAX_JSON_DEPTH) return false;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push([item, depth + 1]);
    } else if (v !== null && typeof v === 'object') {
      for (const item of Object.values(v)) stack.push([item, depth + 1]);
    }
  }
  return true;
}

/**
 * True when no argument of the operation can be refused, decided without walking it: no text written in the
 * document as a literal, variables with no character the guard refuses, and no value that could nest too deeply.
 * Otherwise the arguments are walked.
 */
export function plainlyClean(document: DocumentNode, variables: Record<string, unknown>): boolean {
  if (hasTextLiterals(document)) return false;
  let json: string;
  try {
    json = JSON.stringify(variables);
  } catch {
    return false;
  }
  if (MAYBE_REFUSED.test(json)) return false;
  return withinLevels(variables);
}

/**
 * The one place at the edge where hostile text is refused before any resolver runs: a control character or a
 * lone surrogate in any string argument or JSON value, nested ones included, is BAD_USER_INPUT (HTTP 400) naming
 * the argument, so nothing reaches a query or an append. Arguments the spec normalises (NORMALISED_TEXT) are left
 * to their module.
 */
export function argumentGuardPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, operation }) {
          if (!operation) return;
          if (plainlyClean(document, request.variables ?? {})) return;
          const refusal = refuseOperationArguments(schema, document, operation, request.variables ?? {});
          if (!refusal) return;
          throw new GraphQLError(refusal.message, {
            extensions: {
              code: 'BAD_USER_INPUT',
              fieldErrors: { [refusal.path]: refusal.message },
              http: { status: 400 },
            },
          });
        },
      };
    },
  };
}
