import { useSavedThenList } from '../../../components/use-saved-then-list';
import { createTechniqueSchema } from '@user-office/contracts';
import {
  Create,
  Edit,
  SimpleForm,
  TextInput,
  useDataProvider,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { ConsoleDataProvider } from '../../../app/data-provider';
import { yupValidate } from '../../../app/form-validation';
import { FormToolbar } from '../../../components/FormToolbar';
import { AssignedListPanel } from '../../instruments/components/AssignedListPanel';
import { useInstrumentChoices, useScientistCandidates } from '../../instruments/components/use-choices';
import { personName } from '../../instruments/instruments.operations';
import '../../instruments/translations';
import type { TechniqueRecord } from '../techniques.operations';

/** §7 createTechnique / updateTechnique: the contracts' schema on the form's values. */
export const validateTechnique = yupValidate(createTechniqueSchema);

function TechniqueForm() {
  const { t } = useTranslation();
  const field = (name: string) => t(`console.techniques.fields.${name}`);
  return (
    <SimpleForm validate={validateTechnique} toolbar={<FormToolbar />}>
      <TextInput source="name" label={field('name')} isRequired />
      <TextInput source="shortCode" label={field('shortCode')} isRequired />
      <TextInput source="description" label={field('description')} isRequired multiline minRows={2} />
    </SimpleForm>
  );
}

export function TechniqueCreate() {
  const { t } = useTranslation();
  return (
    <Create
      resource="Techniques"
      title={t('console.techniques.createTitle')}
      mutationOptions={useSavedThenList(t('console.techniques.created'), 'Techniques')}
    >
      <TechniqueForm />
    </Create>
  );
}

function TechniqueTitle() {
  const { t } = useTranslation();
  const record = useRecordContext<TechniqueRecord>();
  return <>{t('console.techniques.editTitle', { shortCode: record?.shortCode ?? '' })}</>;
}

/** The technique's instruments and scientists, each added (picked) and removed by the officer. */
function TechniqueLinks() {
  const record = useRecordContext<TechniqueRecord>();
  const provider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const instruments = useInstrumentChoices();
  const scientists = useScientistCandidates();
  if (!record) return null;
  return (
    <>
      <AssignedListPanel
        texts="console.techniques.instruments"
        of={record.name}
        items={record.instruments.map((i) => ({ id: i.id, name: `${i.name} (${i.shortCode})` }))}
        candidates={instruments}
        editable
        add={(id) => provider.assignInstrumentsToTechnique(record.id, [id])}
        remove={(id) => provider.removeInstrumentsFromTechnique(record.id, [id])}
        onChanged={refresh}
      />
      <AssignedListPanel
        texts="console.instruments.scientists"
        of={record.name}
        items={record.scientists.map((s) => ({
          id: s.id,
          name: personName(s),
          detail: s.email ?? undefined,
        }))}
        candidates={scientists}
        editable
        add={(id) => provider.assignScientistsToTechnique(record.id, [id])}
        remove={(id) => provider.removeScientistFromTechnique(record.id, id)}
        onChanged={refresh}
      />
    </>
  );
}

export function TechniqueEdit() {
  const { t } = useTranslation();
  return (
    <Edit
      resource="Techniques"
      title={<TechniqueTitle />}
      mutationMode="pessimistic"
      mutationOptions={useSavedThenList(t('console.techniques.updated'), 'Techniques')}
    >
      <TechniqueForm />
      <TechniqueLinks />
    </Edit>
  );
}
