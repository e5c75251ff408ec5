import { createUnitSchema } from '@user-office/contracts';
import {
  AutocompleteInput,
  Create,
  SimpleForm,
  TextInput,
  useGetList,
  useNotify,
  useRedirect,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { yupValidate } from '../../../app/form-validation';

/** §5 unit form: "Id is required", "Name is required", … from the contracts' schema (the api's). */
export const validateUnit = yupValidate(createUnitSchema, (values) => ({
  id: values.id ?? '',
  unit: values.unit ?? '',
  quantity: values.quantity ?? '',
  symbol: values.symbol ?? '',
  siConversionFormula: values.siConversionFormula ?? '',
}));

/** Create unit (§2 dialog, here a page): createUnit, then "Unit created successfully" (§8). */
export function UnitCreate() {
  const { t } = useTranslation();
  const notify = useNotify();
  const redirect = useRedirect();
  const { data: quantities = [] } = useGetList('Quantities', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Create
      resource="Units"
      title={t('admin.units.createTitle')}
      mutationOptions={{
        onSuccess: () => {
          notify(t('admin.units.created'), { type: 'success' });
          redirect('list', 'Units');
        },
      }}
    >
      <SimpleForm validate={validateUnit}>
        <TextInput source="id" label={t('admin.units.fields.id')} isRequired />
        <TextInput source="unit" label={t('admin.units.fields.unit')} isRequired />
        <AutocompleteInput
          source="quantity"
          label={t('admin.units.fields.quantity')}
          choices={quantities}
          optionText="id"
          onCreate={(name) => ({ id: name ?? '' })}
          createItemLabel="%{item}"
          isRequired
        />
        <TextInput source="symbol" label={t('admin.units.fields.symbol')} isRequired />
        <TextInput
          source="siConversionFormula"
          label={t('admin.units.fields.siConversionFormula')}
          helperText={t('admin.units.fields.siConversionFormulaHelp')}
          isRequired
        />
      </SimpleForm>
    </Create>
  );
}
