import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { QUESTION_TYPES, type DataType } from '@user-office/contracts';
import { Title, useGetOne, useNotify, useUpdate } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { QuestionFormValues } from '../../templates/editor/form-errors';
import { questionFormErrors } from '../../templates/editor/form-errors';
import { editorCommands } from '../../templates/editor/editor-commands';
import { QuestionFields, useQuestionFormErrors } from '../../templates/editor/QuestionFields';
import type { QuestionRow, QuestionUpdate } from '../questions.operations';

const valuesOf = (row: QuestionRow): QuestionFormValues => ({
  naturalKey: row.naturalKey,
  question: row.question,
  config: {
    ...QUESTION_TYPES[row.dataType as DataType].defaultConfig(),
    ...(row.config as Record<string, unknown>),
  },
});

/** The form of one question: the questionary editor's fields (key, text, registry-generated config). */
export function QuestionForm({
  row,
  onSave,
  onCancel,
}: {
  row: QuestionRow;
  onSave(values: QuestionUpdate): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const dataType = row.dataType as DataType;
  const [values, setValues] = useState<QuestionFormValues>(() => valuesOf(row));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const context = { isNaturalKeyTaken: editorCommands.isNaturalKeyTaken, originalKey: row.naturalKey };
  const [errors, setErrors] = useQuestionFormErrors(dataType, values, context);
  const save = async () => {
    setFailure(null);
    const found = await questionFormErrors(dataType, values, context);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSave(values);
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void save())}>
      <Stack spacing={2}>
        <QuestionFields
          dataType={dataType}
          values={values}
          onChange={setValues}
          errors={errors}
          configTitle={t('console.questions.config')}
        />
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('console.editors.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('console.editors.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * /console/Questions/{id}: the question's natural key, text and own config (updateQuestion), with the same
 * registry-generated config form and §5 messages as the questionary editor; the templates it is placed on.
 */
export function QuestionEdit() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const { data: row, isPending, error } = useGetOne<QuestionRow>('Questions', { id });
  const [update] = useUpdate<QuestionRow>();
  const back = () => navigate('/Questions');

  if (isPending)
    return (
      <Box sx={{ p: 6, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  if (error || !row) return <Alert severity="error">{t('console.questions.notFound')}</Alert>;

  const onSave = async (values: QuestionUpdate) => {
    await update(
      'Questions',
      { id: row.id, data: values, previousData: row },
      { mutationMode: 'pessimistic', returnPromise: true },
    );
    notify(t('console.editors.editor.saved'), { type: 'success' });
    back();
  };

  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={t('console.questions.editTitle', { naturalKey: row.naturalKey })} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {t('console.questions.editTitle', { naturalKey: row.naturalKey })} · {row.dataType}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('console.questions.usedIn')}:{' '}
              {row.templates.length > 0
                ? row.templates.map((tpl) => tpl.name).join(', ')
                : t('console.questions.unused')}
            </Typography>
            <QuestionForm key={row.id} row={row} onSave={onSave} onCancel={back} />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
