import ToggleOn from '@mui/icons-material/ToggleOn';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const FeatureList = lazyPage(() => import('./components/FeatureList'), 'FeatureList');

/** Features (`/console/Features`, officer; Settings group). */
export const features: ConsoleResource = {
  name: 'Features',
  label: 'console.features.title',
  icon: ToggleOn,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: FeatureList,
};
