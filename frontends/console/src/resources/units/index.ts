import { createElement } from 'react';
import Straighten from '@mui/icons-material/Straighten';
import { Route } from 'react-router';
import type { ConsoleResource } from '../../app/registry';
import { ImportUnitsPage } from './components/ImportUnitsPage';
import { UnitCreate } from './components/UnitCreate';
import { UnitList } from './components/UnitList';

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
