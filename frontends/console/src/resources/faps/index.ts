import { createElement } from 'react';
import Groups from '@mui/icons-material/Groups';
import { FeatureId } from '@user-office/contracts';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const FapList = lazyPage(() => import('./components/FapList'), 'FapList');
const FapCreate = lazyPage(() => import('./components/FapForm'), 'FapCreate');
const FapEdit = lazyPage(() => import('./components/FapForm'), 'FapEdit');
const FapPage = lazyPage(() => import('./components/FapPage'), 'FapPage');
const GradeGuidePage = lazyPage(
  () => import('../proposals-to-grade/components/GradeGuidePage'),
  'GradeGuidePage',
);

/**
 * FAPs (`/console/Faps`, `/console/FapPage/{id}`, FAP_REVIEW, §2, §6): officers keep the panels; chairs and
 * secretaries reach theirs ("Review proposals and Faps"): members, proposals and assignments, the meeting.
 */
export const faps: ConsoleResource = {
  name: 'Faps',
  label: 'console.faps.menu',
  icon: Groups,
  roles: ['USER_OFFICER', 'FAP_CHAIR', 'FAP_SECRETARY'],
  feature: FeatureId.FAP_REVIEW,
  list: FapList,
  create: FapCreate,
  edit: FapEdit,
  pages: [
    createElement(Route, { key: 'fap-page', path: '/FapPage/:id', element: createElement(FapPage) }),
    // the grade guide screen for officers too (the FAP roles have it with "Proposals to grade")
    createElement(Route, {
      key: 'fap-grade-guide',
      path: '/GradeGuide',
      element: createElement(GradeGuidePage),
    }),
  ],
};
