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
      <CreateButton label={t('admin.units.createTitle')} />
      <Button startIcon={<Upload />} onClick={() => navigate('/ImportUnits')}>
        {t('admin.units.import')}
      </Button>
      <Button startIcon={<Download />} onClick={() => void exportUnits()}>
        {t('admin.units.export')}
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
      title={t('admin.units.title')}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('admin.common.search')} />]}
      actions={<UnitActions />}
      sort={{ field: 'quantity', order: 'ASC' }}
      storeKey="Units.list"
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <TextField source="id" label={t('admin.units.columns.id')} />
        <TextField source="unit" label={t('admin.units.columns.unit')} />
        <TextField source="quantity" label={t('admin.units.columns.quantity')} />
        <TextField source="symbol" label={t('admin.units.columns.symbol')} />
        <TextField source="siConversionFormula" label={t('admin.units.columns.siConversionFormula')} />
        <FunctionField
          label={t('admin.common.actions')}
          render={(r: UnitRow) => (
            <DeleteWithConfirmButton
              mutationMode="pessimistic"
              label=""
              aria-label={`${t('admin.common.delete')} ${r.unit}`}
              confirmTitle={t('admin.common.deleteConfirmTitle', { name: r.unit })}
              confirmContent={t('admin.common.deleteConfirm', { name: r.unit })}
            />
          )}
        />
      </Datagrid>
    </List>
  );
}
