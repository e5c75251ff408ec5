import { array, boolean, mixed, number, object, string, type InferType } from 'yup';

import { ProposalEndStatus } from '../enums';
import { emailPattern, validationLimits } from './common';
import { proposalMessages, technicalReviewMessages, userMessages } from './messages';

/** Printable ASCII (space to tilde), tab and line breaks are kept; anything else becomes a space (§5). */
const NON_PRINTABLE = /[^\x20-\x7E\t\r\n]/g;

/** The abstract with non-printable and non-ASCII characters replaced by spaces, and whether any were. */
export function sanitiseAbstract(abstract: string): { text: string; changed: boolean } {
  const text = abstract.replace(NON_PRINTABLE, ' ');
  return { text, changed: text !== abstract };
}

/** Proposals: texts not quoted in the spec. */
export const proposalRuleMessages = {
  notFound: 'Proposal not found',
  callNotOpen: 'The call is not open for submissions',
  alreadySubmitted: 'The proposal has already been submitted',
  notEditable: 'The proposal can no longer be changed',
  incomplete: 'All steps of the proposal must be completed before it is submitted',
  onlyPiDeletes: 'Only the principal investigator can delete a proposal',
  onlyDraftDeleted: 'Only a draft proposal can be deleted',
  unknownUser: (id: number) => `User ${id} does not exist`,
  proposerAmongCoProposers: 'The principal investigator cannot also be a co-proposer',
  nothingToClone: 'Select at least one proposal to clone',
  mayNotRead: 'You may not see this proposal',
  inviteNotFound: 'This invitation code is not valid',
  inviteExpired: 'This invitation has expired: ask the principal investigator for a new one',
  inviteClaimed: 'This invitation has already been used',
  alreadyMember: 'You are already on this proposal',
} as const;

/** updateProposal (§5): trimmed title ≤ 175, abstract ≤ 1500 (after sanitising), a proposer. */
export const updateProposalSchema = object({
  proposalPk: number().integer().required(),
  title: string()
    .trim()
    .required(proposalMessages.titleRequired)
    .max(validationLimits.proposalTitleMax, proposalMessages.titleMax),
  abstract: string()
    .transform((value: unknown) => (typeof value === 'string' ? sanitiseAbstract(value).text : value))
    .trim()
    .required(proposalMessages.abstractRequired)
    .max(validationLimits.proposalAbstractMax, proposalMessages.abstractMax),
  users: array(number().integer().required()).default([]),
  proposerId: number().integer().nullable().required(proposalMessages.proposerRequired),
});

export const cloneProposalsSchema = object({
  callId: number().integer().nullable().required(proposalMessages.activeCallRequired),
  proposalsToClonePk: array(number().integer().required())
    .min(1, proposalRuleMessages.nothingToClone)
    .required(),
});

/** setCoProposerInvites: the e-mail addresses to invite (§5 e-mail pattern). */
export const coProposerInvitesSchema = object({
  proposalPk: number().integer().required(),
  emails: array(
    string()
      .trim()
      .lowercase()
      .required(userMessages.enterEmail)
      .matches(emailPattern, { message: userMessages.enterEmail }),
  )
    .max(50)
    .default([]),
});

/**
 * The management decision (administrationProposal, notifyProposal). §5 names the rules (status required, time
 * allocation per instrument a required number from 0 to 100000, an instrument assigned) and quotes the bounds'
 * texts (as for technical reviews) and the instrument one (§8); the other texts are not quoted in the spec.
 */
export const managementDecisionMessages = {
  finalStatusRequired: 'Final status is required',
  finalStatusOneOf: `Final status must be one of ${Object.values(ProposalEndStatus).join(', ')}`,
  instrumentRequired: 'Instrument is required',
  timeAllocationRequired: 'Management time allocation is required',
  timeAllocationMin: technicalReviewMessages.timeAllocationMin,
  timeAllocationMax: technicalReviewMessages.timeAllocationMax,
  commentForUserMax: `Comment for the user must be at most ${validationLimits.commentMax} characters`,
  commentForManagementMax: `Comment for management must be at most ${validationLimits.commentMax} characters`,
  /** no instrument is assigned to the proposal, yet time is allocated (§8 text) */
  noInstrumentAssigned: proposalMessages.instrumentRequiredForAdministration,
  instrumentNotAssigned: (instrumentId: number): string =>
    `Instrument ${instrumentId} is not assigned to this proposal`,
  duplicateInstrument: (instrumentId: number): string =>
    `Instrument ${instrumentId} has more than one management time allocation`,
  notSubmitted: 'The proposal has not been submitted: there is no management decision to make yet',
  mayNotAdminister: 'Only user officers can make the management decision',
  decisionSubmitted: 'The management decision has been submitted: only user officers can change it',
  notifyFinalStatusUnset: 'The proposal cannot be notified: its final status is not set',
  notifyDecisionNotSubmitted:
    'The proposal cannot be notified: the management decision has not been submitted',
  alreadyNotified: 'The proposal has already been notified',
} as const;

const timeAllocation = number()
  .typeError(managementDecisionMessages.timeAllocationRequired)
  .required(managementDecisionMessages.timeAllocationRequired)
  .min(validationLimits.timeAllocationMin, managementDecisionMessages.timeAllocationMin)
  .max(validationLimits.timeAllocationMax, managementDecisionMessages.timeAllocationMax);

/**
 * administrationProposal (§5 Administration, §7): the final status is required; comments are optional (left out:
 * kept as they are) and at most 6000 characters (§9); each time allocation names an instrument and a number from
 * 0 to 100000. Whether the instruments are the proposal's is a rule of the server (it knows the assignments).
 */
export const administrationProposalSchema = object({
  proposalPk: number().integer().required(),
  finalStatus: mixed<ProposalEndStatus>()
    .oneOf(Object.values(ProposalEndStatus), managementDecisionMessages.finalStatusOneOf)
    .nullable()
    .required(managementDecisionMessages.finalStatusRequired),
  commentForUser: string()
    .max(validationLimits.commentMax, managementDecisionMessages.commentForUserMax)
    .nullable()
    .optional(),
  commentForManagement: string()
    .max(validationLimits.commentMax, managementDecisionMessages.commentForManagementMax)
    .nullable()
    .optional(),
  managementTimeAllocations: array(
    object({
      instrumentId: number().integer().nullable().required(managementDecisionMessages.instrumentRequired),
      value: timeAllocation,
    }),
  )
    .nullable()
    .optional(),
  managementDecisionSubmitted: boolean().nullable().optional(),
});
export type AdministrationProposalInput = InferType<typeof administrationProposalSchema>;

/** notifyProposal: one proposal. */
export const notifyProposalSchema = object({
  proposalPk: number().integer().required(),
});
