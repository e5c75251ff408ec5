import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Snackbar, Stack } from '@mui/material';
import type { AnswerContext } from '@user-office/contracts';
import { FormikProvider, useFormik, type FormikErrors, type FormikTouched } from 'formik';
import { useTranslation } from 'react-i18next';
import { QuestionaryAnswerTopicDocument } from '../gql/graphql';
import { ApiError, request } from '../api/graphql-client';
import { useConfirm } from './ConfirmDialog';
import {
  answersToSend,
  initialStepValues,
  isBasisField,
  isItemList,
  sameValue,
  stepVisibility,
  toStepData,
  validateStep,
  type SaveMode,
} from './model';
import { QuestionInput } from './QuestionInput';
import { StepFormContext, type StepFormApi } from './step-form-context';
import type {
  BasisExtension,
  QuestionaryField,
  QuestionaryOwner,
  QuestionaryStepData,
  WizardStepContext,
} from './types';

type Values = Record<string, unknown>;

export interface QuestionaryStepFormProps {
  step: QuestionaryStepData;
  /** null / 0 before the item's first save: `basis.save` must then return the new questionary id */
  questionaryId: number | null;
  context: WizardStepContext;
  owner: QuestionaryOwner;
  /**
   * The item's *_BASIS question. Used only on the step that holds a *_BASIS question (its values join the form, its
   * save runs first); other steps ignore it.
   */
  basis?: BasisExtension;
  /** every field of the questionary (saved answers), for dependencies that cross steps */
  allFields?: QuestionaryField[];
  /** after a successful answerTopic, with the saved step */
  onSaved?(step: QuestionaryStepData | null, questionaryId: number): void;
}

/**
 * One wizard step as a formik form: the visible questions (dependencies re-evaluated as the user answers), validated
 * with the registry's answer schemas; Back, Reset, Save (partial) and Save and continue (§4 Wizard).
 */
export function QuestionaryStepForm({
  step,
  questionaryId,
  context,
  owner,
  basis,
  allFields,
  onSaved,
}: QuestionaryStepFormProps) {
  const { t } = useTranslation();
  const readonly = context.readonly;
  const stepBasis = step.fields.some(isBasisField) ? basis : undefined;
  const [confirm, confirmDialog] = useConfirm();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const mode = useRef<SaveMode>('partial');
  const answerContexts = useRef(new Map<string, AnswerContext>());

  const initialValues = useMemo<Values>(
    () => ({ ...(stepBasis?.initialValues ?? {}), ...initialStepValues(step.fields) }),
    [step.fields, stepBasis?.initialValues],
  );
  const itemListIds = useMemo(
    () => new Set(step.fields.filter(isItemList).map((f) => f.question.id)),
    [step.fields],
  );

  const validate = useCallback(
    (values: Values): FormikErrors<Values> =>
      validateStep(step.fields, values, mode.current, {
        allFields,
        contextFor: (id) => answerContexts.current.get(id),
        basisSchema: stepBasis?.schema,
      }),
    [step.fields, allFields, stepBasis?.schema],
  );

  const formik = useFormik<Values>({
    initialValues,
    enableReinitialize: true,
    validate,
    onSubmit: () => undefined,
  });

  const api = useMemo<StepFormApi>(
    () => ({
      setAnswerContext: (questionId, answerContext) => {
        if (answerContext) answerContexts.current.set(questionId, answerContext);
        else answerContexts.current.delete(questionId);
      },
    }),
    [],
  );

  // item lists are saved as the user edits them (their answer is the server's): they do not make the step dirty
  const dirty = Object.keys({ ...formik.initialValues, ...formik.values }).some(
    (key) => !itemListIds.has(key) && !sameValue(formik.values[key], formik.initialValues[key]),
  );
  const { setDirty } = context;
  useEffect(() => {
    setDirty(dirty && !readonly);
  }, [dirty, readonly, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);

  const visibility = useMemo(
    () => stepVisibility(step.fields, formik.values, allFields),
    [step.fields, formik.values, allFields],
  );

  const touchAll = (keys: Iterable<string>): FormikTouched<Values> =>
    Object.fromEntries([...keys].map((key) => [key, true])) as FormikTouched<Values>;

  const save = async (saveMode: SaveMode): Promise<void> => {
    setError(null);
    mode.current = saveMode;
    const values = formik.values;
    const errors = await formik.validateForm(values);
    await formik.setTouched(touchAll(Object.keys(values)), false);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      let id = questionaryId;
      if (stepBasis) {
        const created = await stepBasis.save(values);
        if (typeof created === 'number') id = created;
      }
      if (!id) throw new ApiError(t('errors.generic'), null);
      const data = await request(QuestionaryAnswerTopicDocument, {
        questionaryId: id,
        topicId: step.topic.id,
        answers: answersToSend(step.fields, values, allFields),
        isPartialSave: saveMode === 'partial',
      });
      formik.resetForm({ values });
      setDirty(false);
      const message = t('success.saved');
      if (context.notify) context.notify(message);
      else setNotice(message);
      onSaved?.(data.answerTopic ? toStepData(data.answerTopic) : null, id);
      await context.reload();
      if (saveMode === 'full') context.goNext();
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.fieldErrors : {};
      const keys = Object.keys(fieldErrors);
      if (keys.length > 0) {
        formik.setErrors(fieldErrors);
        await formik.setTouched({ ...formik.touched, ...touchAll(keys) }, false);
      }
      const known = keys.length > 0 && keys.every((key) => key in values);
      if (!known) setError(e instanceof Error ? e.message : t('errors.generic'));
    } finally {
      setSaving(false);
    }
  };

  const reset = async (): Promise<void> => {
    if (dirty && !(await confirm(t('confirm.discardStep')))) return;
    setError(null);
    mode.current = 'partial';
    formik.resetForm();
  };

  const visibleFields = step.fields.filter((field) => visibility[field.question.id] !== false);

  return (
    <StepFormContext.Provider value={api}>
      <FormikProvider value={formik}>
        <Box
          component="form"
          noValidate
          aria-label={step.topic.title}
          onSubmit={(e) => {
            e.preventDefault();
            // a sub-template's form in a dialog is inside the parent step's React tree
            e.stopPropagation();
            if (!readonly) void save('full');
          }}
        >
          <Stack spacing={3}>
            {visibleFields.map((field) => (
              <Box key={field.question.id} data-question-id={field.question.id}>
                <QuestionInput
                  field={field}
                  name={field.question.id}
                  readonly={readonly || saving}
                  owner={owner}
                  questionaryId={questionaryId || null}
                  basis={stepBasis}
                />
              </Box>
            ))}
          </Stack>
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={context.goBack} disabled={context.isFirst || saving}>
              {t('questionary.back')}
            </Button>
            {readonly ? (
              <Button onClick={context.goNext} disabled={context.isLast} variant="contained">
                {t('questionary.next')}
              </Button>
            ) : (
              <>
                <Button onClick={() => void reset()} disabled={saving}>
                  {t('questionary.reset')}
                </Button>
                <Button onClick={() => void save('partial')} disabled={saving} variant="outlined">
                  {t('questionary.save')}
                </Button>
                <Button type="submit" disabled={saving} variant="contained">
                  {t('questionary.saveAndContinue')}
                </Button>
              </>
            )}
          </Stack>
        </Box>
      </FormikProvider>
      {confirmDialog}
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)}>
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      </Snackbar>
    </StepFormContext.Provider>
  );
}
