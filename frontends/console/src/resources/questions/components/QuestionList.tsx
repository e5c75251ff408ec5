import { Box, Chip, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { QUESTION_TYPES, TemplateCategoryId } from '@user-office/contracts';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  useDelete,
  useNotify,
  useRefresh,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
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
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [deleteOne] = useDelete();
  const [confirm, confirmDialog] = useConfirm();
  const question = row.naturalKey;
  const refusal = deleteRefusalOf(row);
  const refusalText = !refusal
    ? null
    : refusal.reason === 'basis'
      ? t('console.questions.basisRefusal', { question })
      : t('console.questions.placedRefusal', { question, templates: refusal.templates });
  const remove = async () => {
    if (!(await confirm(t('console.questions.deleteConfirm', { question })))) return;
    await deleteOne(
      'Questions',
      { id: row.id, previousData: row },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(t('console.questions.deleted'), { type: 'success' }),
        onError: (e) => notify((e as Error).message, { type: 'error' }),
        onSettled: () => refresh(),
      },
    );
  };
  const deleteLabel = refusalText ?? t('console.questions.delete', { question });
  return (
    <Stack direction="row">
      <Tooltip title={t('console.questions.edit', { question })}>
        <IconButton
          size="small"
          aria-label={t('console.questions.edit', { question })}
          onClick={() => navigate(`/Questions/${encodeURIComponent(row.id)}`)}
        >
          <Edit fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={deleteLabel}>
        <span>
          <IconButton
            size="small"
            aria-label={deleteLabel}
            disabled={refusal !== null}
            onClick={() => void remove()}
          >
            <Delete fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
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
