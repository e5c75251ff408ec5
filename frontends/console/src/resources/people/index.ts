import People from '@mui/icons-material/People';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const PeopleList = lazyPage(() => import('./components/PeopleList'), 'PeopleList');
const PersonRoles = lazyPage(() => import('./components/PersonRoles'), 'PersonRoles');

/** People (`/console/People`, `/console/People/{id}`, officer): search, roles, impersonate, invite, delete. */
export const people: ConsoleResource = {
  name: 'People',
  label: 'console.people.title',
  icon: People,
  roles: ['USER_OFFICER'],
  list: PeopleList,
  edit: PersonRoles,
};
