import { proposalScientistCommentMessages } from '@user-office/contracts';
import { badInput, conflict, notFound } from '../../../platform/errors/app-error';

export const scientistCommentNotFound = () => notFound(proposalScientistCommentMessages.notFound);

export const scientistCommentExists = () => conflict(proposalScientistCommentMessages.alreadyExists);

export const scientistCommentRequired = () =>
  badInput(proposalScientistCommentMessages.commentRequired, {
    comment: proposalScientistCommentMessages.commentRequired,
  });
