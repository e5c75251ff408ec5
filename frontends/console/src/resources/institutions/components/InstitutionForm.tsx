import { useSavedThenList } from '../../../components/use-saved-then-list';
import { createInstitutionSchema } from '@user-office/contracts';
import {
  AutocompleteInput,
  Create,
  Edit,
  SimpleForm,
  TextInput,
  useGetList,
  useRecordContext,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { yupValidate } from '../../../app/form-validation';
import type { InstitutionRecord } from '../institutions.operations';
import { FormToolbar } from '../../../components/FormToolbar';

/** §7 createInstitution / updateInstitution: the contracts' schema (name, country, ROR id) on the form's values. */
export const validateInstitution = yupValidate(createInstitutionSchema, (values) => ({
  name: values.name ?? '',
  country: values.countryId === '' || values.countryId == null ? undefined : Number(values.countryId),
  rorId: values.rorId || null,
}));

function InstitutionForm() {
  const { t } = useTranslation();
  const { data: countries = [] } = useGetList('Countries', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'value', order: 'ASC' },
  });
  return (
    <SimpleForm validate={validateInstitution} toolbar={<FormToolbar />}>
      <TextInput source="name" label={t('console.institutions.fields.name')} isRequired />
      <AutocompleteInput
        source="countryId"
        label={t('console.institutions.fields.country')}
        choices={countries}
        optionText="value"
        isRequired
      />
      <TextInput source="rorId" label={t('console.institutions.fields.rorId')} />
    </SimpleForm>
  );
}

export function InstitutionCreate() {
  const { t } = useTranslation();
  const mutationOptions = useSavedThenList(t('success.saved'), 'Institutions');
  return (
    <Create
      resource="Institutions"
      title={t('console.institutions.createTitle')}
      mutationOptions={mutationOptions}
    >
      <InstitutionForm />
    </Create>
  );
}

function InstitutionTitle() {
  const { t } = useTranslation();
  const record = useRecordContext<InstitutionRecord>();
  return <>{t('console.institutions.editTitle', { name: record?.name ?? '' })}</>;
}

export function InstitutionEdit() {
  const { t } = useTranslation();
  const mutationOptions = useSavedThenList(t('success.updated'), 'Institutions');
  return (
    <Edit
      resource="Institutions"
      title={<InstitutionTitle />}
      mutationMode="pessimistic"
      mutationOptions={mutationOptions}
    >
      <InstitutionForm />
    </Edit>
  );
}
