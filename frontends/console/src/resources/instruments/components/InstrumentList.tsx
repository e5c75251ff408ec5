import { useCurrentSession } from '@user-office/frontend-shared/session';
import {
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  List,
  SearchInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { useTranslation } from 'react-i18next';

function InstrumentListActions() {
  const { t } = useTranslation();
  return (
    <TopToolbar>
      <CreateButton label={t('console.instruments.createTitle')} />
    </TopToolbar>
  );
}

/**
 * Instruments (`/console/Instruments`, INSTRUMENT_MANAGEMENT): officers see every instrument and create, edit and
 * delete them; instrument scientists see the instruments they manage or work on (§6), read only.
 */
export function InstrumentList() {
  const { t } = useTranslation();
  const isOfficer = useCurrentSession().currentRole === 'USER_OFFICER';
  const column = (name: string) => t(`console.instruments.columns.${name}`);
  return (
    <List
      resource="Instruments"
      title={t('console.instruments.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('console.common.search')} />]}
      actions={isOfficer ? <InstrumentListActions /> : false}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
      storeKey="Instruments.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="name" label={column('name')} />
        <TextField source="shortCode" label={column('shortCode')} />
        <TextField source="description" label={column('description')} />
        <TextField source="managerName" label={column('manager')} emptyText="" />
        <TextField source="scientistNames" label={column('scientists')} emptyText="" sortable={false} />
        {isOfficer ? <EditButton /> : null}
        {isOfficer ? <DeleteWithConfirmButton mutationMode="pessimistic" /> : null}
      </Datagrid>
    </List>
  );
}
