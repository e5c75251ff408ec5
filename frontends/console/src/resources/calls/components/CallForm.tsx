import { Box, Typography } from '@mui/material';
import { AllocationTimeUnit, callSchema, FeatureId } from '@user-office/contracts';
import { useSettings } from '@user-office/frontend-shared/settings';
import { SelectArrayInput, SelectInput, SimpleForm, TextInput, useGetList } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { yupValidate } from '../../../app/form-validation';
import { fromZonedInput, zoneOf } from '../../../components/zoned-dates';
import { ZonedDateTimeInput } from '../../../components/ZonedDateTimeInput';
import { FormToolbar } from '../../../components/FormToolbar';

/** The call's dates, in the form's order (§3 Call). */
export const CALL_DATE_FIELDS = [
  'startCall',
  'endCall',
  'endCallInternal',
  'startReview',
  'endReview',
  'startFapReview',
  'endFapReview',
  'startNotify',
  'endNotify',
  'startCycle',
  'endCycle',
] as const;

const REQUIRED_DATES: ReadonlySet<string> = new Set([
  'startCall',
  'endCall',
  'startReview',
  'endReview',
  'startNotify',
  'endNotify',
  'startCycle',
  'endCycle',
]);

/** A blank input (text, select) as null, the way the contracts' schema and the api read it. */
function blanksAsNull(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? null : v]));
}

/**
 * What the form sends: the dates entered in the facility's zone as instants, blanks as null (the data provider
 * keeps only the call's fields).
 */
export function useCallTransform(): (values: Record<string, unknown>) => Record<string, unknown> {
  const zone = zoneOf(useSettings().value('TIMEZONE'));
  return (values) => {
    const result = blanksAsNull(values);
    for (const field of CALL_DATE_FIELDS) result[field] = fromZonedInput(values[field], zone);
    return result;
  };
}

/** §5: the contracts' call schema, with the messages the api answers with. */
export const validateCall = yupValidate(callSchema, blanksAsNull);

function Section({ title }: { title: string }) {
  return (
    <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
      {title}
    </Typography>
  );
}

interface TemplateOption {
  id: number;
  name: string;
  groupId: string;
}

/**
 * The call form (create and edit): every §5 required field with its message (short code, the dates in the
 * TIMEZONE setting, allocation time unit, workflow, proposal template, cycle and survey comments), the optional
 * templates, its review panels (FAP_REVIEW), the reference number format and the submission message.
 */
export function CallForm() {
  const { t } = useTranslation();
  const settings = useSettings();
  const zone = zoneOf(settings.value('TIMEZONE'));
  const experimentsOn = settings.isEnabled(FeatureId.EXPERIMENT_SAFETY_REVIEW);
  const { data: workflows = [] } = useGetList('Workflows', { pagination: { page: 1, perPage: 1000 } });
  // the workflows resource's list of EXPERIMENT workflows
  const { data: experimentWorkflows = [] } = useGetList(
    'ExperimentWorkflows',
    { pagination: { page: 1, perPage: 1000 } },
    { enabled: experimentsOn },
  );
  const { data: templates = [] } = useGetList<TemplateOption>('Templates', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const fapsOn = settings.isEnabled(FeatureId.FAP_REVIEW);
  const { data: faps = [] } = useGetList<{ id: number; code: string }>(
    'FapsMinimal',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'code', order: 'ASC' } },
    { enabled: fapsOn },
  );
  const ofGroup = (group: string) => templates.filter((tpl) => tpl.groupId === group);
  const label = (field: string) => t(`console.calls.fields.${field}`);
  const row = {
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
    columnGap: 2,
    width: '100%',
  };

  return (
    <SimpleForm validate={validateCall} mode="onBlur" reValidateMode="onChange" toolbar={<FormToolbar />}>
      <Section title={t('console.calls.sections.general')} />
      <Box sx={row}>
        <TextInput source="shortCode" label={label('shortCode')} isRequired />
        <TextInput source="title" label={label('title')} />
      </Box>
      <TextInput source="description" label={label('description')} multiline minRows={2} />

      <Section title={t('console.calls.sections.dates', { zone })} />
      <Box sx={row}>
        {CALL_DATE_FIELDS.map((field) => (
          <ZonedDateTimeInput
            key={field}
            source={field}
            label={label(field)}
            isRequired={REQUIRED_DATES.has(field)}
          />
        ))}
      </Box>

      <Section title={t('console.calls.sections.templates')} />
      <Box sx={row}>
        <SelectInput
          source="allocationTimeUnit"
          label={label('allocationTimeUnit')}
          isRequired
          choices={Object.values(AllocationTimeUnit).map((u) => ({
            id: u,
            name: t(`console.calls.timeUnits.${u}`),
          }))}
        />
        <SelectInput
          source="proposalWorkflowId"
          label={label('proposalWorkflowId')}
          isRequired
          choices={workflows}
          optionText="name"
        />
        {experimentsOn && (
          <SelectInput
            source="experimentWorkflowId"
            label={label('experimentWorkflowId')}
            choices={experimentWorkflows}
            optionText="name"
            emptyText={label('experimentWorkflowDefault')}
          />
        )}
        <SelectInput
          source="templateId"
          label={label('templateId')}
          isRequired
          choices={ofGroup('PROPOSAL_QUESTIONARY')}
          optionText="name"
        />
        <SelectInput
          source="pdfTemplateId"
          label={label('pdfTemplateId')}
          choices={ofGroup('PDF')}
          optionText="name"
          emptyText={t('console.common.none')}
        />
        <SelectInput
          source="fapReviewTemplateId"
          label={label('fapReviewTemplateId')}
          choices={ofGroup('FAP_REVIEW')}
          optionText="name"
          emptyText={t('console.common.none')}
        />
        <SelectInput
          source="technicalReviewTemplateId"
          label={label('technicalReviewTemplateId')}
          choices={ofGroup('TECHNICAL_REVIEW')}
          optionText="name"
          emptyText={t('console.common.none')}
        />
        {fapsOn && (
          <SelectArrayInput source="fapIds" label={label('faps')} choices={faps} optionText="code" />
        )}
        <TextInput
          source="referenceNumberFormat"
          label={label('referenceNumberFormat')}
          helperText={label('referenceNumberFormatHelp')}
        />
      </Box>

      <Section title={t('console.calls.sections.comments')} />
      <Box sx={row}>
        <TextInput source="cycleComment" label={label('cycleComment')} isRequired />
        <TextInput source="surveyComment" label={label('surveyComment')} isRequired />
      </Box>
      <TextInput
        source="submissionMessage"
        label={label('submissionMessage')}
        helperText={label('submissionMessageHelp')}
        multiline
        minRows={2}
      />
    </SimpleForm>
  );
}
