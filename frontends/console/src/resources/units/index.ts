import { createElement } from 'react';
import Straighten from '@mui/icons-material/Straighten';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const ImportUnitsPage = lazyPage(() => import('./components/ImportUnitsPage'), 'ImportUnitsPage');
const UnitCreate = lazyPage(() => import('./components/UnitCreate'), 'UnitCreate');
const UnitList = lazyPage(() => import('./components/UnitList'), 'UnitList');

/** Units (`/console/Units`, `/console/ImportUnits`, officer; Settings group). */
export const units: ConsoleResource = {
  name: 'Units',
  label: 'console.units.title',
  icon: Straighten,
  roles: ['USER_OFFICER'],
  group: 'settings',
  list: UnitList,
  create: UnitCreate,
  pages: [
    createElement(Route, { key: 'import', path: '/ImportUnits', element: createElement(ImportUnitsPage) }),
  ],
};
