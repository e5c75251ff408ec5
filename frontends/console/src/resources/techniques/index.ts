import Biotech from '@mui/icons-material/Biotech';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const TechniqueList = lazyPage(() => import('./components/TechniqueList'), 'TechniqueList');
const TechniqueCreate = lazyPage(() => import('./components/TechniqueForm'), 'TechniqueCreate');
const TechniqueEdit = lazyPage(() => import('./components/TechniqueForm'), 'TechniqueEdit');

/** Techniques (`/console/Techniques`, officer): their instruments and scientists. */
export const techniques: ConsoleResource = {
  name: 'Techniques',
  label: 'console.techniques.title',
  icon: Biotech,
  roles: ['USER_OFFICER'],
  list: TechniqueList,
  create: TechniqueCreate,
  edit: TechniqueEdit,
};
