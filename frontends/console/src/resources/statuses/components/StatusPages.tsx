import { Chip, IconButton, Stack, Tooltip } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { createStatusSchema, updateStatusSchema, workflowMessages } from '@user-office/contracts';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import {
  Create,
  CreateButton,
  Datagrid,
  Edit as EditView,
  FunctionField,
  List,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  useDelete,
  useNotify,
  useRefresh,
  useResourceContext,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WorkflowType } from '../../../gql/graphql';
import type { StatusRow } from '../statuses.operations';
import { yupValidate } from './yup-validate';

/** One statuses page of §2: its resource (route) and the entity type it lists. */
export interface StatusPageDefinition {
  name: 'ProposalStatuses' | 'ExperimentStatuses';
  entityType: WorkflowType;
  /** the key under console.statuses of its title */
  titleKey: 'proposalTitle' | 'experimentTitle';
}

/** Why a status cannot be deleted before asking the server: a default status (§3). Workflows are the server's. */
export const deleteRefusalOf = (row: Pick<StatusRow, 'isDefault'>): string | null =>
  row.isDefault ? workflowMessages.defaultStatusNotDeletable : null;

function RowActions({ row }: { row: StatusRow }) {
  const { t } = useTranslation();
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [deleteOne] = useDelete();
  const [confirm, confirmDialog] = useConfirm();
  const name = row.name;
  const refusal = deleteRefusalOf(row);
  const deleteLabel = refusal ?? t('console.statuses.delete', { name });
  const remove = async () => {
    if (!(await confirm(t('console.statuses.deleteConfirm', { name })))) return;
    await deleteOne(
      resource,
      { id: row.id, previousData: row },
      {
        mutationMode: 'pessimistic',
        // the server refuses a status a workflow uses, naming the workflows
        onSuccess: () => notify(t('console.statuses.deleted'), { type: 'success' }),
        onError: (e) => notify((e as Error).message, { type: 'error' }),
        onSettled: () => refresh(),
      },
    );
  };
  return (
    <Stack direction="row">
      <Tooltip title={t('console.statuses.edit', { name })}>
        <IconButton
          size="small"
          aria-label={t('console.statuses.edit', { name })}
          onClick={() => navigate(`/${resource}/${row.id}`)}
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

/** /console/ProposalStatuses and /console/ExperimentStatuses: short code, name, description, default marker. */
export function statusListPage(page: StatusPageDefinition) {
  function StatusList() {
    const { t } = useTranslation();
    return (
      <List
        resource={page.name}
        title={t(`console.statuses.${page.titleKey}`)}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={25}
        actions={
          <TopToolbar>
            <CreateButton label={t('console.statuses.createTitle')} />
          </TopToolbar>
        }
        storeKey={false}
        disableSyncWithLocation
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField
            label={t('console.statuses.actions')}
            sortable={false}
            render={(row: StatusRow) => <RowActions row={row} />}
          />
          <TextField source="shortCode" label={t('console.statuses.shortCode')} />
          <FunctionField
            source="name"
            label={t('console.statuses.name')}
            render={(row: StatusRow) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{row.name}</span>
                {row.isDefault ? <Chip size="small" label={t('console.statuses.isDefault')} /> : null}
              </Stack>
            )}
          />
          <TextField source="description" label={t('console.statuses.description')} sortable={false} />
        </Datagrid>
      </List>
    );
  }
  return StatusList;
}

const createValidate = (entityType: WorkflowType) => {
  const validate = yupValidate(createStatusSchema);
  return (values: Record<string, unknown>) => validate({ ...values, entityType });
};
const updateValidate = yupValidate(updateStatusSchema);

/** Create a status of the page's entity type: short code (A–Z, 0–9, _; unique; immutable), name, description. */
export function statusCreatePage(page: StatusPageDefinition) {
  function StatusCreate() {
    const { t } = useTranslation();
    const notify = useNotify();
    return (
      <Create
        resource={page.name}
        title={t('console.statuses.createTitle')}
        redirect="list"
        mutationOptions={{ onSuccess: () => notify(t('console.statuses.created'), { type: 'success' }) }}
      >
        <SimpleForm validate={createValidate(page.entityType)} defaultValues={{ description: '' }}>
          <TextInput source="shortCode" label={t('console.statuses.shortCode')} isRequired />
          <TextInput source="name" label={t('console.statuses.name')} isRequired />
          <TextInput source="description" label={t('console.statuses.description')} multiline minRows={2} />
        </SimpleForm>
      </Create>
    );
  }
  return StatusCreate;
}

/** Edit a status: name and description (the short code stays). */
export function statusEditPage(page: StatusPageDefinition) {
  function StatusEdit() {
    const { t } = useTranslation();
    return (
      <EditView resource={page.name} mutationMode="pessimistic" redirect="list">
        <SimpleForm validate={updateValidate}>
          <TextInput
            source="shortCode"
            label={t('console.statuses.shortCode')}
            helperText={t('console.statuses.shortCodeFixed')}
            disabled
          />
          <TextInput source="name" label={t('console.statuses.name')} isRequired />
          <TextInput source="description" label={t('console.statuses.description')} multiline minRows={2} />
        </SimpleForm>
      </EditView>
    );
  }
  return StatusEdit;
}
