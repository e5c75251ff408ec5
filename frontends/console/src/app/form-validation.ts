import type { AnyObject, ObjectSchema } from 'yup';
import { ValidationError } from 'yup';

export type FormErrors = Record<string, string>;

/**
 * A react-admin form's `validate` from one of the contracts' yup schemas (the api validates with the same schema,
 * so the form shows the §5 messages before anything is sent): the first message of each field.
 */
export function yupValidate<T extends AnyObject>(
  schema: ObjectSchema<T>,
  prepare: (values: Record<string, unknown>) => Record<string, unknown> = (values) => values,
  context?: AnyObject,
): (values: Record<string, unknown>) => FormErrors {
  return (values) => {
    try {
      schema.validateSync(prepare(values), { abortEarly: false, context });
      return {};
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors: FormErrors = {};
      for (const inner of error.inner.length > 0 ? error.inner : [error]) {
        const path = inner.path ?? '';
        if (!(path in errors)) errors[path] = inner.message;
      }
      return errors;
    }
  };
}
