import { Field, Float, InputType, Int, ObjectType } from '@nestjs/graphql';
import {
  DataType,
  FieldConditionType,
  ProposalEndStatus,
  ReviewerFilter,
  TechnicalReviewStatus,
} from '@user-office/contracts';

@ObjectType('ProposalViewPrincipalInvestigator')
export class ProposalViewPiModel {
  @Field(() => Int)
  id!: number;
  @Field(() => String, { nullable: true })
  firstname!: string | null;
  @Field(() => String, { nullable: true })
  lastname!: string | null;
  @Field(() => String, { nullable: true })
  preferredname!: string | null;
  @Field(() => String, { nullable: true })
  email!: string | null;
}

@ObjectType('ProposalViewInstrument')
export class ProposalViewInstrumentModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
}

@ObjectType('ProposalViewTechnique')
export class ProposalViewTechniqueModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
}

@ObjectType('ProposalViewTechnicalReviewAssignee')
export class ProposalViewTechnicalReviewAssigneeModel {
  @Field(() => Int)
  id!: number;
  @Field(() => String, { nullable: true })
  firstname!: string | null;
  @Field(() => String, { nullable: true })
  lastname!: string | null;
}

@ObjectType('ProposalViewTechnicalReview')
export class ProposalViewTechnicalReviewModel {
  @Field(() => TechnicalReviewStatus, { nullable: true })
  status!: TechnicalReviewStatus | null;
  @Field(() => Float, { nullable: true })
  timeAllocation!: number | null;
  @Field(() => Int)
  instrumentId!: number;
  @Field()
  submitted!: boolean;
  @Field(() => ProposalViewTechnicalReviewAssigneeModel, { nullable: true })
  technicalReviewAssignee!: ProposalViewTechnicalReviewAssigneeModel | null;
}

@ObjectType('ProposalViewFapInstrument')
export class ProposalViewFapInstrumentModel {
  @Field(() => Int, { nullable: true })
  instrumentId!: number | null;
  @Field(() => Int)
  fapId!: number;
}

@ObjectType('ProposalView', { description: 'A row of the staff proposals table (§3 Proposal view)' })
export class ProposalViewModel {
  @Field(() => Int)
  primaryKey!: number;
  @Field()
  proposalId!: string;
  @Field()
  title!: string;
  @Field(() => ProposalViewPiModel, { nullable: true })
  principalInvestigator!: ProposalViewPiModel | null;
  @Field()
  submitted!: boolean;
  @Field(() => Date, { nullable: true })
  submittedDate!: Date | null;
  @Field(() => Int)
  statusId!: number;
  @Field(() => String, { nullable: true })
  statusName!: string | null;
  @Field()
  notified!: boolean;
  @Field(() => Int)
  callId!: number;
  @Field(() => String, { nullable: true })
  callShortCode!: string | null;
  @Field(() => ProposalEndStatus)
  finalStatus!: ProposalEndStatus;
  @Field(() => String, { nullable: true })
  allocationTimeUnit!: string | null;
  @Field(() => Int)
  questionaryId!: number;
  @Field(() => [ProposalViewInstrumentModel])
  instruments!: ProposalViewInstrumentModel[];
  @Field(() => [ProposalViewTechnicalReviewModel])
  technicalReviews!: ProposalViewTechnicalReviewModel[];
  @Field(() => [ProposalViewTechniqueModel])
  techniques!: ProposalViewTechniqueModel[];
  @Field(() => [String], { description: 'the codes of the FAPs reviewing it' })
  faps!: string[];
  @Field(() => [Int], { description: 'the ids of the FAPs reviewing it (in the order of faps)' })
  fapIds!: number[];
  @Field(() => [ProposalViewFapInstrumentModel], { description: 'which FAP reviews it for which instrument' })
  fapInstruments!: ProposalViewFapInstrumentModel[];
}

