import { ValidationError, type AnySchema, type InferType } from 'yup';
import { badInput } from '../errors/app-error';

/**
 * Validates input with a yup schema from contracts/ before anything is appended.
 * Throws BAD_USER_INPUT whose message is the first rule broken and whose fieldErrors name every field.
 * Returns the cast value (trimmed strings, defaults).
 */
export async function validateInput<S extends AnySchema>(
  schema: S,
  input: unknown,
  context?: Record<string, unknown>,
): Promise<InferType<S>> {
  try {
    return (await schema.validate(input, { abortEarly: false, stripUnknown: true, context })) as InferType<S>;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const inner = error.inner.length > 0 ? error.inner : [error];
    const fieldErrors: Record<string, string> = {};
    for (const e of inner) {
      const key = e.path || '_';
      fieldErrors[key] ??= e.message;
    }
    throw badInput(inner[0].message, fieldErrors);
  }
}
