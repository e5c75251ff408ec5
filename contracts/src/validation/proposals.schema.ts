import { array, number, object, string } from 'yup';

import { emailPattern, validationLimits } from './common';
import { proposalMessages, userMessages } from './messages';

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
