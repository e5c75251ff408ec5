import { array, boolean, mixed, number, object, string, type InferType } from 'yup';

import { TechnicalReviewStatus } from '../enums';
import { validationLimits } from './common';
import { technicalReviewMessages } from './messages';

/** Technical reviews and proposals on instruments: texts the spec does not quote. */
export const technicalReviewRuleMessages = {
  notFound: 'Technical Review not found',
  noReviews: 'No technical reviews found for the selected proposal',
  proposalNotOnInstrument: (proposalId: string | number, instrumentId: number) =>
    `Proposal ${proposalId} is not assigned to instrument ${instrumentId}`,
  mayNotEdit: 'You may not change this technical review',
  submittedOnlyOfficer: 'The technical review has been submitted: only the user office can change it',
  assigneeNotScientist: 'The new assignee must be a scientist or the manager of the instrument',
  mayNotRead: 'You may not see these technical reviews',
  instrumentNotFound: (id: number) => `Instrument ${id} does not exist`,
  techniqueNotFound: (id: number) => `Technique ${id} does not exist`,
  notScientistOfProposal: (proposalId: string) =>
    `You are not a scientist of a technique of proposal ${proposalId}`,
  nothingSelected: 'Select at least one proposal',
  statusRequired: 'Status is required',
} as const;

/** §5 Technical review: status required; time allocation 0–100000 (nullable); comments ≤ 6000. */
export const technicalReviewSchema = object({
  proposalPk: number().integer().required(),
  instrumentId: number().integer().required(),
  status: mixed<TechnicalReviewStatus>()
    .nullable()
    .oneOf([...Object.values(TechnicalReviewStatus), null], technicalReviewMessages.statusRequired)
    .required(technicalReviewMessages.statusRequired),
  timeAllocation: number()
    .nullable()
    .default(null)
    .min(validationLimits.timeAllocationMin, technicalReviewMessages.timeAllocationMin)
    .max(validationLimits.timeAllocationMax, technicalReviewMessages.timeAllocationMax),
  comment: string()
    .nullable()
    .default(null)
    .max(validationLimits.commentMax, technicalReviewMessages.commentMax),
  publicComment: string()
    .nullable()
    .default(null)
    .max(validationLimits.commentMax, technicalReviewMessages.publicCommentMax),
  submitted: boolean().default(false),
  reviewerId: number().integer().nullable().default(null),
  files: array(string().defined()).nullable().default([]),
  questionaryId: number().integer().nullable().default(null),
});

export type TechnicalReviewInput = InferType<typeof technicalReviewSchema>;
