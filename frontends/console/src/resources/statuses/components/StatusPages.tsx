import { Chip, Stack } from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { createStatusSchema, updateStatusSchema, workflowMessages } from '@user-office/contracts';
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
  useRecordContext,
  useRedirect,
  useResourceContext,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { FormToolbar } from '../../../components/FormToolbar';
import { useRowCommand } from '../../../components/use-row-command';
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
  const navigate = useNavigate();
  const [deleteOne] = useDelete();
  const { confirmThenRun, confirmDialog } = useRowCommand();
  const name = row.name;
  const refusal = deleteRefusalOf(row);
  return (
    <Stack direction="row">
      <ActionIconButton
        label={t('console.statuses.edit', { name })}
        icon={<Edit fontSize="small" />}
        onClick={() => navigate(`/${resource}/${row.id}`)}
      />
      <ActionIconButton
        label={refusal ?? t('console.statuses.delete', { name })}
        icon={<Delete fontSize="small" />}
        disabled={refusal !== null}
        onClick={() =>
          void confirmThenRun(
            t('console.statuses.deleteConfirm', { name }),
            // the server refuses a status a workflow uses, naming the workflows
            () =>
              deleteOne(
                resource,
                { id: row.id, previousData: row },
                { mutationMode: 'pessimistic', returnPromise: true },
              ),
            t('console.statuses.deleted'),
          )
        }
      />
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
    const redirect = useRedirect();
    return (
      <Create
        resource={page.name}
        title={t('console.statuses.createTitle')}
        // an onSuccess of one's own replaces react-admin's (its redirect too): back to the list here
        mutationOptions={{
          onSuccess: () => {
            notify(t('console.statuses.created'), { type: 'success' });
            redirect('list', page.name);
          },
        }}
      >
        <SimpleForm
          validate={createValidate(page.entityType)}
          defaultValues={{ description: '' }}
          toolbar={<FormToolbar />}
        >
          <TextInput source="shortCode" label={t('console.statuses.shortCode')} isRequired />
          <TextInput source="name" label={t('console.statuses.name')} isRequired />
          <TextInput source="description" label={t('console.statuses.description')} multiline minRows={2} />
        </SimpleForm>
      </Create>
    );
  }
  return StatusCreate;
}

function StatusEditTitle() {
  const { t } = useTranslation();
  const record = useRecordContext<StatusRow>();
  return <>{t('console.statuses.editTitle', { shortCode: record?.shortCode ?? '' })}</>;
}

/**
 * Edit a status: name and description (the short code stays: shown read-only, legible). Delete stays on the list,
 * where a default status's button is disabled, saying why.
 */
export function statusEditPage(page: StatusPageDefinition) {
  function StatusEdit() {
    const { t } = useTranslation();
    return (
      <EditView resource={page.name} mutationMode="pessimistic" redirect="list" title={<StatusEditTitle />}>
        <SimpleForm validate={updateValidate} toolbar={<FormToolbar />}>
          <TextInput
            source="shortCode"
            label={t('console.statuses.shortCode')}
            helperText={t('console.statuses.shortCodeFixed')}
            // read-only, not disabled: react-admin's readOnly greys the field and its help below legible contrast
            slotProps={{ input: { readOnly: true } }}
          />
          <TextInput source="name" label={t('console.statuses.name')} isRequired />
          <TextInput source="description" label={t('console.statuses.description')} multiline minRows={2} />
        </SimpleForm>
      </EditView>
    );
  }
  return StatusEdit;
}
