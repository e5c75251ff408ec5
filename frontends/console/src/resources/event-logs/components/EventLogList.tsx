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
  objectType: string;
  proposalPk: number | null;
}

/**
 * Event logs (`/console/EventLogs`, officer): Changed by (or System), Changed on, Event type, Description, the
 * object (its kind and id) and the proposal it belongs to; filtered by the changed object's id, the event type, the
 * object's kind (`proposal` and id 1 is proposal 1, not status 1) and the proposal (with its reviews, reviewer
 * assignments and decisions); above it, the hash chain's last verification. Who acted is shown with the officer
 * impersonating them, when one was.
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
    <TextInput
      key="objectType"
      source="objectType"
      label={t('console.eventLogs.filters.objectType')}
      alwaysOn
      resettable
    />,
    <TextInput
      key="proposalPk"
      source="proposalPk"
      label={t('console.eventLogs.filters.proposalPk')}
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
          <TextField source="objectType" label={t('console.eventLogs.columns.objectType')} />
          <TextField source="changedObjectId" label={t('console.eventLogs.columns.changedObjectId')} />
          <TextField source="proposalPk" label={t('console.eventLogs.columns.proposalPk')} emptyText="" />
        </Datagrid>
      </List>
    </>
  );
}
