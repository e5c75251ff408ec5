import { useEffect, useState } from 'react';
import { Divider, TextField, Typography } from '@mui/material';
import { QUESTION_TYPES, type DataType, type QuestionFormContext } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import { ConfigFields } from './ConfigFields';
import { configPartOf, questionFormErrors, type QuestionFormValues } from './form-errors';

/**
 * The §5 messages of a question form, checked 250 ms after the officer stops typing (the natural key's uniqueness
 * asks the server through the context).
 */
export function useQuestionFormErrors(
  dataType: DataType,
  values: QuestionFormValues,
  context: QuestionFormContext,
): [Record<string, string>, (errors: Record<string, string>) => void] {
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void questionFormErrors(dataType, values, context).then((next) => live && setErrors(next));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // the context is a new object each render: only the values and the type re-run the check
  }, [dataType, values]);
  return [errors, setErrors];
}

export interface QuestionFieldsProps {
  dataType: DataType;
  values: QuestionFormValues;
  onChange(values: QuestionFormValues): void;
  errors: Record<string, string>;
  /** the heading of the config part (the question's own config, or its config on a template) */
  configTitle: string;
}

/**
 * A question's natural key (fixed for basis questions), its text and its type's config form generated from the
 * registry, with the §5 messages under their fields: the questionary editor's drawer and the /Questions page.
 */
export function QuestionFields({ dataType, values, onChange, errors, configTitle }: QuestionFieldsProps) {
  const { t } = useTranslation();
  const isBasis = QUESTION_TYPES[dataType].isBasis;
  return (
    <>
      <TextField
        id="question-natural-key"
        label={t('console.editors.question.naturalKey')}
        value={values.naturalKey}
        onChange={(e) => onChange({ ...values, naturalKey: e.target.value })}
        error={Boolean(errors.naturalKey)}
        helperText={errors.naturalKey}
        disabled={isBasis}
        required
      />
      <TextField
        id="question-text"
        label={t('console.editors.question.text')}
        value={values.question}
        onChange={(e) => onChange({ ...values, question: e.target.value })}
        error={Boolean(errors.question)}
        helperText={errors.question}
        multiline
        required
      />
      <Divider />
      <Typography variant="subtitle2" component="h3">
        {configTitle}
      </Typography>
      <ConfigFields
        dataType={dataType}
        value={values.config}
        onChange={(config) => onChange({ ...values, config })}
        errors={configPartOf(errors)}
      />
    </>
  );
}
