import ToggleOn from '@mui/icons-material/ToggleOn';
import type { ConsoleResource } from '../../app/registry';
import { FeatureList } from './components/FeatureList';

/** Features (`/console/Features`, officer; Settings group). */
export const features: ConsoleResource = {
  name: 'Features',
  label: 'console.features.title',
  icon: ToggleOn,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: FeatureList,
};
