import { Stack, TextField } from '@mui/material';
import { visitRegistrationDatesSchema } from '@user-office/contracts';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import type { BasisExtension } from '@user-office/frontend-shared/questionary';

/** The VISIT_BASIS question's value in the step's form: the registrant's dates as the date inputs hold them. */
export interface VisitDates {
  startsAt: string | null;
  endsAt: string | null;
}

const KEY = 'visitDates';

/** "2026-12-03T00:00:00.000Z" → "2026-12-03" (a date input's value) */
export const dateInputValue = (iso: string | null | undefined): string | null =>
  iso ? iso.slice(0, 10) : null;

/** The first §5 Visit basis message of one date, checked with the whole value (the end is checked against the start). */
function dateError(value: VisitDates, path: keyof VisitDates): string | undefined {
  try {
    visitRegistrationDatesSchema().validateSyncAt(path, value);
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.errors[0];
    throw error;
  }
}

function VisitDatesInput({ readonly }: { readonly: boolean }) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<VisitDates>(KEY);
  const value = field.value ?? { startsAt: null, endsAt: null };
  const shown = (path: keyof VisitDates) => (meta.touched ? dateError(value, path) : undefined);
  const input = (path: keyof VisitDates, label: string) => {
    const error = shown(path);
    return (
      <TextField
        id={`visit-basis-${path}`}
        type="date"
        label={label}
        required
        disabled={readonly}
        value={value[path] ?? ''}
        onChange={(e) => void helpers.setValue({ ...value, [path]: e.target.value || null })}
        onBlur={() => void helpers.setTouched(true)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 240 }}
      />
    );
  };
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
      {input('startsAt', t('experiments.visits.registration.startsAt'))}
      {input('endsAt', t('experiments.visits.registration.endsAt'))}
    </Stack>
  );
}

/**
 * The visit registration's VISIT_BASIS question (§5 Visit basis): the registrant's start and end dates, validated with
 * the contracts' schema (its messages), saved with updateVisitRegistration before the step's other answers (the
 * server gives the questionary's basis answer from the registration).
 */
export function visitBasis(initial: VisitDates, save: (dates: VisitDates) => Promise<void>): BasisExtension {
  return {
    initialValues: { [KEY]: initial },
    schema: { [KEY]: visitRegistrationDatesSchema() },
    Component: VisitDatesInput,
    save: async (values) => {
      await save(values[KEY] as VisitDates);
    },
  };
}
