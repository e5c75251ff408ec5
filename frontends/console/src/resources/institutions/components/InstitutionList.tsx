import { IconButton, Tooltip } from '@mui/material';
import CallMerge from '@mui/icons-material/CallMerge';
import {
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { InstitutionRecord } from '../institutions.operations';

function InstitutionActions() {
  const { t } = useTranslation();
  return (
    <TopToolbar>
      <CreateButton label={t('console.institutions.createTitle')} />
    </TopToolbar>
  );
}

/** Institutions (`/console/Institutions`): search by name; create, edit, merge into another, delete. */
export function InstitutionList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List
      resource="Institutions"
      title={t('console.institutions.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('console.institutions.search')} />]}
      debounce={400}
      actions={<InstitutionActions />}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
      storeKey="Institutions.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" label={t('console.institutions.columns.id')} />
        <TextField source="name" label={t('console.institutions.columns.name')} />
        <TextField source="countryName" label={t('console.institutions.columns.country')} />
        <TextField source="rorId" label={t('console.institutions.columns.rorId')} emptyText="" />
        <FunctionField
          label={t('console.common.actions')}
          render={(r: InstitutionRecord) => (
            <>
              <EditButton label="" aria-label={`${t('console.common.edit')} ${r.name}`} />
              <Tooltip title={t('console.institutions.mergeLabel', { name: r.name })}>
                <IconButton
                  size="small"
                  aria-label={t('console.institutions.mergeLabel', { name: r.name })}
                  onClick={() => navigate(`/MergeInstitutionsPage/${r.id}`)}
                >
                  <CallMerge fontSize="small" />
                </IconButton>
              </Tooltip>
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
