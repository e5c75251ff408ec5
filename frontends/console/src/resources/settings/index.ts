import Settings from '@mui/icons-material/Settings';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const SettingsList = lazyPage(() => import('./components/SettingsList'), 'SettingsList');

/** App settings (`/console/Settings`, officer; Settings group). */
export const settings: ConsoleResource = {
  name: 'Settings',
  label: 'console.settings.title',
  icon: Settings,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: SettingsList,
};
