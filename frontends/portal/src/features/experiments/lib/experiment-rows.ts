import type { ExperimentsRowFragment, ExperimentsUpcomingQuery } from '../../../gql/graphql';
import type { ExperimentFacts } from './experiment-actions';

export type ExperimentRow = ExperimentsRowFragment;
export type ProposalFacts = ExperimentsUpcomingQuery['getUserProposals'][number];

/** §4 "User experiments filter status: active and completed". */
export const USER_EXPERIMENT_STATUSES = ['ACTIVE', 'COMPLETED'] as const;

/** §9 "Experiments menu link: window of the next 30 days". */
export const EXPERIMENT_TIMES_WINDOW_DAYS = 30;

const DAY_MS = 24 * 3600 * 1000;

/** The experiments that start within `days` of `now` (those ending before `now` are left out by the query). */
export function startingWithin<T extends Pick<ExperimentRow, 'startsAt'>>(
  rows: readonly T[],
  now: Date,
  days: number,
): T[] {
  const until = now.getTime() + days * DAY_MS;
  return rows.filter((row) => Date.parse(row.startsAt) <= until);
}

/**
 * The rows of the dashboard's table (§4 "User experiments filter status: active and completed"): those not yet
 * ended, and the completed ones that ended within the feedback period (FEEDBACK_EXHAUST_DAYS), whose "give
 * feedback" icon is the user's work now. The query asks from `now − feedbackDays`; this keeps the rest out.
 */
export function currentOrAwaitingFeedback<T extends Pick<ExperimentRow, 'endsAt' | 'status'>>(
  rows: readonly T[],
  now: Date,
): T[] {
  return rows.filter((row) => Date.parse(row.endsAt) > now.getTime() || row.status === 'COMPLETED');
}

/** How far back the dashboard's query reaches: FEEDBACK_EXHAUST_DAYS (no reminder, no feedback asked after it). */
export function feedbackLookBack(now: Date, feedbackDays: number): Date {
  return new Date(now.getTime() - Math.max(0, feedbackDays) * DAY_MS);
}

/** The features the action icons depend on (§4). */
export interface ActionFeatures {
  safety: boolean;
  visits: boolean;
  shipping: boolean;
}

/** The facts the action icons read of one experiment (see experiment-actions.ts). */
export function experimentFacts(
  row: ExperimentRow,
  proposals: readonly ProposalFacts[],
  userId: number,
  features: ActionFeatures,
): ExperimentFacts {
  const proposal = proposals.find((p) => p.primaryKey === row.proposalPk);
  const own = row.visit?.registrations.find((r) => r.userId === userId);
  return {
    isMember:
      proposal !== undefined &&
      (proposal.proposerId === userId || proposal.users.some((u) => u.id === userId)),
    proposalAccepted: proposal?.finalStatus === 'ACCEPTED',
    decisionSubmitted: proposal?.managementDecisionSubmitted === true,
    safetyFeature: features.safety,
    hasSafety: row.experimentSafety !== null && row.experimentSafety !== undefined,
    visitFeature: features.visits,
    shippingFeature: features.shipping,
    hasVisit: row.visit !== null && row.visit !== undefined,
    ownRegistration: own?.status ?? null,
    experimentCompleted: row.status === 'COMPLETED',
    feedback: row.feedback?.status ?? null,
  };
}

/** The proposal's PI and co-proposers, the PI first (the visit team dialog's choices). */
export function proposalMembers(proposal: ProposalFacts | undefined): Person[] {
  if (!proposal) return [];
  const members: Person[] = proposal.proposer ? [proposal.proposer] : [];
  for (const user of proposal.users) if (!members.some((m) => m.id === user.id)) members.push(user);
  return members;
}

export type Person = NonNullable<ProposalFacts['proposer']>;

/** A person as the tables show them: preferred name (else first name) and last name. */
export function personName(
  person: { firstname: string; lastname: string; preferredname?: string | null } | null | undefined,
): string {
  if (!person) return '';
  return `${person.preferredname || person.firstname} ${person.lastname}`.trim();
}
