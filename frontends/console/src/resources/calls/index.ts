import CalendarToday from '@mui/icons-material/CalendarToday';
import type { ConsoleResource } from '../../app/registry';
import { CallCreate } from './components/CallCreate';
import { CallEdit } from './components/CallEdit';
import { CallList } from './components/CallList';

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
