import EventNote from '@mui/icons-material/EventNote';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const EventLogList = lazyPage(() => import('./components/EventLogList'), 'EventLogList');

/** Event logs (`/console/EventLogs`, officer; Settings group). */
export const eventLogs: ConsoleResource = {
  name: 'EventLogs',
  label: 'console.eventLogs.title',
  icon: EventNote,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: EventLogList,
};
