import { useDateFormat } from '@user-office/frontend-shared/settings';
import { Datagrid, FunctionField, List, TextField, TextInput } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { EventChainStatus } from './EventChainStatus';

interface EventLogRow {
  id: string;
  changedBy: string;
  impersonatedBy: string | null;
  eventTStamp: string;
  eventType: string;
  description: string;
  changedObjectId: string;
}

/**
 * Event logs (`/console/EventLogs`, officer): Changed by (or System), Changed on, Event type, Description; filtered
 * by the changed object's id and the event type; above it, the hash chain's last verification. Who acted is
 * shown with the officer impersonating them, when one was.
 */
export function EventLogList() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const filters = [
    <TextInput
      key="changedObjectId"
      source="changedObjectId"
      label={t('console.eventLogs.filters.changedObjectId')}
      alwaysOn
      resettable
    />,
    <TextInput
      key="eventType"
      source="eventType"
      label={t('console.eventLogs.filters.eventType')}
      alwaysOn
      resettable
    />,
  ];
  return (
    <>
      <EventChainStatus />
      <List
        resource="EventLogs"
        title={t('console.eventLogs.title')}
        filters={filters}
        debounce={400}
        sort={{ field: 'eventTStamp', order: 'DESC' }}
        actions={false}
        empty={false}
        storeKey="EventLogs.list"
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <FunctionField
            source="changedBy"
            label={t('console.eventLogs.columns.changedBy')}
            render={(r: EventLogRow) =>
              r.impersonatedBy
                ? t('console.eventLogs.impersonated', { user: r.changedBy, officer: r.impersonatedBy })
                : r.changedBy
            }
          />
          <FunctionField
            source="eventTStamp"
            label={t('console.eventLogs.columns.eventTStamp')}
            render={(r: EventLogRow) => dates.dateTime(r.eventTStamp)}
          />
          <TextField source="eventType" label={t('console.eventLogs.columns.eventType')} />
          <TextField source="description" label={t('console.eventLogs.columns.description')} />
          <TextField source="changedObjectId" label={t('console.eventLogs.columns.changedObjectId')} />
        </Datagrid>
      </List>
    </>
  );
}
