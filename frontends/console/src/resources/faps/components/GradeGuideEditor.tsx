import { Box, Button, Typography } from '@mui/material';
import { DataType } from '@user-office/contracts';
import { QuestionInput, type QuestionaryField } from '@user-office/frontend-shared/questionary';
import { Form, Formik } from 'formik';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { FapRecord } from '../faps.operations';

function guideField(label: string): QuestionaryField {
  return {
    question: {
      id: 'gradeGuide',
      naturalKey: 'gradeGuide',
      question: label,
      dataType: DataType.RICH_TEXT_INPUT,
    },
    config: { required: false, small_label: '', tooltip: '', max: null, allowImages: false },
    dependencies: [],
    dependenciesOperator: 'AND',
    topicId: 0,
    sortOrder: 0,
    value: null,
  };
}

/**
 * The FAP's grade guide (§2 grade guide screen), rich text like the page editor's pages; saved with the FAP's
 * other fields (updateFap). Reviewers see it from "Proposals to grade".
 */
export function GradeGuideEditor() {
  const { t } = useTranslation();
  const record = useRecordContext<FapRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="fap-grade-guide-heading" sx={{ p: 2 }}>
      <Typography id="fap-grade-guide-heading" variant="h6" component="h2">
        {t('console.faps.fields.gradeGuide')}
      </Typography>
      <Formik
        initialValues={{ gradeGuide: record.gradeGuide ?? '' }}
        enableReinitialize
        onSubmit={(values) =>
          update(
            'Faps',
            { id: record.id, data: { ...record, gradeGuide: values.gradeGuide ?? '' }, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => {
                notify(t('console.faps.updated'), { type: 'success' });
                refresh();
              },
              onError: (e) => notify((e as Error).message, { type: 'error' }),
            },
          )
        }
      >
        <Form>
          <QuestionInput
            field={guideField(t('console.faps.fields.gradeGuide'))}
            name="gradeGuide"
            readonly={false}
            owner={{ proposalPk: null }}
            questionaryId={null}
          />
          <Button type="submit" variant="contained" disabled={isPending}>
            {t('console.common.save')}
          </Button>
        </Form>
      </Formik>
    </Box>
  );
}
