import { Edit, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useTranslation } from 'react-i18next';
import type { CallRecord } from '../calls.operations';
import { CallForm, useCallTransform } from './CallForm';

function CallTitle() {
  const { t } = useTranslation();
  const record = useRecordContext<CallRecord>();
  return <>{t('console.calls.editTitle', { shortCode: record?.shortCode ?? '' })}</>;
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
    </Edit>
  );
}
