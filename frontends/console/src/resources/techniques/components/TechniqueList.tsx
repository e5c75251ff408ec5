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

function TechniqueListActions() {
  const { t } = useTranslation();
  return (
    <TopToolbar>
      <CreateButton label={t('console.techniques.createTitle')} />
    </TopToolbar>
  );
}

/** Techniques (`/console/Techniques`, officer): create, edit, delete; their instruments and scientists. */
export function TechniqueList() {
  const { t } = useTranslation();
  const column = (name: string) => t(`console.techniques.columns.${name}`);
  return (
    <List
      resource="Techniques"
      title={t('console.techniques.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('console.common.search')} />]}
      actions={<TechniqueListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
      storeKey="Techniques.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="name" label={column('name')} />
        <TextField source="shortCode" label={column('shortCode')} />
        <TextField source="description" label={column('description')} />
        <TextField source="instrumentNames" label={column('instruments')} emptyText="" sortable={false} />
        <TextField source="scientistNames" label={column('scientists')} emptyText="" sortable={false} />
        <EditButton />
        <DeleteWithConfirmButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
