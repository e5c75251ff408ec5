import Key from '@mui/icons-material/Key';
import type { ConsoleResource } from '../../app/registry';
import {
  ApiAccessTokenCreate,
  ApiAccessTokenEdit,
  ApiAccessTokenList,
} from './components/ApiAccessTokenPages';

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
