import { selectedValues, type TechniquePickerConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import { ChoiceControl } from './ChoiceControl';
import { configOf, questionIds, useQuestionField } from './common';

/**
 * TECHNIQUE_PICKER: the techniques of the config, radio buttons or a dropdown, one or several per
 * isMultipleSelect (value: the chosen technique ids).
 */
export function TechniquePickerInput({ field, name, readonly }: QuestionInputProps) {
  const config = configOf<TechniquePickerConfig>(field);
  const { value, error, commit, touch } = useQuestionField<number[] | number | null>(name);
  return (
    <ChoiceControl<number>
      ids={questionIds(name)}
      label={field.question.question}
      required={config.required}
      tooltip={config.tooltip}
      smallLabel={config.small_label}
      error={error}
      variant={config.variant}
      multiple={config.isMultipleSelect}
      options={config.techniques.map((technique) => ({ value: technique.id, label: technique.name }))}
      selected={selectedValues(value)}
      disabled={readonly}
      onChange={commit}
      onBlur={touch}
    />
  );
}
