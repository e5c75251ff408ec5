import { questionFormSchema, type DataType, type QuestionFormContext } from '@user-office/contracts';
import { ValidationError } from 'yup';

export interface QuestionFormValues {
  naturalKey: string;
  question: string;
  config: Record<string, unknown>;
}

/** The §5 messages of the question form by path (`naturalKey`, `question`, `config.maxDate`); empty when valid. */
export async function questionFormErrors(
  dataType: DataType,
  values: QuestionFormValues,
  context: QuestionFormContext,
): Promise<Record<string, string>> {
  try {
    await questionFormSchema(dataType).validate(values, { abortEarly: false, context });
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
}

/** The config part of the errors, by path inside the config. */
export function configPartOf(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith('config.'))
      .map(([path, message]) => [path.slice('config.'.length), message]),
  );
}
