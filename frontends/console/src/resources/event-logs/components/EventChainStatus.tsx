import Alert from '@mui/material/Alert';
import { request } from '@user-office/frontend-shared/graphql-client';
import { useDateFormat } from '@user-office/frontend-shared/settings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConsoleEventChainVerificationDocument,
  type ConsoleEventChainVerificationQuery,
} from '../../../gql/graphql';

type Verification = ConsoleEventChainVerificationQuery['eventChainVerification'];

/** When the event log's hash chain was last verified (`npm run events:verify`) and its result. */
export function EventChainStatus() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const [verification, setVerification] = useState<Verification | undefined>(undefined);
  useEffect(() => {
    let live = true;
    request(ConsoleEventChainVerificationDocument)
      .then((data) => live && setVerification(data.eventChainVerification))
      .catch(() => live && setVerification(null));
    return () => {
      live = false;
    };
  }, []);
  if (verification === undefined) return null;
  if (verification === null)
    return (
      <Alert severity="info" data-testid="event-chain-status">
        {t('console.eventLogs.chain.never')}
      </Alert>
    );
  return (
    <Alert severity={verification.ok ? 'success' : 'error'} data-testid="event-chain-status">
      {t(verification.ok ? 'console.eventLogs.chain.ok' : 'console.eventLogs.chain.broken', {
        date: dates.dateTime(verification.verifiedAt),
        count: verification.eventsChecked,
      })}{' '}
      {verification.ok ? null : verification.message}
    </Alert>
  );
}
