import type { ConsoleResource } from '../app/registry';
import { apiAccessTokens } from './api-access-tokens';
import { calls } from './calls';
import { eventLogs } from './event-logs';
import { experimentSafetyReviews } from './experiment-safety-reviews';
import { experiments, experimentTimes } from './experiments';
import { faps } from './faps';
import { features } from './features';
import { feedbacks } from './feedbacks';
import { institutions } from './institutions';
import { instruments } from './instruments';
import { pageEditor } from './page-editor';
import { people } from './people';
import { predefinedMessages } from './predefined-messages';
import { proposals } from './proposals';
import { proposalsToGrade } from './proposals-to-grade';
import { questions } from './questions';
import { reviewProposals } from './review-proposals';
import { statusResources } from './statuses';
import { techniqueProposals } from './technique-proposals';
import { templateResources } from './templates';
import { settings } from './settings';
import { shipments } from './shipments';
import { statusActionsLogs } from './status-actions-logs';
import { downstreamMessages } from './downstream-messages';
import { techniques } from './techniques';
import { units } from './units';
import { visitRegistrations } from './visit-registrations';
import { workflowResources } from './workflows';

/**
 * Every resource of the console, in menu order. A later part (Calls, Status actions logs, People, …) adds its
 * folder and its entry here; the menu, the routes and the role/feature checks follow.
 */
export const consoleResources: ConsoleResource[] = [
  proposals,
  proposalsToGrade,
  reviewProposals,
  techniqueProposals,
  faps,
  experimentSafetyReviews,
  experiments,
  experimentTimes,
  shipments,
  visitRegistrations,
  feedbacks,
  // the administration pages (officer); Settings-group entries show under that heading
  calls,
  instruments,
  techniques,
  statusActionsLogs,
  downstreamMessages,
  ...templateResources,
  questions,
  ...statusResources,
  ...workflowResources,
  people,
  institutions,
  pageEditor,
  units,
  apiAccessTokens,
  features,
  settings,
  predefinedMessages,
  eventLogs,
];
