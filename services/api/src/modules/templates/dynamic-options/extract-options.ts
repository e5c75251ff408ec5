import { JSONPath } from 'jsonpath-plus';

export const MAX_OPTIONS = 1000;

type JsonValue = null | boolean | number | string | object;

/**
 * The option strings in a JSON body: `jsonPath` applied (empty → the whole body), arrays flattened one level,
 * strings kept, numbers and booleans turned into strings, objects and null skipped, duplicates dropped (first kept),
 * at most MAX_OPTIONS. Throws when jsonpath-plus cannot apply the path.
 */
export function extractOptions(body: unknown, jsonPath: string): string[] {
  const path = jsonPath.trim();
  const found: unknown =
    path === '' ? [body] : JSONPath({ path, json: body as JsonValue, wrap: true, eval: 'safe' });
  const matches: unknown[] = Array.isArray(found) ? found : found === undefined ? [] : [found];
  const options = new Set<string>();
  for (const match of matches.flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : [value]))) {
    const option = optionOf(match);
    if (option === null) continue;
    options.add(option);
    if (options.size >= MAX_OPTIONS) break;
  }
  return [...options];
}

function optionOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}
