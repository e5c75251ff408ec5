import { Alert } from '@mui/material';
import { DataType, QUESTION_TYPES } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import { questionInputs } from './inputs';
import { GenericTemplateInput } from './sub-templates/GenericTemplateInput';
import { SampleDeclarationInput } from './sub-templates/SampleDeclarationInput';
import type { BasisExtension, QuestionInputProps } from './types';

export interface QuestionInputDispatchProps extends QuestionInputProps {
  /** renders the step's *_BASIS question */
  basis?: BasisExtension;
}

/**
 * One question of a step: GENERIC_TEMPLATE / SAMPLE_DECLARATION by the item lists of this folder, *_BASIS by the
 * feature's basis extension, every other type by its input from inputs/; else "Definition for {type} was not found".
 */
export function QuestionInput({ basis, ...props }: QuestionInputDispatchProps) {
  const { t } = useTranslation();
  const dataType = props.field.question.dataType;
  const notFound = (
    <Alert severity="error" role="alert">
      {t('errors.definitionNotFound', { type: dataType })}
    </Alert>
  );
  if (QUESTION_TYPES[dataType]?.isBasis) {
    return basis ? <basis.Component readonly={props.readonly} /> : notFound;
  }
  if (dataType === DataType.GENERIC_TEMPLATE) return <GenericTemplateInput {...props} />;
  if (dataType === DataType.SAMPLE_DECLARATION) return <SampleDeclarationInput {...props} />;
  const Input = questionInputs[dataType];
  return Input ? <Input {...props} /> : notFound;
}
