import { Field, Float, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ProposalEndStatus, ReviewStatus, Role } from '@user-office/contracts';
import { BasicUserDetailsModel } from '../../../users';

export enum ConflictOfInterestKind {
  PROPOSER = 'PROPOSER',
  INSTITUTION = 'INSTITUTION',
  COAUTHOR = 'COAUTHOR',
}
registerEnumType(ConflictOfInterestKind, {
  name: 'ConflictOfInterestKind',
  description: 'PROPOSER (PI or co-proposer: hard), INSTITUTION and COAUTHOR (soft)',
});

@ObjectType('FapProposalCount', {
  description: "A chair's or secretary's current proposal count in the panel",
})
export class FapProposalCountModel {
  @Field(() => Int)
  userId!: number;
  @Field(() => Int, { description: "the panel's proposals the user has an unsubmitted review of" })
  count!: number;
}

@ObjectType('Fap', { description: '§3 Fap: a review panel' })
export class FapModel {
  @Field(() => Int)
  id!: number;
  @Field()
  code!: string;
  @Field()
  description!: string;
  @Field(() => Int)
  numberRatingsRequired!: number;
  @Field(() => String, { nullable: true })
  gradeGuide!: string | null;
  @Field(() => Boolean, { nullable: true })
  customGradeGuide!: boolean | null;
  @Field()
  active!: boolean;
  @Field(() => String, { nullable: true, description: 'JSON text: the file ids' })
  files!: string | null;
  @Field(() => [BasicUserDetailsModel])
  fapChairs!: BasicUserDetailsModel[];
  @Field(() => [BasicUserDetailsModel])
  fapSecretaries!: BasicUserDetailsModel[];
  @Field(() => [FapProposalCountModel])
  fapChairsCurrentProposalCounts!: FapProposalCountModel[];
  @Field(() => [FapProposalCountModel])
  fapSecretariesCurrentProposalCounts!: FapProposalCountModel[];
  @Field(() => Int, { description: 'proposals assigned to the panel' })
  proposalCount!: number;
  @Field(() => Int, { description: 'proposals of the panel with a review still in DRAFT' })
  proposalCurrentCount!: number;
}

@ObjectType('FapMinimal')
export class FapMinimalModel {
  @Field(() => Int)
  id!: number;
  @Field()
  code!: string;
  @Field()
  description!: string;
  @Field()
  active!: boolean;
}

@ObjectType('FapsQueryResult')
export class FapsQueryResultModel {
  @Field(() => Int)
  totalCount!: number;
  @Field(() => [FapModel])
  faps!: FapModel[];
}

@InputType('FapsFilter')
export class FapsFilterInput {
  @Field(() => String, { nullable: true, description: 'text in the code or description' })
  filter?: string | null;
  @Field(() => Boolean, { nullable: true })
  active?: boolean | null;
  @Field(() => Int, { nullable: true, description: 'panels reviewing an instrument of this call' })
  callId?: number | null;
}

@ObjectType('FapMember')
export class FapMemberModel {
  @Field(() => Int)
  fapId!: number;
  @Field(() => Int)
  userId!: number;
  @Field(() => Role)
  role!: Role;
  @Field(() => BasicUserDetailsModel, { nullable: true })
  user!: BasicUserDetailsModel | null;
  @Field(() => Int, { description: 'reviews assigned to the member in the panel' })
  reviewCount!: number;
}

@InputType('AssignChairOrSecretaryToFapInput')
export class AssignChairOrSecretaryToFapInput {
  @Field(() => Int)
  fapId!: number;
  @Field(() => Int)
  userId!: number;
  @Field(() => Role, { description: 'FAP_CHAIR or FAP_SECRETARY' })
  roleId!: Role;
}

@InputType('FapInstrumentInput')
export class FapInstrumentInput {
  @Field(() => Int)
  fapId!: number;
  @Field(() => Int, { nullable: true })
  instrumentId?: number | null;
}

@ObjectType('Review', { description: '§3 Review: a panel review' })
export class ReviewModel {
  @Field(() => Int)
  id!: number;
  @Field(() => Int)
  userID!: number;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => ReviewStatus)
  status!: ReviewStatus;
  @Field(() => String, { nullable: true })
  comment!: string | null;
  @Field(() => Float, { nullable: true })
  grade!: number | null;
  @Field(() => Int)
  fapID!: number;
  @Field(() => Int, { nullable: true })
  questionaryID!: number | null;
  @Field(() => Int, { nullable: true, description: "the reviewer's rank (saveReviewerRank)" })
  rank!: number | null;
  @Field(() => [String], { description: 'the conflicts of interest accepted when assigned (their reasons)' })
  conflicts!: string[];
  @Field(() => String, { nullable: true, description: 'why a conflicted reviewer was assigned anyway' })
  overrideReason!: string | null;
  @Field(() => Date)
  dateAssigned!: Date;
  @Field(() => BasicUserDetailsModel, { nullable: true })
  reviewer?: BasicUserDetailsModel | null;
}

