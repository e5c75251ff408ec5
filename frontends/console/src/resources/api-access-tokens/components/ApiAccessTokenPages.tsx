import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField as MuiTextField,
} from '@mui/material';
import { createApiAccessTokenSchema } from '@user-office/contracts';
import {
  Create,
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  useGetList,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { yupValidate } from '../../../app/form-validation';
import { CopyButton } from '../../../components/CopyButton';
import { OperationsPicker, selectedOperations } from './OperationsPicker';
import { FormToolbar } from '../../../components/FormToolbar';

interface TokenRow {
  id: number;
  name: string;
  accessToken: string;
  accessPermissions: string;
}

/** §7 createApiAccessToken / updateApiAccessToken: the contracts' schema, the names checked against the api's. */
function useValidateToken() {
  const { data: operations = [] } = useGetList<{ id: string }>('ApiOperations', {
    pagination: { page: 1, perPage: 10000 },
  });
  return yupValidate(
    createApiAccessTokenSchema,
    (values) => ({ name: values.name ?? '', accessPermissions: values.accessPermissions ?? '{}' }),
    { operations: operations.map((o) => o.id) },
  );
}

function TokenForm() {
  const { t } = useTranslation();
  const validate = useValidateToken();
  return (
    <SimpleForm validate={validate} toolbar={<FormToolbar />}>
      <TextInput source="name" label={t('console.apiAccessTokens.fields.name')} isRequired />
      <OperationsPicker source="accessPermissions" />
    </SimpleForm>
  );
}

function TokenActions() {
  const { t } = useTranslation();
  return (
    <TopToolbar>
      <CreateButton label={t('console.apiAccessTokens.createTitle')} />
    </TopToolbar>
  );
}

/** API access tokens (`/console/ApiAccessTokens`, officer): name, operations; edit and delete. */
export function ApiAccessTokenList() {
  const { t } = useTranslation();
  return (
    <List
      resource="ApiAccessTokens"
      title={t('console.apiAccessTokens.title')}
      actions={<TokenActions />}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
      storeKey="ApiAccessTokens.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="name" label={t('console.apiAccessTokens.columns.name')} />
        <FunctionField
          label={t('console.apiAccessTokens.columns.accessPermissions')}
          render={(r: TokenRow) => selectedOperations(r.accessPermissions).join(', ')}
        />
        <FunctionField
          label={t('console.common.actions')}
          render={(r: TokenRow) => (
            <>
              <EditButton label="" aria-label={`${t('console.common.edit')} ${r.name}`} />
              <DeleteWithConfirmButton
                mutationMode="pessimistic"
                label=""
                aria-label={`${t('console.common.delete')} ${r.name}`}
                confirmTitle={t('console.common.deleteConfirmTitle', { name: r.name })}
                confirmContent={t('console.common.deleteConfirm', { name: r.name })}
              />
            </>
          )}
        />
      </Datagrid>
    </List>
  );
}

/** The token, shown once (the api never shows it again), with copy. */
export function TokenOnceDialog({ token, onClose }: { token: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open fullWidth maxWidth="md" aria-labelledby="token-once-title">
      <DialogTitle id="token-once-title">{t('console.apiAccessTokens.tokenTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('console.apiAccessTokens.tokenOnce')}
        </Alert>
        <MuiTextField
          fullWidth
          label={t('console.apiAccessTokens.token')}
          value={token}
          slotProps={{ input: { readOnly: true } }}
          multiline
        />
      </DialogContent>
      <DialogActions>
        <CopyButton text={token} label={t('console.apiAccessTokens.copyToken')} />
        <Button variant="contained" onClick={onClose}>
          {t('console.common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ApiAccessTokenCreate() {
  const { t } = useTranslation();
  const notify = useNotify();
  const redirect = useRedirect();
  const [token, setToken] = useState<string | null>(null);
  return (
    <>
      <Create
        resource="ApiAccessTokens"
        title={t('console.apiAccessTokens.createTitle')}
        record={{ name: '', accessPermissions: '{}' }}
        mutationOptions={{
          onSuccess: (data: TokenRow) => {
            notify(t('console.apiAccessTokens.created'), { type: 'success' });
            setToken(data.accessToken);
          },
        }}
      >
        <TokenForm />
      </Create>
      {token ? (
        <TokenOnceDialog
          token={token}
          onClose={() => {
            setToken(null);
            redirect('list', 'ApiAccessTokens');
          }}
        />
      ) : null}
    </>
  );
}

function TokenTitle() {
  const { t } = useTranslation();
  const record = useRecordContext<TokenRow>();
  return <>{t('console.apiAccessTokens.editTitle', { name: record?.name ?? '' })}</>;
}

export function ApiAccessTokenEdit() {
  const { t } = useTranslation();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      resource="ApiAccessTokens"
      title={<TokenTitle />}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify(t('console.apiAccessTokens.updated'), { type: 'success' });
          redirect('list', 'ApiAccessTokens');
        },
      }}
    >
      <TokenForm />
    </Edit>
  );
}
