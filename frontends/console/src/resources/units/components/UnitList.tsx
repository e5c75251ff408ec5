import { Button } from '@mui/material';
import Download from '@mui/icons-material/Download';
import Upload from '@mui/icons-material/Upload';
import {
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ConsoleDataProvider } from '../../../app/data-provider';

interface UnitRow {
  id: string;
  unit: string;
}

/** Saves a text as a file (the browser's download of a blob). */
export function saveText(text: string, fileName: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // §9: the temporary link is released 150 ms after the click
  setTimeout(() => URL.revokeObjectURL(url), 150);
}

function UnitActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const exportUnits = async () => {
    try {
      const json = await dataProvider.unitsAsJson();
      saveText(json, `units-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  return (
    <TopToolbar>
      <CreateButton label={t('console.units.createTitle')} />
      <Button startIcon={<Upload />} onClick={() => navigate('/ImportUnits')}>
        {t('console.units.import')}
      </Button>
      <Button startIcon={<Download />} onClick={() => void exportUnits()}>
        {t('console.units.export')}
      </Button>
    </TopToolbar>
  );
}

/** Units (`/console/Units`, officer): search, create, delete; import (`/console/ImportUnits`) and export as JSON. */
export function UnitList() {
  const { t } = useTranslation();
  return (
    <List
      resource="Units"
      title={t('console.units.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('console.common.search')} />]}
      actions={<UnitActions />}
      sort={{ field: 'quantity', order: 'ASC' }}
      empty={false}
      storeKey="Units.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" label={t('console.units.columns.id')} />
        <TextField source="unit" label={t('console.units.columns.unit')} />
        <TextField source="quantity" label={t('console.units.columns.quantity')} />
        <TextField source="symbol" label={t('console.units.columns.symbol')} />
        <TextField source="siConversionFormula" label={t('console.units.columns.siConversionFormula')} />
        <FunctionField
          label={t('console.common.actions')}
          render={(r: UnitRow) => (
            <DeleteWithConfirmButton
              mutationMode="pessimistic"
              label=""
              aria-label={`${t('console.common.delete')} ${r.unit}`}
              confirmTitle={t('console.common.deleteConfirmTitle', { name: r.unit })}
              confirmContent={t('console.common.deleteConfirm', { name: r.unit })}
            />
          )}
        />
      </Datagrid>
    </List>
  );
}
