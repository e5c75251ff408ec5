import EventNote from '@mui/icons-material/EventNote';
import type { ConsoleResource } from '../../app/registry';
import { EventLogList } from './components/EventLogList';

/** Event logs (`/console/EventLogs`, officer; Settings group). */
export const eventLogs: ConsoleResource = {
  name: 'EventLogs',
  label: 'console.eventLogs.title',
  icon: EventNote,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: EventLogList,
};
