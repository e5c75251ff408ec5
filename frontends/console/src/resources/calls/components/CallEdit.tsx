import { FeatureId } from '@user-office/contracts';
import { useSettings } from '@user-office/frontend-shared/settings';
import { Edit, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { CallRecord } from '../calls.operations';
import { CallInstrumentsSection } from '../../instruments/components/CallInstrumentsSection';
import { CallForm, useCallTransform } from './CallForm';

function CallTitle() {
  const { t } = useTranslation();
  const record = useRecordContext<CallRecord>();
  return <>{t('console.calls.editTitle', { shortCode: record?.shortCode ?? '' })}</>;
}

/** The call's instruments (INSTRUMENT_MANAGEMENT): assigned, timed and removed one by one, not by the form. */
function CallInstruments() {
  const record = useRecordContext<CallRecord>();
  const settings = useSettings();
  if (!record || !settings.isEnabled(FeatureId.INSTRUMENT_MANAGEMENT)) return null;
  return <CallInstrumentsSection callId={record.id} allocationTimeUnit={record.allocationTimeUnit} />;
}

/** `/console/Calls/{id}`: updateCall (pessimistic, so a refusal stays on the form), then back to the list. */
export function CallEdit() {
  const { t } = useTranslation();
  const notify = useNotify();
  const redirect = useRedirect();
  const transform = useCallTransform();
  return (
    <Edit
      resource="Calls"
      title={<CallTitle />}
      transform={transform}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify(t('console.calls.updated'), { type: 'success' });
          redirect('list', 'Calls');
        },
      }}
    >
      <CallForm />
      <CallInstruments />
    </Edit>
  );
}
