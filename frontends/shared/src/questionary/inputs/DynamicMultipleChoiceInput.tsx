import { useEffect, useState } from 'react';
import { CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { selectedValues, type DynamicMultipleChoiceConfig } from '@user-office/contracts';
import { QuestionInputDynamicOptionsDocument } from '../../gql/graphql';
import { request } from '../../api/graphql-client';
import type { QuestionInputProps } from '../types';
import { ChoiceControl, questionChoiceProps } from './ChoiceControl';
import { configOf, useQuestionField } from './common';

type OptionsState =
  { status: 'loading' } | { status: 'loaded'; options: string[] } | { status: 'failed'; message: string };

/**
 * DYNAMIC_MULTIPLE_CHOICE: the options the api fetches from the question's url (getDynamicMultipleChoiceOptions);
 * "No options" when there are none (value: the chosen options). Options chosen before and no longer offered stay
 * listed so that they can be unchosen.
 */
export function DynamicMultipleChoiceInput({ field, name, readonly }: QuestionInputProps) {
  const { t } = useTranslation();
  const config = configOf<DynamicMultipleChoiceConfig>(field);
  const questionId = field.question.id;
  const [state, setState] = useState<OptionsState>({ status: 'loading' });
  const { value, error, commit, touch } = useQuestionField<string[] | string | null>(name);
  const selected = selectedValues(value);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    request(QuestionInputDynamicOptionsDocument, { questionId })
      .then((data) => {
        if (current) setState({ status: 'loaded', options: data.getDynamicMultipleChoiceOptions });
      })
      .catch((reason: unknown) => {
        if (current)
          setState({
            status: 'failed',
            message: reason instanceof Error ? reason.message : t('errors.generic'),
          });
      });
    return () => {
      current = false;
    };
  }, [questionId, t]);

  const fetched = state.status === 'loaded' ? state.options : [];
  const options = [...fetched, ...selected.filter((option) => !fetched.includes(option))];
  const status =
    state.status === 'loading' ? (
      <Typography variant="body2" color="text.secondary" role="status">
        <CircularProgress size={14} sx={{ mr: 1 }} aria-hidden="true" />
        {t('questionInputs.loadingOptions')}
      </Typography>
    ) : state.status === 'failed' ? (
      <Typography variant="body2" color="error" role="alert">
        {state.message}
      </Typography>
    ) : undefined;

  return (
    <ChoiceControl<string>
      {...questionChoiceProps(field, name, config, readonly, { error, touch })}
      multiple={config.isMultipleSelect}
      options={options.map((option) => ({ value: option, label: option }))}
      selected={selected}
      onChange={commit}
      status={status}
    />
  );
}
