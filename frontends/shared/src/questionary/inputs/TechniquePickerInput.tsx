import { selectedValues, type TechniquePickerConfig } from '@user-office/contracts';
import type { QuestionInputProps } from '../types';
import { ChoiceControl, questionChoiceProps } from './ChoiceControl';
import { configOf, useQuestionField } from './common';
import { useTechniqueOptions } from './use-picker-options';

/**
 * TECHNIQUE_PICKER: the techniques of the config (when it lists none, every technique), radio buttons or a dropdown, one or several per
 * isMultipleSelect (value: the chosen technique ids).
 */
export function TechniquePickerInput({ field, name, readonly }: QuestionInputProps) {
  const config = configOf<TechniquePickerConfig>(field);
  const { value, error, commit, touch } = useQuestionField<number[] | number | null>(name);
  const techniques = useTechniqueOptions(name, config.techniques);
  return (
    <ChoiceControl<number>
      {...questionChoiceProps(field, name, config, readonly, { error, touch })}
      multiple={config.isMultipleSelect}
      options={techniques.map((technique) => ({ value: technique.id, label: technique.name }))}
      selected={selectedValues(value)}
      onChange={commit}
    />
  );
}
