import { createElement } from 'react';
import AccountBalance from '@mui/icons-material/AccountBalance';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';

const InstitutionCreate = lazyPage(() => import('./components/InstitutionForm'), 'InstitutionCreate');
const InstitutionEdit = lazyPage(() => import('./components/InstitutionForm'), 'InstitutionEdit');
const InstitutionList = lazyPage(() => import('./components/InstitutionList'), 'InstitutionList');
const MergeInstitutionsPage = lazyPage(
  () => import('./components/MergeInstitutionsPage'),
  'MergeInstitutionsPage',
);

/** Institutions (`/console/Institutions`, `/console/MergeInstitutionsPage/{id}`, officer). */
export const institutions: ConsoleResource = {
  name: 'Institutions',
  label: 'console.institutions.title',
  icon: AccountBalance,
  roles: ['USER_OFFICER'],
  list: InstitutionList,
  create: InstitutionCreate,
  edit: InstitutionEdit,
  pages: [
    createElement(Route, {
      key: 'merge',
      path: '/MergeInstitutionsPage/:institutionId',
      element: createElement(MergeInstitutionsPage),
    }),
  ],
};
