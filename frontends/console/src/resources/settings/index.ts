import Settings from '@mui/icons-material/Settings';
import type { ConsoleResource } from '../../app/registry';
import { SettingsList } from './components/SettingsList';

/** App settings (`/console/Settings`, officer; Settings group). */
export const settings: ConsoleResource = {
  name: 'Settings',
  label: 'console.settings.title',
  icon: Settings,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: SettingsList,
};
