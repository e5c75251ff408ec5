import { selectedValues, type SelectionFromOptionsConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import { ChoiceControl } from './ChoiceControl';
import { configOf, questionIds, useQuestionField } from './common';

/** SELECTION_FROM_OPTIONS: radio buttons or a dropdown over the config's options (value: the chosen options). */
export function SelectionFromOptionsInput({ field, name, readonly }: QuestionInputProps) {
  const config = configOf<SelectionFromOptionsConfig>(field);
  const { value, error, commit, touch } = useQuestionField<string[] | string | null>(name);
  return (
    <ChoiceControl<string>
      ids={questionIds(name)}
      label={field.question.question}
      required={config.required}
      tooltip={config.tooltip}
      smallLabel={config.small_label}
      error={error}
      variant={config.variant}
      multiple={config.isMultipleSelect}
      options={config.options.map((option) => ({ value: option, label: option }))}
      selected={selectedValues(value)}
      disabled={readonly}
      onChange={commit}
      onBlur={touch}
    />
  );
}
