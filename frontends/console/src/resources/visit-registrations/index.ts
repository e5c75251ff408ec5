import FlightTakeoff from '@mui/icons-material/FlightTakeoff';
import { FeatureId } from '@user-office/contracts';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const VisitRegistrationList = lazyPage(
  () => import('./components/VisitRegistrationList'),
  'VisitRegistrationList',
);

/**
 * The visit registrations (§3 Visit registration, §4; feature VISIT_MANAGEMENT; officers: the api lets the user
 * office approve, request changes and cancel): every visitor's registration, filtered by status in the address,
 * approved or sent back one at a time or in bulk.
 */
export const visitRegistrations: ConsoleResource = {
  name: 'VisitRegistrations',
  label: 'console.visitRegistrations.menu',
  icon: FlightTakeoff,
  roles: ['USER_OFFICER'],
  feature: FeatureId.VISIT_MANAGEMENT,
  list: VisitRegistrationList,
};
