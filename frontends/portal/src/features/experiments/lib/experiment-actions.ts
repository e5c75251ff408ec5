/**
 * The experiment action icons of §2 ("define visit team, finish experiment safety form, register own visit, declare
 * shipments, give feedback") and their states (§4): one pure, table-driven decision per action. Each action is a
 * list of rules; the first whose `when` holds gives the state. An action's icon is then active, neutral, pending,
 * completed, cancelled or inactive (the last two disabled, the tooltip saying why), or invisible. The server decides
 * again on every command: the states only spare the user a click that would be refused.
 */

/** The actions of an upcoming experiment row, in their column order (§2). */
export const EXPERIMENT_ACTIONS = [
  'defineVisit',
  'finishEsi',
  'registerVisit',
  'declareShipments',
  'giveFeedback',
] as const;
export type ExperimentAction = (typeof EXPERIMENT_ACTIONS)[number];

/** Why an action is inactive: a key of `experiments.actions.inactive` in the translations. */
export type InactiveReason = 'notAccepted' | 'decisionNotSubmitted' | 'noVisit' | 'experimentNotCompleted';

export type ActionState =
  | { kind: 'active' }
  /** usable, nothing owed (§4 "Declare shipment: neutral") */
  | { kind: 'neutral' }
  /** done by the user, waiting for the facility (§4 visit registration "submitted = pending") */
  | { kind: 'pending' }
  | { kind: 'inactive'; reason: InactiveReason }
  | { kind: 'completed' }
  /** §4 "cancelled = cancelled and inactive" */
  | { kind: 'cancelled' }
  | { kind: 'invisible' };

/** The caller's own visit registration's status (§3 Visit registration status). */
export type OwnRegistrationStatus =
  'DRAFTED' | 'SUBMITTED' | 'CHANGE_REQUESTED' | 'APPROVED' | 'CANCELLED_BY_USER' | 'CANCELLED_BY_FACILITY';

/** What the rules read of an experiment, its proposal, the caller and the features. */
export interface ExperimentFacts {
  /** the caller is the proposal's PI or one of its co-proposers */
  isMember: boolean;
  /** the proposal's final status is ACCEPTED */
  proposalAccepted: boolean;
  /** the proposal's management decision is submitted */
  decisionSubmitted: boolean;
  /** the EXPERIMENT_SAFETY_REVIEW feature is on */
  safetyFeature: boolean;
  /** the experiment has a safety record (its ESI was created) */
  hasSafety: boolean;
  /** the VISIT_MANAGEMENT feature is on (visits, registrations, feedback) */
  visitFeature: boolean;
  /** the SHIPPING feature is on */
  shippingFeature: boolean;
  /** the experiment has a visit (its team is defined) */
  hasVisit: boolean;
  /** the caller's registration on the visit (null: no visit, or the caller is not one of its visitors) */
  ownRegistration: OwnRegistrationStatus | null;
  /** the experiment's status is COMPLETED */
  experimentCompleted: boolean;
  /** the caller's feedback on the experiment (null: none yet) */
  feedback: 'DRAFT' | 'SUBMITTED' | null;
}

interface Rule {
  when(facts: ExperimentFacts): boolean;
  state: ActionState;
}

const always = () => true;

/**
 * §4 "Define visit: only for the PI or a co-proposer. Active when the proposal is accepted and the management
 * decision is submitted. … Otherwise inactive with an explanatory tooltip." The rules the ESI shares with it.
 */
const MEMBER_OF_ACCEPTED_PROPOSAL: readonly Rule[] = [
  { when: (f) => !f.isMember, state: { kind: 'invisible' } },
  { when: (f) => !f.proposalAccepted, state: { kind: 'inactive', reason: 'notAccepted' } },
  { when: (f) => !f.decisionSubmitted, state: { kind: 'inactive', reason: 'decisionNotSubmitted' } },
];

export const EXPERIMENT_ACTION_RULES: Readonly<Record<ExperimentAction, readonly Rule[]>> = {
  // §4 "Define visit: … Completed once a visit exists."
  defineVisit: [
    { when: (f) => !f.visitFeature, state: { kind: 'invisible' } },
    ...MEMBER_OF_ACCEPTED_PROPOSAL,
    { when: (f) => f.hasVisit, state: { kind: 'completed' } },
    { when: always, state: { kind: 'active' } },
  ],
  // §4 "Finish experiment safety form: same rule; completed when a safety record exists."
  finishEsi: [
    { when: (f) => !f.safetyFeature, state: { kind: 'invisible' } },
    ...MEMBER_OF_ACCEPTED_PROPOSAL,
    { when: (f) => f.hasSafety, state: { kind: 'completed' } },
    { when: always, state: { kind: 'active' } },
  ],
  // §4 "Visit icon states: drafted or change requested = active; submitted = pending; approved = completed;
  // cancelled = cancelled and inactive; no visit = inactive; not a registrant = invisible."
  registerVisit: [
    { when: (f) => !f.visitFeature, state: { kind: 'invisible' } },
    { when: (f) => !f.hasVisit, state: { kind: 'inactive', reason: 'noVisit' } },
    { when: (f) => f.ownRegistration === null, state: { kind: 'invisible' } },
    { when: (f) => f.ownRegistration === 'DRAFTED', state: { kind: 'active' } },
    { when: (f) => f.ownRegistration === 'CHANGE_REQUESTED', state: { kind: 'active' } },
    { when: (f) => f.ownRegistration === 'SUBMITTED', state: { kind: 'pending' } },
    { when: (f) => f.ownRegistration === 'APPROVED', state: { kind: 'completed' } },
    { when: always, state: { kind: 'cancelled' } },
  ],
  // §4 "Declare shipment: neutral when accepted and decision submitted, otherwise inactive." (SHIPPING feature)
  declareShipments: [
    { when: (f) => !f.shippingFeature, state: { kind: 'invisible' } },
    { when: (f) => !f.proposalAccepted, state: { kind: 'inactive', reason: 'notAccepted' } },
    { when: (f) => !f.decisionSubmitted, state: { kind: 'inactive', reason: 'decisionNotSubmitted' } },
    { when: always, state: { kind: 'neutral' } },
  ],
  // §4 "Feedback action state: invisible, inactive (experiment not completed), active (completed but feedback not
  // submitted), completed." Feedback is the proposal's members' (createFeedback), with VISIT_MANAGEMENT.
  giveFeedback: [
    { when: (f) => !f.visitFeature, state: { kind: 'invisible' } },
    { when: (f) => !f.isMember, state: { kind: 'invisible' } },
    { when: (f) => f.feedback === 'SUBMITTED', state: { kind: 'completed' } },
    { when: (f) => !f.experimentCompleted, state: { kind: 'inactive', reason: 'experimentNotCompleted' } },
    { when: always, state: { kind: 'active' } },
  ],
};

/** The state of one action's icon for an experiment. */
export function experimentActionState(action: ExperimentAction, facts: ExperimentFacts): ActionState {
  const rule = EXPERIMENT_ACTION_RULES[action].find((r) => r.when(facts));
  return rule ? rule.state : { kind: 'invisible' };
}

/** Every action's state, in column order. */
export function experimentActionStates(facts: ExperimentFacts): [ExperimentAction, ActionState][] {
  return EXPERIMENT_ACTIONS.map((action) => [action, experimentActionState(action, facts)]);
}

/** Whether the icon is shown disabled (its tooltip says why). */
export function isDisabledState(state: ActionState): boolean {
  return state.kind === 'inactive' || state.kind === 'cancelled';
}
