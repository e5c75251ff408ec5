import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { QUESTION_TYPES, TemplateCategoryId } from '@user-office/contracts';
import { Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, useDelete } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { useRowCommand } from '../../../components/use-row-command';
import type { QuestionRow } from '../questions.operations';
import { deleteRefusalOf } from './question-usage';

/** Every registered data type, for the type filter (read from the registry). */
const dataTypeChoices = () =>
  Object.keys(QUESTION_TYPES)
    .sort()
    .map((id) => ({ id, name: id }));

const categoryChoices = () => Object.values(TemplateCategoryId).map((id) => ({ id, name: id }));

function UsedIn({ row }: { row: QuestionRow }) {
  const { t } = useTranslation();
  if (row.templates.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('console.questions.unused')}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {row.templates.map((template) => (
        <Chip
          key={template.templateId}
          size="small"
          label={template.name}
          component={RouterLink}
          to={`/QuestionaryEditor/${template.templateId}`}
          clickable
        />
      ))}
    </Stack>
  );
}

function RowActions({ row }: { row: QuestionRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deleteOne] = useDelete();
  const { confirmThenRun, confirmDialog } = useRowCommand();
  const question = row.naturalKey;
  const refusal = deleteRefusalOf(row);
  const refusalText = !refusal
    ? null
    : refusal.reason === 'basis'
      ? t('console.questions.basisRefusal', { question })
      : t('console.questions.placedRefusal', { question, templates: refusal.templates });
  return (
    <Stack direction="row">
      <ActionIconButton
        label={t('console.questions.edit', { question })}
        icon={<Edit fontSize="small" />}
        onClick={() => navigate(`/Questions/${encodeURIComponent(row.id)}`)}
      />
      <ActionIconButton
        label={refusalText ?? t('console.questions.delete', { question })}
        icon={<Delete fontSize="small" />}
        disabled={refusal !== null}
        onClick={() =>
          void confirmThenRun(
            t('console.questions.deleteConfirm', { question }),
            // the server refuses a question placed since the list was read, naming the templates
            () =>
              deleteOne(
                'Questions',
                { id: row.id, previousData: row },
                { mutationMode: 'pessimistic', returnPromise: true },
              ),
            t('console.questions.deleted'),
          )
        }
      />
      {confirmDialog}
    </Stack>
  );
}

/**
 * /console/Questions (§2, officer): every question of the library with its data type, natural key and the
 * templates it is placed on; filtered by text (key or question) and data type; edit opens the question's form,
 * delete is refused while the question is placed (the server refuses it too).
 */
export function QuestionList() {
  const { t } = useTranslation();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="dataType"
      source="dataType"
      label={t('console.questions.dataType')}
      choices={dataTypeChoices()}
      alwaysOn
      sx={{ minWidth: 220 }}
    />,
    <SelectInput
      key="category"
      source="category"
      label={t('console.questions.category')}
      choices={categoryChoices()}
      sx={{ minWidth: 180 }}
    />,
  ];
  return (
    <List
      resource="Questions"
      title={t('console.questions.title')}
      filters={filters}
      sort={{ field: 'naturalKey', order: 'ASC' }}
      perPage={25}
      actions={false}
      storeKey={false}
      disableSyncWithLocation
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label={t('console.questions.actions')}
          sortable={false}
          render={(row: QuestionRow) => <RowActions row={row} />}
        />
        <TextField source="naturalKey" label={t('console.questions.naturalKey')} />
        <FunctionField
          source="question"
          label={t('console.questions.question')}
          render={(row: QuestionRow) => (
            <Link component={RouterLink} to={`/Questions/${encodeURIComponent(row.id)}`}>
              {row.question}
            </Link>
          )}
        />
        <TextField source="dataType" label={t('console.questions.dataType')} />
        <TextField source="categoryId" label={t('console.questions.category')} />
        <FunctionField
          label={t('console.questions.usedIn')}
          sortable={false}
          render={(row: QuestionRow) => (
            <Box sx={{ maxWidth: 360 }}>
              <UsedIn row={row} />
            </Box>
          )}
        />
      </Datagrid>
    </List>
  );
}
