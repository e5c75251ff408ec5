import { QUESTION_TYPES, type DataType } from '@user-office/contracts';
import type { SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription } from 'yup';

/** How a config field is edited, read from the yup description of the type's config schema. */
export type ConfigFieldKind =
  | { kind: 'boolean' }
  | { kind: 'text'; date: boolean }
  | { kind: 'number'; nullable: boolean }
  | { kind: 'choice'; options: string[] }
  | { kind: 'multiChoice'; options: string[] }
  | { kind: 'textList' }
  | { kind: 'objectList'; fields: string[] }
  | { kind: 'units' };

export interface ConfigFieldSpec {
  name: string;
  field: ConfigFieldKind;
  nullable: boolean;
}

/**
 * Fields edited with a picker of the server's data instead of their generic shape, by config field name (any type
 * that names a field so gets the picker).
 */
const PICKERS: Record<string, ConfigFieldKind> = { units: { kind: 'units' } };

/** Whether a config field shows for these values (§5: "The page limit appears only when pdf is chosen"). */
const SHOWN_WHEN: Record<string, (config: Record<string, unknown>) => boolean> = {
  pdf_page_limit: (c) => Array.isArray(c.file_type) && c.file_type.includes('.pdf'),
  copyButtonLabel: (c) => c.canCopy === true,
  isMultipleCopySelect: (c) => c.canCopy === true,
  isCompleteOnCopy: (c) => c.canCopy === true,
  htmlQuestion: (c) => c.isHtmlQuestion === true,
};

export const isFieldShown = (name: string, config: Record<string, unknown>): boolean =>
  SHOWN_WHEN[name]?.(config) ?? true;

function kindOf(name: string, d: SchemaFieldDescription): ConfigFieldKind | null {
  if (PICKERS[name]) return PICKERS[name];
  const description = d as SchemaDescription & Partial<SchemaInnerTypeDescription>;
  const oneOf = (description.oneOf ?? []).filter((v): v is string => typeof v === 'string');
  switch (description.type) {
    case 'boolean':
      return { kind: 'boolean' };
    case 'string':
      return { kind: 'text', date: description.tests.some((t) => t.name === 'date') };
    case 'number':
      return { kind: 'number', nullable: description.nullable };
    case 'mixed':
      return oneOf.length > 0 ? { kind: 'choice', options: oneOf } : null;
    case 'array': {
      const inner = description.innerType as
        (SchemaDescription & { fields?: Record<string, unknown> }) | undefined;
      if (!inner || Array.isArray(inner)) return null;
      const innerOneOf = (inner.oneOf ?? []).filter((v): v is string => typeof v === 'string');
      if (innerOneOf.length > 0) return { kind: 'multiChoice', options: innerOneOf };
      if (inner.type === 'string') return { kind: 'textList' };
      if (inner.type === 'object' && inner.fields)
        return { kind: 'objectList', fields: Object.keys(inner.fields) };
      return null;
    }
    default:
      return null;
  }
}

/**
 * The config form of a data type, generated from the registry's config schema (contracts/src/questions): one field
 * per schema field, in the schema's order. A field of a shape no editor knows is skipped (kept as it is).
 */
export function configFieldsOf(dataType: DataType): ConfigFieldSpec[] {
  const description = QUESTION_TYPES[dataType].configSchema.describe();
  return Object.entries(description.fields).flatMap(([name, d]) => {
    const field = kindOf(name, d);
    return field ? [{ name, field, nullable: (d as SchemaDescription).nullable }] : [];
  });
}

/** A readable label of a config field name without a translation (`max_files` → "Max files"). */
export function humanize(name: string): string {
  const words = name
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The yup errors of a config by field path (`maxDate`, `units[0].id`, …); empty when valid. */
export function configErrors(dataType: DataType, config: unknown): Record<string, string> {
  try {
    QUESTION_TYPES[dataType].configSchema.validateSync(config, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner?: { path?: string; message: string }[] }).inner ?? [];
    const errors: Record<string, string> = {};
    for (const e of inner) {
      const path = e.path ?? '';
      if (!errors[path]) errors[path] = e.message;
    }
    return errors;
  }
}
