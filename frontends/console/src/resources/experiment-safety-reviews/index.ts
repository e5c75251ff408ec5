import { createElement } from 'react';
import HealthAndSafety from '@mui/icons-material/HealthAndSafety';
import { FeatureId } from '@user-office/contracts';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const ExperimentSafetyReviewList = lazyPage(
  () => import('./components/ExperimentSafetyReviewList'),
  'ExperimentSafetyReviewList',
);
const ExperimentSafetyReviewPage = lazyPage(
  () => import('./components/ExperimentSafetyReviewPage'),
  'ExperimentSafetyReviewPage',
);

/**
 * The experiment safety review (§2 `/ExperimentSafetyReview`, feature EXPERIMENT_SAFETY_REVIEW; safety reviewers —
 * their only page and their home —, officers and instrument scientists): the queue of submitted experiment safety
 * inputs, each opening its review page `/ExperimentSafetyReview/{experimentSafetyPk}` (the answers, the samples and
 * their risk levels, the experiment's risk level, the two decisions in turn, a changes request).
 */
export const experimentSafetyReviews: ConsoleResource = {
  name: 'ExperimentSafetyReview',
  label: 'console.safetyReview.menu',
  icon: HealthAndSafety,
  roles: ['EXPERIMENT_SAFETY_REVIEWER', 'USER_OFFICER', 'INSTRUMENT_SCIENTIST'],
  feature: FeatureId.EXPERIMENT_SAFETY_REVIEW,
  list: ExperimentSafetyReviewList,
  routes: [
    createElement(Route, {
      key: 'review',
      path: ':experimentSafetyPk',
      element: createElement(ExperimentSafetyReviewPage),
    }),
  ],
};
