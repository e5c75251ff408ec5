import { fapSchema } from '@user-office/contracts';
import {
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { useTranslation } from 'react-i18next';
import { yupValidate } from '../../../app/form-validation';
import { FormToolbar } from '../../../components/FormToolbar';
import { useSavedThenList } from '../../../components/use-saved-then-list';
import { fapInput, type FapRecord } from '../faps.operations';
import { GradeGuideEditor } from './GradeGuideEditor';

/** §5 "A FAP requires code, description, numberRatingsRequired and active": the contracts' fapSchema. */
export const validateFap = yupValidate(fapSchema, (values) => fapInput(values));

function FapForm() {
  const { t } = useTranslation();
  const field = (name: string) => t(`console.faps.fields.${name}`);
  return (
    <SimpleForm validate={validateFap} toolbar={<FormToolbar />}>
      <TextInput source="code" label={field('code')} isRequired />
      <TextInput source="description" label={field('description')} isRequired multiline minRows={2} />
      <NumberInput source="numberRatingsRequired" label={field('numberRatingsRequired')} isRequired min={0} />
      <BooleanInput source="active" label={field('active')} defaultValue={true} />
      <BooleanInput source="customGradeGuide" label={field('customGradeGuide')} defaultValue={false} />
    </SimpleForm>
  );
}

export function FapCreate() {
  const { t } = useTranslation();
  return (
    <Create
      resource="Faps"
      title={t('console.faps.createTitle')}
      record={{ numberRatingsRequired: 2, active: true, customGradeGuide: false }}
      mutationOptions={useSavedThenList(t('console.faps.created'), 'Faps')}
    >
      <FapForm />
    </Create>
  );
}

function FapTitle() {
  const { t } = useTranslation();
  const record = useRecordContext<FapRecord>();
  return <>{t('console.faps.editTitle', { code: record?.code ?? '' })}</>;
}

/** The FAP's fields, then its grade guide (rich text, saved by updateFap with the other fields). */
export function FapEdit() {
  const { t } = useTranslation();
  return (
    <Edit
      resource="Faps"
      title={<FapTitle />}
      mutationMode="pessimistic"
      mutationOptions={useSavedThenList(t('console.faps.updated'), 'Faps')}
    >
      <FapForm />
      <GradeGuideEditor />
    </Edit>
  );
}
