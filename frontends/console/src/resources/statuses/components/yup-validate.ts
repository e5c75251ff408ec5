import { ValidationError, type AnySchema } from 'yup';

/**
 * A react-admin form's `validate` from a contracts yup schema: the first message of each field, by field name
 * (react-hook-form's nested paths), or nothing when valid.
 */
export function yupValidate(schema: AnySchema) {
  return async (values: Record<string, unknown>): Promise<Record<string, string>> => {
    try {
      await schema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors: Record<string, string> = {};
      for (const e of error.inner.length > 0 ? error.inner : [error]) {
        const path = e.path ?? '';
        if (!errors[path]) errors[path] = e.message;
      }
      return errors;
    }
  };
}
