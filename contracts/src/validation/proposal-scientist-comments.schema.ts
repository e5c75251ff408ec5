import { number, object, string, type InferType } from 'yup';

import { validationLimits } from './common';
import { proposalMessages, reviewMessages } from './messages';

/** Proposal scientist comments (§5: "Comment is required"; at most 6000 characters as every comment, §9). */
export const proposalScientistCommentMessages = {
  commentRequired: proposalMessages.scientistCommentRequired,
  commentMax: reviewMessages.commentMax,
  proposalRequired: 'Proposal is required',
  commentIdRequired: 'Comment id is required',
  notFound: 'Proposal scientist comment not found',
  proposalNotFound: 'Proposal not found',
  alreadyExists: 'The proposal already has a scientist comment: update it instead',
} as const;

const positiveId = (message: string) =>
  number().typeError(message).required(message).integer(message).positive(message);

/** rich text; sanitised by the server; blank (spaces only) counts as missing */
const comment = () =>
  string()
    .trim()
    .required(proposalScientistCommentMessages.commentRequired)
    .min(1, proposalScientistCommentMessages.commentRequired)
    .max(validationLimits.commentMax, proposalScientistCommentMessages.commentMax);

/** Arguments of `createProposalScientistComment(proposalPk, comment)`. */
export const createProposalScientistCommentSchema = object({
  proposalPk: positiveId(proposalScientistCommentMessages.proposalRequired),
  comment: comment(),
});
export type CreateProposalScientistCommentInput = InferType<typeof createProposalScientistCommentSchema>;

/** Arguments of `updateProposalScientistComment(commentId, comment)`. */
export const updateProposalScientistCommentSchema = object({
  commentId: positiveId(proposalScientistCommentMessages.commentIdRequired),
  comment: comment(),
});
export type UpdateProposalScientistCommentInput = InferType<typeof updateProposalScientistCommentSchema>;
