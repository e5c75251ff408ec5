import { mixed, type Schema } from 'yup';

import { questionTypeMessages } from '../messages';

/** How a choice is shown. */
export type SelectionVariant = 'radio' | 'dropdown';
export const selectionVariants: readonly SelectionVariant[] = ['radio', 'dropdown'];

/** The selected values of a choice answer: a list, a single value or nothing. */
export function selectedValues<T extends string | number>(value: T | readonly T[] | null | undefined): T[] {
  if (value == null) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

/**
 * The answer schema shared by the choice types: required means at least one; one only unless isMultipleSelect;
 * every value among `offered` when the offered values are known.
 */
export function choiceAnswerSchema<T extends string | number>(options: {
  required: boolean;
  isMultipleSelect: boolean;
  offered: readonly T[] | undefined;
}): Schema {
  return mixed<T | T[]>()
    .nullable()
    .test('choice', function (value) {
      const values = selectedValues<T>(value);
      if (values.length === 0) {
        return options.required ? this.createError({ message: questionTypeMessages.requiredField }) : true;
      }
      if (!options.isMultipleSelect && values.length > 1) {
        return this.createError({ message: questionTypeMessages.singleSelection });
      }
      const offered = options.offered;
      if (offered && values.some((v) => !offered.includes(v))) {
        return this.createError({ message: questionTypeMessages.optionNotOffered });
      }
      return true;
    });
}
