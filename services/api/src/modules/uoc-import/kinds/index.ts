import type { ImportKind } from '../import-context';
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
  // (40b) FAPs, then experiments, then what hangs on an experiment; the logs last
  fapsKind,
  experimentsKind,
  visitsKind,
  shipmentsKind,
  feedbackKind,
  statusActionsLogsKind,
  eventLogsKind,
];
