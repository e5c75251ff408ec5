import { createElement } from 'react';
import Grading from '@mui/icons-material/Grading';
import { FeatureId } from '@user-office/contracts';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const ProposalsToGradeList = lazyPage(
  () => import('./components/ProposalsToGradeList'),
  'ProposalsToGradeList',
);
const GradeGuidePage = lazyPage(() => import('./components/GradeGuidePage'), 'GradeGuidePage');

/**
 * Proposals to grade (`/console/ProposalsToGrade`, FAP_REVIEW, §2 "Other roles see 'Proposals to grade'"): the
 * home of FAP reviewers, chairs and secretaries; each review opens in the review modal's Grade tab. The grade
 * guide screen is `/console/GradeGuide` (`?fap=` the panel's own guide).
 */
export const proposalsToGrade: ConsoleResource = {
  name: 'ProposalsToGrade',
  label: 'console.grading.title',
  icon: Grading,
  roles: ['FAP_REVIEWER', 'FAP_CHAIR', 'FAP_SECRETARY'],
  feature: FeatureId.FAP_REVIEW,
  list: ProposalsToGradeList,
  pages: [
    createElement(Route, { key: 'grade-guide', path: '/GradeGuide', element: createElement(GradeGuidePage) }),
  ],
};
