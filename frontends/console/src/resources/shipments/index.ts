import { createElement } from 'react';
import LocalShipping from '@mui/icons-material/LocalShipping';
import { FeatureId } from '@user-office/contracts';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const ShipmentList = lazyPage(() => import('./components/ShipmentList'), 'ShipmentList');
const ShipmentPage = lazyPage(() => import('./components/ShipmentPage'), 'ShipmentPage');

/**
 * Shipments (`/console/Shipments`, officers, feature SHIPPING): every declared shipment, filtered by status and
 * proposal in the address; each opens its page `/console/Shipments/{id}` (its declaration and samples); a
 * submitted one is marked received (markShipmentReceived) and its label downloaded.
 */
export const shipments: ConsoleResource = {
  name: 'Shipments',
  label: 'console.shipments.menu',
  icon: LocalShipping,
  roles: ['USER_OFFICER'],
  feature: FeatureId.SHIPPING,
  list: ShipmentList,
  routes: [
    createElement(Route, {
      key: 'shipment',
      path: ':shipmentId',
      element: createElement(ShipmentPage),
    }),
  ],
};
