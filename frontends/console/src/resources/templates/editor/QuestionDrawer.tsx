import { useState } from 'react';
import { Alert, Box, Button, Divider, Drawer, Stack, Typography } from '@mui/material';
import { DependenciesLogicOperator, QUESTION_TYPES, type DataType } from '@user-office/contracts';
import { useTranslation } from 'react-i18next';
import { DependencyEditor } from './DependencyEditor';
import { toDependencyInput, type DependencyRow, type PlacedQuestion } from './dependencies';
import { editorCommands } from './editor-commands';
import { questionFormErrors, type QuestionFormValues } from './form-errors';
import { QuestionFields, useQuestionFormErrors } from './QuestionFields';
import type { TemplateField } from './template-model';

export interface QuestionDrawerProps {
  templateId: number;
  field: TemplateField;
  placed: readonly PlacedQuestion[];
  onClose(): void;
  onSaved(): Promise<void>;
}

const rowsOf = (field: TemplateField): DependencyRow[] =>
  field.dependencies.map((d) => ({
    dependencyId: d.dependencyId,
    condition: d.condition.condition === 'neq' ? 'neq' : 'eq',
    params: d.condition.params,
  }));

/**
 * A placed question: its natural key and text (updateQuestion), its config on this template from the registry's
 * form, and its dependencies (updateQuestionTemplateRelationSettings). The §5 messages show as the officer types.
 */
export function QuestionDrawer({ templateId, field, placed, onClose, onSaved }: QuestionDrawerProps) {
  const { t } = useTranslation();
  const dataType = field.question.dataType as DataType;
  const isBasis = QUESTION_TYPES[dataType].isBasis;
  const [values, setValues] = useState<QuestionFormValues>({
    naturalKey: field.question.naturalKey,
    question: field.question.question,
    config: { ...QUESTION_TYPES[dataType].defaultConfig(), ...(field.config as Record<string, unknown>) },
  });
  const [rows, setRows] = useState<DependencyRow[]>(() => rowsOf(field));
  const [operator, setOperator] = useState<DependenciesLogicOperator>(
    field.dependenciesOperator as DependenciesLogicOperator,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const context = {
    isNaturalKeyTaken: editorCommands.isNaturalKeyTaken,
    originalKey: field.question.naturalKey,
  };
  const [errors, setErrors] = useQuestionFormErrors(dataType, values, context);

  const save = async () => {
    setFailure(null);
    const found = await questionFormErrors(dataType, values, context);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      if (values.naturalKey !== field.question.naturalKey || values.question !== field.question.question) {
        await editorCommands.updateQuestion(field.question.id, values.naturalKey, values.question);
      }
      await editorCommands.updateSettings(
        templateId,
        field.question.id,
        values.config,
        toDependencyInput(rows, placed),
        operator,
      );
      await onSaved();
      onClose();
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: { 'aria-labelledby': 'question-drawer-title', sx: { width: { xs: '100%', md: 560 } } },
      }}
    >
      <Box component="form" noValidate sx={{ p: 3 }} onSubmit={(e) => (e.preventDefault(), void save())}>
        <Stack spacing={2}>
          <Typography id="question-drawer-title" variant="h6" component="h2">
            {t('console.editors.question.title')} · {dataType}
          </Typography>
          <QuestionFields
            dataType={dataType}
            values={values}
            onChange={setValues}
            errors={errors}
            configTitle={t('console.editors.question.config')}
          />
          {isBasis ? null : (
            <>
              <Divider />
              <DependencyEditor
                questionId={field.question.id}
                placed={placed}
                rows={rows}
                operator={operator}
                onChange={(next, op) => {
                  setRows(next);
                  setOperator(op);
                }}
              />
            </>
          )}
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('console.editors.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('console.editors.save')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Drawer>
  );
}
