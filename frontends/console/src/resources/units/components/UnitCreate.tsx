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
import { FormToolbar } from '../../../components/FormToolbar';

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
      title={t('console.units.createTitle')}
      mutationOptions={{
        onSuccess: () => {
          notify(t('console.units.created'), { type: 'success' });
          redirect('list', 'Units');
        },
      }}
    >
      <SimpleForm validate={validateUnit} toolbar={<FormToolbar />}>
        <TextInput source="id" label={t('console.units.fields.id')} isRequired />
        <TextInput source="unit" label={t('console.units.fields.unit')} isRequired />
        <AutocompleteInput
          source="quantity"
          label={t('console.units.fields.quantity')}
          choices={quantities}
          optionText="id"
          onCreate={(name) => ({ id: name ?? '' })}
          createItemLabel="%{item}"
          isRequired
        />
        <TextInput source="symbol" label={t('console.units.fields.symbol')} isRequired />
        <TextInput
          source="siConversionFormula"
          label={t('console.units.fields.siConversionFormula')}
          helperText={t('console.units.fields.siConversionFormulaHelp')}
          isRequired
        />
      </SimpleForm>
    </Create>
  );
}
