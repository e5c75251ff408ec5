import { FeatureId } from './enums';

/** Whether a feature is on in a fresh installation, and what it does. */
export interface FeatureDefault {
  readonly enabled: boolean;
  readonly description: string;
}

/**
 * Features as a typical facility starts with them: the review, management, invitation, shipping, visit and
 * scheduling features on; site-specific ones (STFC idle timer, legacy invites, risk assessment, technique
 * proposals, the user search filter) off.
 */
export const FEATURE_DEFAULTS: Readonly<Record<FeatureId, FeatureDefault>> = {
  [FeatureId.CONFLICT_OF_INTEREST_WARNING]: {
    enabled: true,
    description: 'Warn reviewers about possible conflicts of interest before they review',
  },
  [FeatureId.EMAIL_INVITE]: {
    enabled: true,
    description: 'Invite co-proposers and reviewers by e-mail',
  },
  [FeatureId.EMAIL_INVITE_LEGACY]: {
    enabled: false,
    description: 'Legacy e-mail invitations that create placeholder users',
  },
  [FeatureId.EMAIL_SEARCH]: {
    enabled: true,
    description: 'Find users by their exact e-mail address',
  },
  [FeatureId.EXPERIMENT_SAFETY_REVIEW]: {
    enabled: true,
    description: 'Experiment safety inputs (ESI) and their review',
  },
  [FeatureId.FAP_REVIEW]: {
    enabled: true,
    description: 'Facility access panels (FAP) and panel reviews',
  },
  [FeatureId.INSTRUMENT_MANAGEMENT]: {
    enabled: true,
    description: 'Instruments, their scientists and time availability',
  },
  [FeatureId.OAUTH]: {
    enabled: true,
    description: 'Login through the OpenID Connect identity provider',
  },
  [FeatureId.RISK_ASSESSMENT]: {
    enabled: false,
    description: 'Risk assessment of proposals',
  },
  [FeatureId.SCHEDULER]: {
    enabled: true,
    description: 'Experiments and their scheduling',
  },
  [FeatureId.SHIPPING]: {
    enabled: true,
    description: 'Shipments of samples to the facility',
  },
  [FeatureId.STFC_IDLE_TIMER]: {
    enabled: false,
    description: 'Log users out after the IDLE_TIMEOUT of inactivity (STFC)',
  },
  [FeatureId.TECHNICAL_REVIEW]: {
    enabled: true,
    description: 'Technical (feasibility) reviews by instrument scientists',
  },
  [FeatureId.TECHNIQUE_PROPOSALS]: {
    enabled: false,
    description: 'Techniques on proposals and the technique proposal management page',
  },
  [FeatureId.USER_MANAGEMENT]: {
    enabled: true,
    description: 'Manage users and their roles',
  },
  [FeatureId.USER_SEARCH_FILTER]: {
    enabled: false,
    description: 'Filter the user search by institution and other fields',
  },
  [FeatureId.VISIT_MANAGEMENT]: {
    enabled: true,
    description: 'Visits, visitor registrations and experiment feedback',
  },
};
