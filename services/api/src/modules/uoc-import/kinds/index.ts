import type { ImportKind } from '../import-context';
// kinds/ (40a)
import { availabilityTimeKind } from './availability-time';
import { filesKind } from './files';
import { genericTemplatesKind } from './generic-templates';
import { oldFilesKind } from './old-files';
import { internalReviewsKind } from './internal-reviews';
import { pageContentKind } from './page-content';
import { pdfTemplatesKind } from './pdf-templates';
import { predefinedMessagesKind } from './predefined-messages';
import { samplesKind } from './samples';
import { scientistCommentsKind } from './scientist-comments';
import { settingsKind } from './settings';
import { techniquesKind } from './techniques';
import { unitsKind } from './units';
import { eventLogsKind } from './event-logs';
import { experimentsKind } from './experiments';
import { fapsKind } from './faps';
import { feedbackKind } from './feedback';
import { shipmentsKind } from './shipments';
import { statusActionsLogsKind } from './status-actions-logs';
import { visitsKind } from './visits';

/**
 * The kinds imported after the proposals, in this order (one file each in this folder; a kind that needs another's
 * ids comes after it). Each reads its UOC tables (their columns listed in ../uoc-schema.ts), plans keyed events and
 * writes them through the context.
 */
export const LATER_KINDS: readonly ImportKind[] = [
  // kinds/ (40a): the reference kinds, then what hangs off the proposals (files first: answers and reviews name them)
  settingsKind,
  pageContentKind,
  predefinedMessagesKind,
  unitsKind,
  techniquesKind,
  availabilityTimeKind,
  filesKind,
  oldFilesKind,
  pdfTemplatesKind,
  internalReviewsKind,
  scientistCommentsKind,
  samplesKind,
  genericTemplatesKind,
  // (40b) FAPs, then experiments, then what hangs on an experiment; the logs last
  fapsKind,
  experimentsKind,
  visitsKind,
  shipmentsKind,
  feedbackKind,
  statusActionsLogsKind,
  eventLogsKind,
];
