import { useCurrentSession } from '@user-office/frontend-shared/session';
import {
  BooleanField,
  BooleanInput,
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  List,
  NumberField,
  SearchInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { useTranslation } from 'react-i18next';

function FapListActions() {
  const { t } = useTranslation();
  return (
    <TopToolbar>
      <CreateButton label={t('console.faps.createTitle')} />
    </TopToolbar>
  );
}

/**
 * FAPs (`/console/Faps`, FAP_REVIEW): code, description, active, chairs and secretaries (each with their current
 * proposal count), proposal counts; a text and an "active only" filter. A row opens its FAP page
 * (`/console/FapPage/{id}`); officers create, edit and delete; chairs and secretaries see their panels.
 */
export function FapList() {
  const { t } = useTranslation();
  const isOfficer = useCurrentSession().currentRole === 'USER_OFFICER';
  const column = (name: string) => t(`console.faps.columns.${name}`);
  return (
    <List
      resource="Faps"
      title={t('console.faps.title')}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={t('console.common.search')} />,
        <BooleanInput key="active" source="active" label={t('console.faps.filters.active')} alwaysOn />,
      ]}
      actions={isOfficer ? <FapListActions /> : false}
      sort={{ field: 'code', order: 'ASC' }}
      empty={false}
      storeKey="Faps.list"
    >
      <Datagrid rowClick={(id) => `/FapPage/${id}`} bulkActionButtons={false}>
        <TextField source="code" label={column('code')} />
        <TextField source="description" label={column('description')} />
        <BooleanField source="active" label={column('active')} />
        <TextField source="chairNames" label={column('chairs')} emptyText="" sortable={false} />
        <TextField source="secretaryNames" label={column('secretaries')} emptyText="" sortable={false} />
        <NumberField source="proposalCount" label={column('proposalCount')} />
        <NumberField source="proposalCurrentCount" label={column('proposalCurrentCount')} />
        {isOfficer ? <EditButton /> : null}
        {isOfficer ? <DeleteWithConfirmButton mutationMode="pessimistic" /> : null}
      </Datagrid>
    </List>
  );
}
