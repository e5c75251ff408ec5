import { Create, useNotify, useRedirect } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { CallForm, useCallTransform } from './CallForm';

/** `/console/Calls/create`: createCall, then back to the list. */
export function CallCreate() {
  const { t } = useTranslation();
  const notify = useNotify();
  const redirect = useRedirect();
  const transform = useCallTransform();
  return (
    <Create
      resource="Calls"
      title={t('console.calls.createTitle')}
      transform={transform}
      record={{ allocationTimeUnit: 'Day' }}
      mutationOptions={{
        onSuccess: () => {
          notify(t('console.calls.created'), { type: 'success' });
          redirect('list', 'Calls');
        },
      }}
    >
      <CallForm />
    </Create>
  );
}
