import {
  EXPERIMENT_ACTIONS,
  experimentActionState,
  experimentActionStates,
  type ActionState,
  type ExperimentAction,
  type ExperimentFacts,
} from './experiment-actions';

/**
 * A member's ACTIVE experiment of an accepted proposal with its decision submitted, every feature on, nothing done
 * yet: no visit, no ESI, no feedback.
 */
const ready: ExperimentFacts = {
  isMember: true,
  proposalAccepted: true,
  decisionSubmitted: true,
  safetyFeature: true,
  hasSafety: false,
  visitFeature: true,
  shippingFeature: true,
  hasVisit: false,
  ownRegistration: null,
  experimentCompleted: false,
  feedback: null,
};

const active: ActionState = { kind: 'active' };
const completed: ActionState = { kind: 'completed' };
const invisible: ActionState = { kind: 'invisible' };
const inactive = (reason: Extract<ActionState, { kind: 'inactive' }>['reason']): ActionState => ({
  kind: 'inactive',
  reason,
});
/** a visit on which the caller is a visitor with a registration in this status */
const registered = (status: NonNullable<ExperimentFacts['ownRegistration']>): Partial<ExperimentFacts> => ({
  hasVisit: true,
  ownRegistration: status,
});

/** Every §4 state of every experiment action icon: [action, case, facts changed from `ready`, expected state]. */
const STATES: [ExperimentAction, string, Partial<ExperimentFacts>, ActionState][] = [
  // §4 "Define visit: only for the PI or a co-proposer. Active when the proposal is accepted and the management
  // decision is submitted. Completed once a visit exists. Otherwise inactive with an explanatory tooltip."
  ['defineVisit', 'active: accepted, decision submitted, no visit yet', {}, active],
  ['defineVisit', 'completed once a visit exists', { hasVisit: true }, completed],
  [
    'defineVisit',
    'inactive while the proposal is not accepted',
    { proposalAccepted: false },
    inactive('notAccepted'),
  ],
  [
    'defineVisit',
    'inactive while the management decision is not submitted',
    { decisionSubmitted: false },
    inactive('decisionNotSubmitted'),
  ],
  [
    'defineVisit',
    'inactive (not completed) when a visit exists but the proposal is no longer accepted',
    { proposalAccepted: false, hasVisit: true },
    inactive('notAccepted'),
  ],
  [
    'defineVisit',
    'invisible to someone who is neither the PI nor a co-proposer',
    { isMember: false },
    invisible,
  ],
  ['defineVisit', 'invisible without the visit management feature', { visitFeature: false }, invisible],

  // §4 "Finish experiment safety form: same rule; completed when a safety record exists."
  ['finishEsi', 'active: accepted, decision submitted, no safety record yet', {}, active],
  ['finishEsi', 'completed once a safety record exists', { hasSafety: true }, completed],
  [
    'finishEsi',
    'inactive while the proposal is not accepted',
    { proposalAccepted: false },
    inactive('notAccepted'),
  ],
  [
    'finishEsi',
    'inactive while the management decision is not submitted',
    { decisionSubmitted: false },
    inactive('decisionNotSubmitted'),
  ],
  [
    'finishEsi',
    'inactive for the first missing condition when both are missing',
    { proposalAccepted: false, decisionSubmitted: false },
    inactive('notAccepted'),
  ],
  [
    'finishEsi',
    'inactive (not completed) when a record exists but the proposal is no longer accepted',
    { proposalAccepted: false, hasSafety: true },
    inactive('notAccepted'),
  ],
  [
    'finishEsi',
    'invisible to someone who is neither the PI nor a co-proposer',
    { isMember: false },
    invisible,
  ],
  [
    'finishEsi',
    'invisible to a non-member even when a record exists',
    { isMember: false, hasSafety: true },
    invisible,
  ],
  [
    'finishEsi',
    'invisible without the experiment safety review feature',
    { safetyFeature: false },
    invisible,
  ],

  // §4 "Visit icon states: drafted or change requested = active; submitted = pending; approved = completed;
  // cancelled = cancelled and inactive; no visit = inactive; not a registrant = invisible."
  ['registerVisit', 'active while drafted', registered('DRAFTED'), active],
  ['registerVisit', 'active again when changes are requested', registered('CHANGE_REQUESTED'), active],
  ['registerVisit', 'pending once submitted', registered('SUBMITTED'), { kind: 'pending' }],
  ['registerVisit', 'completed once approved', registered('APPROVED'), completed],
  [
    'registerVisit',
    'cancelled when the visitor cancelled',
    registered('CANCELLED_BY_USER'),
    { kind: 'cancelled' },
  ],
  [
    'registerVisit',
    'cancelled when the facility cancelled',
    registered('CANCELLED_BY_FACILITY'),
    { kind: 'cancelled' },
  ],
  ['registerVisit', 'inactive while there is no visit', {}, inactive('noVisit')],
  ['registerVisit', 'invisible to someone who is not one of the visitors', { hasVisit: true }, invisible],
  [
    'registerVisit',
    'invisible without the visit management feature',
    { ...registered('DRAFTED'), visitFeature: false },
    invisible,
  ],

  // §4 "Declare shipment: neutral when accepted and decision submitted, otherwise inactive." (SHIPPING)
  ['declareShipments', 'neutral: accepted, decision submitted', {}, { kind: 'neutral' }],
  [
    'declareShipments',
    'inactive while the proposal is not accepted',
    { proposalAccepted: false },
    inactive('notAccepted'),
  ],
  [
    'declareShipments',
    'inactive while the management decision is not submitted',
    { decisionSubmitted: false },
    inactive('decisionNotSubmitted'),
  ],
  ['declareShipments', 'invisible without the shipping feature', { shippingFeature: false }, invisible],

  // §4 "Feedback action state: invisible, inactive (experiment not completed), active (completed but feedback not
  // submitted), completed."
  ['giveFeedback', 'inactive while the experiment is not completed', {}, inactive('experimentNotCompleted')],
  ['giveFeedback', 'active once the experiment is completed', { experimentCompleted: true }, active],
  [
    'giveFeedback',
    'active while the feedback is a draft',
    { experimentCompleted: true, feedback: 'DRAFT' },
    active,
  ],
  [
    'giveFeedback',
    'completed once the feedback is submitted',
    { experimentCompleted: true, feedback: 'SUBMITTED' },
    completed,
  ],
  [
    'giveFeedback',
    'invisible to someone who is neither the PI nor a co-proposer',
    { experimentCompleted: true, isMember: false },
    invisible,
  ],
  [
    'giveFeedback',
    'invisible without the visit management feature',
    { experimentCompleted: true, visitFeature: false },
    invisible,
  ],
];

describe('the experiment action icons (§4), every state', () => {
  it.each(STATES)('%s: %s', (action, _name, overrides, expected) => {
    expect(experimentActionState(action, { ...ready, ...overrides })).toEqual(expected);
  });

  it('covers every action of the column', () => {
    expect(new Set(STATES.map(([action]) => action))).toEqual(new Set(EXPERIMENT_ACTIONS));
  });

  it("decides every action of the column, in §2's order", () => {
    expect(experimentActionStates(ready).map(([action]) => action)).toEqual([
      'defineVisit',
      'finishEsi',
      'registerVisit',
      'declareShipments',
      'giveFeedback',
    ]);
    expect(
      experimentActionStates({
        ...ready,
        hasSafety: true,
        ...registered('SUBMITTED'),
        experimentCompleted: true,
      }),
    ).toEqual([
      ['defineVisit', completed],
      ['finishEsi', completed],
      ['registerVisit', { kind: 'pending' }],
      ['declareShipments', { kind: 'neutral' }],
      ['giveFeedback', active],
    ]);
  });
});
