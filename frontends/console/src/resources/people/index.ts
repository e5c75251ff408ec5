import People from '@mui/icons-material/People';
import type { ConsoleResource } from '../../app/registry';
import { PeopleList } from './components/PeopleList';
import { PersonRoles } from './components/PersonRoles';

/** People (`/console/People`, `/console/People/{id}`, officer): search, roles, impersonate, invite, delete. */
export const people: ConsoleResource = {
  name: 'People',
  label: 'console.people.title',
  icon: People,
  roles: ['USER_OFFICER'],
  list: PeopleList,
  edit: PersonRoles,
};