@InputType('ReviewsFilter')
export class ReviewsFilterInput {
  @Field(() => Int, { nullable: true })
  userId?: number | null;
  @Field(() => ReviewStatus, { nullable: true })
  status?: ReviewStatus | null;
  @Field(() => Int, { nullable: true })
  fapId?: number | null;
  @Field(() => Int, { nullable: true })
  callId?: number | null;
  @Field(() => Int, { nullable: true })
  instrumentId?: number | null;
  @Field(() => Int, { nullable: true })
  proposalPk?: number | null;
}

@InputType('ProposalPkWithReviewId')
export class ProposalPkWithReviewIdInput {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  reviewId!: number;
}

@ObjectType('FapMeetingDecisionChange', { description: 'One saved version of a meeting decision' })
export class FapMeetingDecisionChangeModel {
  @Field(() => Date)
  at!: Date;
  @Field(() => Int, { nullable: true })
  by!: number | null;
  @Field(() => String, { nullable: true })
  byName!: string | null;
  @Field(() => ProposalEndStatus, { nullable: true })
  recommendation!: ProposalEndStatus | null;
  @Field(() => String, { nullable: true })
  commentForUser!: string | null;
  @Field(() => String, { nullable: true })
  commentForManagement!: string | null;
  @Field(() => Int, { nullable: true })
  rankOrder!: number | null;
  @Field()
  submitted!: boolean;
}

@ObjectType('FapMeetingDecision', { description: '§3 Fap meeting decision' })
export class FapMeetingDecisionModel {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => Int)
  fapId!: number;
  @Field(() => ProposalEndStatus, { nullable: true })
  recommendation!: ProposalEndStatus | null;
  @Field(() => String, { nullable: true })
  commentForUser!: string | null;
  @Field(() => String, { nullable: true })
  commentForManagement!: string | null;
  @Field(() => Int, { nullable: true })
  rankOrder!: number | null;
  @Field()
  submitted!: boolean;
  @Field(() => Int, { nullable: true })
  submittedBy!: number | null;
  @Field(() => BasicUserDetailsModel, { nullable: true })
  submittedByUser?: BasicUserDetailsModel | null;
  @Field(() => [FapMeetingDecisionChangeModel], {
    description: 'every saved version, oldest first: what changed since the meeting',
  })
  history?: FapMeetingDecisionChangeModel[];
}

@ObjectType('FapAssignment', { description: 'A member reviewing a proposal of the panel' })
export class FapAssignmentModel {
  @Field(() => Int)
  reviewId!: number;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  fapId!: number;
  @Field(() => Int)
  fapMemberUserId!: number;
  @Field(() => Int, { nullable: true })
  rank!: number | null;
  @Field(() => Date)
  dateAssigned!: Date;
  @Field(() => [String])
  conflicts!: string[];
  @Field(() => String, { nullable: true })
  overrideReason!: string | null;
  @Field(() => ReviewModel)
  review!: ReviewModel;
  @Field(() => BasicUserDetailsModel, { nullable: true })
  user?: BasicUserDetailsModel | null;
}

@ObjectType('FapProposal', { description: '§3 Fap proposal, with its grades and place in the ranking' })
export class FapProposalModel {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  fapId!: number;
  @Field(() => Int)
  callId!: number;
  @Field(() => Int, { nullable: true })
  instrumentId!: number | null;
  @Field(() => Float, { nullable: true })
  fapTimeAllocation!: number | null;
  @Field(() => Boolean, {
    description: "the instrument's availability was submitted in the panel for the call",
  })
  instrumentSubmitted!: boolean;
  @Field(() => Date)
  dateAssigned!: Date;
  @Field(() => [FapAssignmentModel])
  assignments!: FapAssignmentModel[];
  @Field(() => Float, { nullable: true, description: 'mean grade of the submitted reviews (1 is best)' })
  averageGrade!: number | null;
  @Field(() => Float, { nullable: true, description: 'highest minus lowest submitted grade' })
  gradeSpread!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: "the mean corrected for each reviewer's offset over the panel (calibratedScores)",
  })
  calibratedScore!: number | null;
  @Field(() => Int, { description: 'submitted reviews' })
  reviewCount!: number;
  @Field(() => Float, { nullable: true, description: "the technical reviews' time for this instrument" })
  technicalReviewTime!: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'place in the ranking of its instrument (rankWithCutLine)',
  })
  rank!: number | null;
  @Field(() => Float, { nullable: true })
  cumulativeTime!: number | null;
  @Field(() => Boolean, { nullable: true })
  inAvailabilityZone!: boolean | null;
  @Field(() => FapMeetingDecisionModel, { nullable: true })
  meetingDecision!: FapMeetingDecisionModel | null;
}

@ObjectType('FapInstrument')
export class FapInstrumentModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
  @Field(() => Float, { nullable: true })
  availabilityTime!: number | null;
  @Field()
  submitted!: boolean;
  @Field(() => Int, { nullable: true })
  fapId!: number | null;
}

