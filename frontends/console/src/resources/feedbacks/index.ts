import { createElement } from 'react';
import RateReview from '@mui/icons-material/RateReview';
import { FeatureId } from '@user-office/contracts';
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazy-page';
import type { ConsoleResource } from '../../app/registry';
import './translations';

const FeedbackList = lazyPage(() => import('./components/FeedbackList'), 'FeedbackList');
const FeedbackPage = lazyPage(() => import('./components/FeedbackPage'), 'FeedbackPage');

/**
 * The users' feedback on completed experiments (`/console/Feedbacks`, officers — `feedbacks` is theirs —, feature
 * VISIT_MANAGEMENT): the list filtered by call, instrument and status, and the read page of one feedback
 * `/console/Feedbacks/{feedbackId}` with its answers.
 */
export const feedbacks: ConsoleResource = {
  name: 'Feedbacks',
  label: 'console.feedbacks.menu',
  icon: RateReview,
  roles: ['USER_OFFICER'],
  feature: FeatureId.VISIT_MANAGEMENT,
  list: FeedbackList,
  routes: [
    createElement(Route, {
      key: 'feedback',
      path: ':feedbackId',
      element: createElement(FeedbackPage),
    }),
  ],
};
