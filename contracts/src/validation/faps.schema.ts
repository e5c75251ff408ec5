import { array, boolean, mixed, number, object, string, type InferType } from 'yup';

import { ProposalEndStatus, ReviewStatus } from '../enums';
import { validationLimits } from './common';
import { reviewMessages, technicalReviewMessages } from './messages';

/** FAPs (review panels): texts the spec does not quote, written like its "X is required". */
export const fapMessages = {
  /** §5 "A FAP requires code, description, numberRatingsRequired and active" */
  codeRequired: 'Code is required',
  descriptionRequired: 'Description is required',
  numberRatingsRequired: 'Number of ratings required is required',
  numberRatingsMin: 'Number of ratings required must be at least 0',
  activeRequired: 'Active is required',
  codeTaken: (code: string) => `A FAP with code ${code} already exists`,
  notFound: 'FAP not found',
  reviewNotFound: 'Review not found',
  userNotFound: (id: number) => `User ${id} does not exist`,
  notChairOrSecretaryRole: 'The role must be FAP_CHAIR or FAP_SECRETARY',
  notMember: (userId: number, fapId: number) => `User ${userId} is not a member of FAP ${fapId}`,
  proposalNotOnFap: (proposalId: string | number, fapId: number) =>
    `Proposal ${proposalId} is not assigned to FAP ${fapId}`,
  proposalNotOnInstrument: (proposalId: string | number, instrumentId: number) =>
    `Proposal ${proposalId} is not assigned to a FAP for instrument ${instrumentId}`,
  alreadyReviewer: (userId: number, proposalId: string | number) =>
    `User ${userId} already reviews proposal ${proposalId}`,
  hardConflict: (name: string, reason: string) =>
    `${name} cannot review this proposal: ${reason} (is the principal investigator or a co-proposer of the proposal)`,
  softConflict: (name: string, reasons: string) =>
    `${name} has a conflict of interest with this proposal: ${reasons}. Give a reason to assign anyway`,
  gradePrecision: (step: number) => `Grade must be a multiple of ${step}`,
  gradeRequired: 'Grade is required',
  submittedFinal: 'No further changes to proposal reviews are possible after submission',
  onlyOwnReview: 'You can only update your own review',
  incompleteReviews: (ids: readonly number[]) => `Reviews with a missing grade or comment: ${ids.join(', ')}`,
  rankMin: 'Rank must be at least 1',
  decisionSubmitted: 'The FAP meeting decision is submitted: only a user officer can change it',
  notChairOrSecretaryOfFap: 'You are not a chair or secretary of this FAP',
  sampleReviewUnsupported: 'Samples have no FAP review in this facility',
  nothingSelected: 'Select at least one proposal',
} as const;

const M = fapMessages;

/** §5: code, description, numberRatingsRequired and active are required. */
export const fapSchema = object({
  code: string().trim().required(M.codeRequired),
  description: string().trim().required(M.descriptionRequired),
  numberRatingsRequired: number()
    .integer()
    .nullable()
    .required(M.numberRatingsRequired)
    .min(0, M.numberRatingsMin),
  gradeGuide: string().nullable().default(null),
  customGradeGuide: boolean().nullable().default(null),
  active: boolean().nullable().required(M.activeRequired),
  files: string().nullable().default(null),
});
export type FapInput = InferType<typeof fapSchema>;

/**
 * §5 Panel review: grade 1–10 (a multiple of `precision`, the GRADE_PRECISION setting), comment required and at
 * most 6000 characters. The comment is sanitised before this schema sees it.
 */
export const reviewGradeSchema = (precision = 1) =>
  object({
    grade: number()
      .nullable()
      .required(M.gradeRequired)
      .min(validationLimits.gradeMin, reviewMessages.gradeMin)
      .max(validationLimits.gradeMax, reviewMessages.gradeMax)
      .test('precision', M.gradePrecision(precision), (v) => {
        if (v == null || !(precision > 0)) return true;
        const steps = v / precision;
        return Math.abs(steps - Math.round(steps)) < 1e-9;
      }),
    comment: string()
      .nullable()
      .trim()
      .required(reviewMessages.commentRequired)
      .max(validationLimits.commentMax, reviewMessages.commentMax),
  });

export const updateReviewSchema = (precision = 1) =>
  reviewGradeSchema(precision).shape({
    reviewID: number().integer().required(),
    status: mixed<ReviewStatus>().oneOf(Object.values(ReviewStatus)).required(),
    fapID: number().integer().required(),
    questionaryID: number().integer().nullable().default(null),
  });

export const fapTimeAllocationSchema = object({
  fapTimeAllocation: number()
    .nullable()
    .default(null)
    .min(validationLimits.timeAllocationMin, technicalReviewMessages.timeAllocationMin)
    .max(validationLimits.timeAllocationMax, technicalReviewMessages.timeAllocationMax),
});

export const fapMeetingDecisionSchema = object({
  proposalPk: number().integer().required(),
  instrumentId: number().integer().required(),
  recommendation: mixed<ProposalEndStatus>()
    .nullable()
    .default(null)
    .oneOf([...Object.values(ProposalEndStatus), null]),
  commentForUser: string()
    .nullable()
    .default(null)
    .max(validationLimits.commentMax, reviewMessages.commentMax),
  commentForManagement: string()
    .nullable()
    .default(null)
    .max(validationLimits.commentMax, reviewMessages.commentMax),
  rankOrder: number().integer().nullable().default(null).min(1, M.rankMin),
  submitted: boolean().nullable().default(false),
});

export const reviewerRankSchema = object({
  rank: number().integer().nullable().default(null).min(1, M.rankMin),
});

export const fapProposalPksSchema = object({
  proposalPks: array(number().integer().defined()).min(1, M.nothingSelected).required(M.nothingSelected),
});