@ObjectType('ProposalsViewResult')
export class ProposalsViewResultModel {
  @Field(() => Int, {
    description:
      'The number of matching proposals: exact unless totalCountEstimated (then rounded to two figures)',
  })
  totalCount!: number;
  @Field({
    description:
      'totalCount is an estimate from a sample ("about 50,000"): only when allowEstimatedCount was asked and more ' +
      'than 5,000 proposals match a search or a question filter',
  })
  totalCountEstimated!: boolean;
  @Field(() => [ProposalViewModel])
  proposalViews!: ProposalViewModel[];
}

@ObjectType('ProposalViewBasic', { description: 'A proposal matching the filter (select-all)' })
export class ProposalViewBasicModel {
  @Field(() => Int)
  primaryKey!: number;
  @Field()
  proposalId!: string;
  @Field()
  title!: string;
  @Field(() => Int)
  statusId!: number;
  @Field(() => Int)
  callId!: number;
}

@InputType('InstrumentFilterInput')
export class InstrumentFilterInput {
  @Field(() => Int, { nullable: true })
  instrumentId?: number;
  @Field({ nullable: true })
  showAllProposals?: boolean;
  @Field({ nullable: true })
  showMultiInstrumentProposals?: boolean;
}

@InputType('TechniqueFilterInput')
export class TechniqueFilterInput {
  @Field(() => Int, { nullable: true })
  techniqueId?: number;
  @Field({ nullable: true })
  showAllProposals?: boolean;
  @Field({ nullable: true })
  showMultiTechniqueProposals?: boolean;
}

@InputType('DateFilterInput', {
  description:
    'Proposals submitted (not yet submitted: created) from `from` (inclusive) until `to` (exclusive); either may be absent',
})
export class DateFilterInput {
  @Field(() => Date, { nullable: true })
  from?: Date | null;
  @Field(() => Date, { nullable: true })
  to?: Date | null;
}

@InputType('QuestionFilterInput', {
  description: 'Proposals whose answer to a question compares with a value',
})
export class QuestionFilterInput {
  @Field()
  questionId!: string;
  @Field(() => FieldConditionType)
  compareOperator!: FieldConditionType;
  @Field({ description: 'the value compared with (JSON or plain text)' })
  value!: string;
  @Field(() => DataType)
  dataType!: DataType;
}

@InputType('ProposalsFilter')
export class ProposalsFilterInput {
  @Field(() => Int, { nullable: true })
  callId?: number;
  @Field(() => Int, { nullable: true, description: 'proposals assigned to this FAP' })
  fapId?: number;
  @Field(() => InstrumentFilterInput, {
    nullable: true,
    description: 'one instrument, proposals on several instruments (showMultiInstrumentProposals), or all',
  })
  instrumentFilter?: InstrumentFilterInput;
  @Field(() => TechniqueFilterInput, {
    nullable: true,
    description: 'one technique, proposals of several techniques (showMultiTechniqueProposals), or all',
  })
  techniqueFilter?: TechniqueFilterInput;
  @Field(() => DateFilterInput, {
    nullable: true,
    description: 'the technique proposals table: submitted (else created) in a date range',
  })
  dateFilter?: DateFilterInput;
  @Field(() => Int, { nullable: true })
  proposalStatusId?: number;
  @Field(() => [Int], { nullable: true })
  excludeProposalStatusIds?: number[];
  @Field(() => [Int], { nullable: true })
  questionaryIds?: number[];
  @Field(() => [String], { nullable: true })
  referenceNumbers?: string[];
  @Field(() => QuestionFilterInput, { nullable: true })
  questionFilter?: QuestionFilterInput;
  @Field({ nullable: true, description: 'words of the reference, title, PI name or e-mail' })
  text?: string;
  @Field(() => ReviewerFilter, {
    nullable: true,
    description: 'ME: proposals with a technical review assigned to the caller',
  })
  reviewer?: ReviewerFilter;
}
