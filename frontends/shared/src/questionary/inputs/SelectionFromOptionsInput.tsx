import { selectedValues, type SelectionFromOptionsConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import { ChoiceControl, questionChoiceProps } from './ChoiceControl';
import { configOf, useQuestionField } from './common';

/** SELECTION_FROM_OPTIONS: radio buttons or a dropdown over the config's options (value: the chosen options). */
export function SelectionFromOptionsInput({ field, name, readonly }: QuestionInputProps) {
  const config = configOf<SelectionFromOptionsConfig>(field);
  const { value, error, commit, touch } = useQuestionField<string[] | string | null>(name);
  return (
    <ChoiceControl<string>
      {...questionChoiceProps(field, name, config, readonly, { error, touch })}
      multiple={config.isMultipleSelect}
      options={config.options.map((option) => ({ value: option, label: option }))}
      selected={selectedValues(value)}
      onChange={commit}
    />
  );
}