@ObjectType('ConflictOfInterest')
export class ConflictOfInterestModel {
  @Field(() => ConflictOfInterestKind)
  kind!: ConflictOfInterestKind;
  @Field()
  hard!: boolean;
  @Field()
  reason!: string;
}

@ObjectType('ReviewerConflicts')
export class ReviewerConflictsModel {
  @Field(() => Int)
  userId!: number;
  @Field(() => BasicUserDetailsModel, { nullable: true })
  user!: BasicUserDetailsModel | null;
  @Field(() => [ConflictOfInterestModel])
  conflicts!: ConflictOfInterestModel[];
}

@ObjectType('AutomaticAssignmentPair')
export class AutomaticAssignmentPairModel {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  userId!: number;
  @Field()
  reason!: string;
}

@ObjectType('AutomaticAssignmentUnfilled')
export class AutomaticAssignmentUnfilledModel {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  missing!: number;
  @Field()
  reason!: string;
}

@ObjectType('MemberLoad')
export class MemberLoadModel {
  @Field(() => Int)
  userId!: number;
  @Field(() => Int)
  load!: number;
}

@ObjectType('SkippedForConflict')
export class SkippedForConflictModel {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  userId!: number;
  @Field(() => [String])
  reasons!: string[];
}

@ObjectType('AutomaticAssignmentPreview')
export class AutomaticAssignmentPreviewModel {
  @Field(() => [AutomaticAssignmentPairModel])
  pairs!: AutomaticAssignmentPairModel[];
  @Field(() => [AutomaticAssignmentUnfilledModel])
  unfilled!: AutomaticAssignmentUnfilledModel[];
  @Field(() => [MemberLoadModel])
  loads!: MemberLoadModel[];
  @Field(() => [SkippedForConflictModel])
  skippedForConflict!: SkippedForConflictModel[];
  @Field(() => Int)
  maxLoad!: number;
}

@InputType('AutomaticAssignmentPairInput')
export class AutomaticAssignmentPairInput {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  userId!: number;
  @Field(() => String, { nullable: true, description: 'required to accept a soft conflict' })
  overrideReason?: string | null;
}

@InputType('SaveFapMeetingDecisionInput')
export class SaveFapMeetingDecisionInput {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => ProposalEndStatus, { nullable: true })
  recommendation?: ProposalEndStatus | null;
  @Field(() => String, { nullable: true })
  commentForUser?: string | null;
  @Field(() => String, { nullable: true })
  commentForManagement?: string | null;
  @Field(() => Int, { nullable: true })
  rankOrder?: number | null;
  @Field(() => Boolean, { nullable: true })
  submitted?: boolean | null;
}

@InputType('ProposalRankOrderInput')
export class ProposalRankOrderInput {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => Int, { nullable: true })
  rankOrder?: number | null;
}

@InputType('ReorderFapMeetingDecisionProposalsInput')
export class ReorderFapMeetingDecisionProposalsInput {
  @Field(() => [ProposalRankOrderInput])
  proposals!: ProposalRankOrderInput[];
}

@InputType('SubmitFapMeetingDecisionsInput')
export class SubmitFapMeetingDecisionsInput {
  @Field(() => Int)
  fapId!: number;
  @Field(() => Int, { nullable: true })
  callId?: number | null;
  @Field(() => Int, { nullable: true })
  instrumentId?: number | null;
}

@ObjectType('SubmitFapMeetingDecisionsResult')
export class SubmitFapMeetingDecisionsResultModel {
  @Field(() => [FapMeetingDecisionModel], { description: 'the decisions submitted now or before' })
  submitted!: FapMeetingDecisionModel[];
  @Field(() => [FapProposalModel], {
    description: 'proposals whose decision is missing or has no recommendation',
  })
  incomplete!: FapProposalModel[];
}

@ObjectType('ReviewRowProposal')
export class ReviewRowProposalModel {
  @Field(() => Int)
  primaryKey!: number;
  @Field()
  proposalId!: string;
  @Field()
  title!: string;
  @Field(() => Int)
  callId!: number;
  @Field(() => String, { nullable: true })
  callShortCode!: string | null;
  @Field(() => [String])
  instrumentShortCodes!: string[];
}

@ObjectType('ReviewRow', { description: '§3 Review row: a line of "Proposals to grade"' })
export class ReviewRowModel {
  @Field(() => Int)
  id!: number;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => ReviewRowProposalModel)
  proposal!: ReviewRowProposalModel;
  @Field(() => Float, { nullable: true })
  grade!: number | null;
  @Field(() => String, { nullable: true })
  comment!: string | null;
  @Field(() => ReviewStatus)
  status!: ReviewStatus;
  @Field(() => Int)
  userID!: number;
  @Field(() => Int)
  fapID!: number;
  @Field(() => Int, { nullable: true })
  questionaryID!: number | null;
}

@ObjectType('UserWithReviews')
export class UserWithReviewsModel {
  @Field(() => Int)
  id!: number;
  @Field()
  firstname!: string;
  @Field()
  lastname!: string;
  @Field(() => [ReviewRowModel])
  reviews!: ReviewRowModel[];
}
