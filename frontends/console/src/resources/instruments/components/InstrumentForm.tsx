import { useSavedThenList } from '../../../components/use-saved-then-list';
import { createInstrumentSchema } from '@user-office/contracts';
import {
  AutocompleteInput,
  BooleanInput,
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
import { instrumentInput, personName, type InstrumentRecord } from '../instruments.operations';
import { AssignedListPanel } from './AssignedListPanel';
import { useScientistCandidates } from './use-choices';

/** §7 createInstrument / updateInstrument: the contracts' schema on the form's values (as sent). */
export const validateInstrument = yupValidate(createInstrumentSchema, (values) => instrumentInput(values));

function InstrumentForm() {
  const { t } = useTranslation();
  const candidates = useScientistCandidates();
  const field = (name: string) => t(`console.instruments.fields.${name}`);
  return (
    <SimpleForm validate={validateInstrument} toolbar={<FormToolbar />}>
      <TextInput source="name" label={field('name')} isRequired />
      <TextInput source="shortCode" label={field('shortCode')} isRequired />
      <TextInput source="description" label={field('description')} isRequired multiline minRows={2} />
      <AutocompleteInput
        source="managerUserId"
        label={field('manager')}
        choices={candidates}
        emptyText={t('console.common.none')}
      />
      <BooleanInput source="selectable" label={field('selectable')} defaultValue={true} />
      <TextInput source="instrumentContact" label={field('instrumentContact')} />
    </SimpleForm>
  );
}

export function InstrumentCreate() {
  const { t } = useTranslation();
  return (
    <Create
      resource="Instruments"
      title={t('console.instruments.createTitle')}
      mutationOptions={useSavedThenList(t('console.instruments.created'), 'Instruments')}
    >
      <InstrumentForm />
    </Create>
  );
}

function InstrumentTitle() {
  const { t } = useTranslation();
  const record = useRecordContext<InstrumentRecord>();
  return <>{t('console.instruments.editTitle', { shortCode: record?.shortCode ?? '' })}</>;
}

/** The instrument's scientists: officers add users with the INSTRUMENT_SCIENTIST role and remove them. */
function InstrumentScientists() {
  const record = useRecordContext<InstrumentRecord>();
  const provider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  const candidates = useScientistCandidates();
  if (!record) return null;
  return (
    <AssignedListPanel
      texts="console.instruments.scientists"
      of={record.name}
      items={record.scientists.map((s) => ({ id: s.id, name: personName(s), detail: s.email ?? undefined }))}
      candidates={candidates}
      editable
      add={(id) => provider.assignScientistsToInstrument(record.id, [id])}
      remove={(id) => provider.removeScientistFromInstrument(record.id, id)}
      onChanged={refresh}
    />
  );
}

export function InstrumentEdit() {
  const { t } = useTranslation();
  return (
    <Edit
      resource="Instruments"
      title={<InstrumentTitle />}
      mutationMode="pessimistic"
      mutationOptions={useSavedThenList(t('console.instruments.updated'), 'Instruments')}
    >
      <InstrumentForm />
      <InstrumentScientists />
    </Edit>
  );
}
