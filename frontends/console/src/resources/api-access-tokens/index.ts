import Key from '@mui/icons-material/Key';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const ApiAccessTokenCreate = lazyPage(
  () => import('./components/ApiAccessTokenPages'),
  'ApiAccessTokenCreate',
);
const ApiAccessTokenEdit = lazyPage(() => import('./components/ApiAccessTokenPages'), 'ApiAccessTokenEdit');
const ApiAccessTokenList = lazyPage(() => import('./components/ApiAccessTokenPages'), 'ApiAccessTokenList');

/** API access tokens (`/console/ApiAccessTokens`, officer; Settings group): the token shown once, with copy. */
export const apiAccessTokens: ConsoleResource = {
  name: 'ApiAccessTokens',
  label: 'console.apiAccessTokens.title',
  icon: Key,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: ApiAccessTokenList,
  create: ApiAccessTokenCreate,
  edit: ApiAccessTokenEdit,
};
