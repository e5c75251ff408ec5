import { createElement } from 'react';
import AccountBalance from '@mui/icons-material/AccountBalance';
import { Route } from 'react-router';
import type { ConsoleResource } from '../../app/registry';
import { InstitutionCreate, InstitutionEdit } from './components/InstitutionForm';
import { InstitutionList } from './components/InstitutionList';
import { MergeInstitutionsPage } from './components/MergeInstitutionsPage';

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
