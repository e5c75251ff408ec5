import { FeatureId, Role } from '@user-office/contracts';
import type { ExperimentSafetyDecision, SafetyStatus } from '../../gql/graphql';

/** The decisions of either reviewer (§3 experiment safety; UNSET withdraws one). */
export const SAFETY_DECISIONS: readonly ExperimentSafetyDecision[] = ['ACCEPTED', 'REJECTED', 'UNSET'];

/** The risk levels of §3, lowest first; a new sample or ESI is PENDING_EVALUATION. */
export const RISK_LEVELS: readonly SafetyStatus[] = [
  'LOW_RISK',
  'ELEVATED_RISK',
  'HIGH_RISK',
  'PENDING_EVALUATION',
];

/** The §3 comment maximum (§9: 6000 characters, shown as a counter). */
export const COMMENT_MAX = 6000;

/**
 * Which parts of the review page the current role may use (§6; docs/experiments.md "The safety review"). This only
 * decides which forms are active: the server decides every rule (a scientist of another instrument, a safety
 * reviewer before the scientist accepted, a stale version) and the page shows its refusal.
 * - the instrument scientist's decision: the experiment's instrument scientist (the queue shows a scientist only
 *   their instruments' ESIs) or an officer;
 * - the safety reviewer's decision and the risk levels: a safety reviewer or an officer (a sample's risk level
 *   with the RISK_ASSESSMENT feature);
 * - a changes request: either reviewer or an officer.
 */
export interface SafetyReviewAbilities {
  scientistDecision: boolean;
  reviewerDecision: boolean;
  requestChanges: boolean;
  experimentRiskLevel: boolean;
  sampleRiskLevel: boolean;
}

export function safetyReviewAbilities(
  role: string,
  isEnabled: (feature: string) => boolean,
): SafetyReviewAbilities {
  const officer = role === Role.USER_OFFICER;
  const scientist = role === Role.INSTRUMENT_SCIENTIST;
  const safetyReviewer = role === Role.EXPERIMENT_SAFETY_REVIEWER;
  return {
    scientistDecision: officer || scientist,
    reviewerDecision: officer || safetyReviewer,
    requestChanges: officer || scientist || safetyReviewer,
    experimentRiskLevel: officer || safetyReviewer,
    sampleRiskLevel: (officer || safetyReviewer) && isEnabled(FeatureId.RISK_ASSESSMENT),
  };
}

interface Decisions {
  instrumentScientistDecision: ExperimentSafetyDecision;
  experimentSafetyReviewerDecision: ExperimentSafetyDecision;
}

/** Still waiting for a decision: the scientist has not rejected it and the safety reviewer has not decided (the api's pendingOnly). */
export function isPendingReview(row: Decisions): boolean {
  return row.instrumentScientistDecision !== 'REJECTED' && row.experimentSafetyReviewerDecision === 'UNSET';
}

/** The queue with the ESIs still waiting first, each part in the server's order (oldest submission first). */
export function pendingFirst<T extends Decisions>(rows: readonly T[]): T[] {
  return [...rows.filter(isPendingReview), ...rows.filter((r) => !isPendingReview(r))];
}

/** The queue's filter as kept in the address: `?show=all` for every submitted ESI, `&instrument=<id>`. */
export interface QueueFilter {
  pendingOnly: boolean;
  instrumentId: number | null;
}

export function queueFilterOf(params: URLSearchParams): QueueFilter {
  const instrument = Number(params.get('instrument'));
  return {
    pendingOnly: params.get('show') !== 'all',
    instrumentId: Number.isInteger(instrument) && instrument > 0 ? instrument : null,
  };
}

export function queueParamsOf(filter: QueueFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (!filter.pendingOnly) params.set('show', 'all');
  if (filter.instrumentId !== null) params.set('instrument', String(filter.instrumentId));
  return params;
}

/** The sample PDF of §7 (its title, declaration and sample ESI answers). */
export const samplePdfPath = (sampleId: number) => `/download/pdf/sample/${sampleId}`;
