import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Typography,
} from '@mui/material';
import { DataType, PageName, setPageContentSchema } from '@user-office/contracts';
import { QuestionInput, type QuestionaryField } from '@user-office/frontend-shared/questionary';
import { Form, Formik } from 'formik';
import { Loading, Title, useGetOne, useNotify, useUpdate } from 'react-admin';
import { useTranslation } from 'react-i18next';

/** The page's content as the shared rich-text input (the questionary's TipTap editor) edits it. */
function contentField(label: string): QuestionaryField {
  return {
    question: { id: 'content', naturalKey: 'content', question: label, dataType: DataType.RICH_TEXT_INPUT },
    config: { required: false, small_label: '', tooltip: '', max: null, allowImages: true },
    dependencies: [],
    dependenciesOperator: 'AND',
    topicId: 0,
    sortOrder: 0,
    value: null,
  };
}

function PageForm({ pageId, label }: { pageId: PageName; label: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [update, { isPending: saving }] = useUpdate();
  const { data, error, isPending } = useGetOne<{ id: string; content: string }>('PageEditor', { id: pageId });
  if (isPending) return <Loading />;
  if (error || !data) return <Alert severity="error">{(error as Error | null)?.message ?? ''}</Alert>;
  return (
    <Formik
      initialValues={{ content: data.content }}
      validate={(values) => {
        try {
          setPageContentSchema.validateSync({ pageId, content: values.content ?? '' });
          return {};
        } catch (e) {
          return { content: (e as Error).message };
        }
      }}
      onSubmit={(values) =>
        update(
          'PageEditor',
          { id: pageId, data: { content: values.content ?? '' }, previousData: data },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify(t('success.updated'), { type: 'success' }),
            onError: (e) => notify((e as Error).message, { type: 'error' }),
          },
        )
      }
    >
      <Form>
        <QuestionInput
          field={contentField(t('console.pageEditor.content', { page: label }))}
          name="content"
          readonly={false}
          owner={{ proposalPk: null }}
          questionaryId={null}
        />
        <Button type="submit" variant="contained" disabled={saving}>
          {t('console.common.save')}
        </Button>
      </Form>
    </Formik>
  );
}

/**
 * Page editor (`/console/PageEditor`): each page name of §3 (home page, help, privacy, …) edited as rich text
 * (getPageContent / setPageContent, sanitised by the api).
 */
export function PageEditorPage() {
  const { t } = useTranslation();
  const [pageId, setPageId] = useState<PageName>(PageName.HOMEPAGE);
  const label = t(`console.pageEditor.pages.${pageId}`);
  return (
    <Paper sx={{ p: 3, mt: 2 }}>
      <Title title={t('console.pageEditor.title')} />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('console.pageEditor.title')}
      </Typography>
      <FormControl sx={{ minWidth: 280, my: 2 }}>
        <InputLabel id="page-editor-page">{t('console.pageEditor.page')}</InputLabel>
        <Select
          labelId="page-editor-page"
          label={t('console.pageEditor.page')}
          value={pageId}
          onChange={(e) => setPageId(e.target.value as PageName)}
        >
          {Object.values(PageName).map((name) => (
            <MenuItem key={name} value={name}>
              {t(`console.pageEditor.pages.${name}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box>
        <PageForm key={pageId} pageId={pageId} label={label} />
      </Box>
    </Paper>
  );
}
