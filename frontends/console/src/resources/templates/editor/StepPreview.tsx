import { useMemo } from 'react';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { QUESTION_TYPES, visibleQuestions, type DataType, type DependentField } from '@user-office/contracts';
import { QuestionInput, type QuestionaryField } from '@user-office/frontend-shared/questionary';
import { Formik, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { TemplateDetail, TemplateField } from './template-model';

type Step = TemplateDetail['steps'][number];

function toQuestionaryField(field: TemplateField): QuestionaryField {
  return {
    question: {
      id: field.question.id,
      naturalKey: field.question.naturalKey,
      question: field.question.question,
      dataType: field.question.dataType as DataType,
    },
    config: field.config as Record<string, unknown>,
    dependencies: field.dependencies.map((d) => ({ ...d, condition: { ...d.condition } })),
    dependenciesOperator: field.dependenciesOperator,
    topicId: field.topicId,
    sortOrder: field.sortOrder,
    value: null,
  };
}

function PreviewFields({ fields, allFields }: { fields: QuestionaryField[]; allFields: QuestionaryField[] }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<Record<string, unknown>>();
  const visible = visibleQuestions(
    allFields.map((f) => ({
      questionId: f.question.id,
      naturalKey: f.question.naturalKey,
      dataType: f.question.dataType,
      value: values[f.question.id] ?? null,
      dependencies: f.dependencies,
      dependenciesOperator: f.dependenciesOperator,
    })) as DependentField[],
  );
  return (
    <Stack spacing={2}>
      {fields
        .filter((f) => visible[f.question.id] !== false)
        .map((f) =>
          QUESTION_TYPES[f.question.dataType].isBasis ? (
            <Alert key={f.question.id} severity="info">
              {t('console.editors.editor.basisPreview', { question: f.question.question })}
            </Alert>
          ) : (
            <div key={f.question.id} data-testid={`preview-${f.question.naturalKey}`}>
              <QuestionInput
                field={f}
                name={f.question.id}
                readonly={false}
                owner={{ proposalPk: null }}
                questionaryId={null}
              />
            </div>
          ),
        )}
    </Stack>
  );
}

/** The step as an applicant sees it, with the shared question inputs; dependencies follow the preview's answers. */
export function StepPreview({ template, step }: { template: TemplateDetail; step: Step | undefined }) {
  const { t } = useTranslation();
  const allFields = useMemo(
    () => template.steps.flatMap((s) => s.fields.map(toQuestionaryField)),
    [template],
  );
  if (!step) return null;
  const fields = allFields.filter((f) => f.topicId === step.topic.id);
  const initialValues = Object.fromEntries(
    allFields.map((f) => [f.question.id, QUESTION_TYPES[f.question.dataType].emptyValue()]),
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="preview-title">
      <Typography id="preview-title" variant="h6" component="h2" gutterBottom>
        {t('console.editors.editor.previewOf', { title: step.topic.title })}
      </Typography>
      {fields.length === 0 ? (
        <Typography variant="body2">{t('console.editors.editor.previewEmpty')}</Typography>
      ) : (
        <Formik
          key={step.topic.id}
          initialValues={initialValues}
          onSubmit={() => undefined}
          enableReinitialize
        >
          <PreviewFields fields={fields} allFields={allFields} />
        </Formik>
      )}
    </Paper>
  );
}
