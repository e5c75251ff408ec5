import CalendarToday from '@mui/icons-material/CalendarToday';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const CallCreate = lazyPage(() => import('./components/CallCreate'), 'CallCreate');
const CallEdit = lazyPage(() => import('./components/CallEdit'), 'CallEdit');
const CallList = lazyPage(() => import('./components/CallList'), 'CallList');

/** Calls (`/console/Calls`, officer): list with active / internally active / ended, create, edit, delete. */
export const calls: ConsoleResource = {
  name: 'Calls',
  label: 'console.calls.title',
  icon: CalendarToday,
  roles: ['USER_OFFICER'],
  list: CallList,
  create: CallCreate,
  edit: CallEdit,
};
