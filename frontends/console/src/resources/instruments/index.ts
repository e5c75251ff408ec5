import Science from '@mui/icons-material/Science';
import { FeatureId } from '@user-office/contracts';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const InstrumentList = lazyPage(() => import('./components/InstrumentList'), 'InstrumentList');
const InstrumentCreate = lazyPage(() => import('./components/InstrumentForm'), 'InstrumentCreate');
const InstrumentEdit = lazyPage(() => import('./components/InstrumentForm'), 'InstrumentEdit');

/**
 * Instruments (`/console/Instruments`, INSTRUMENT_MANAGEMENT): officers keep them; instrument scientists see
 * their own (§6). The call's Instruments section is in the call's edit page.
 */
export const instruments: ConsoleResource = {
  name: 'Instruments',
  label: 'console.instruments.title',
  icon: Science,
  roles: ['USER_OFFICER', 'INSTRUMENT_SCIENTIST'],
  feature: FeatureId.INSTRUMENT_MANAGEMENT,
  list: InstrumentList,
  create: InstrumentCreate,
  edit: InstrumentEdit,
};
