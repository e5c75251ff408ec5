import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { AllocationTimeUnit } from '@user-office/contracts';

@ObjectType('Call', { description: 'A call for proposals (§3 Call); dates are ISO instants' })
export class CallModel {
  @Field(() => Int)
  id!: number;
  @Field()
  shortCode!: string;
  @Field(() => String, { nullable: true })
  title!: string | null;
  @Field(() => String, { nullable: true })
  description!: string | null;
  @Field()
  startCall!: string;
  @Field()
  endCall!: string;
  @Field({ description: 'internal users may submit until then (defaults to endCall)' })
  endCallInternal!: string;
  @Field()
  startReview!: string;
  @Field()
  endReview!: string;
  @Field(() => String, { nullable: true })
  startFapReview!: string | null;
  @Field(() => String, { nullable: true })
  endFapReview!: string | null;
  @Field()
  startNotify!: string;
  @Field()
  endNotify!: string;
  @Field()
  startCycle!: string;
  @Field()
  endCycle!: string;
  @Field()
  cycleComment!: string;
  @Field()
  surveyComment!: string;
  @Field(() => String, {
    nullable: true,
    description: 'e.g. 24{digits:4}: the reference given at submission',
  })
  referenceNumberFormat!: string | null;
  @Field(() => Int)
  proposalWorkflowId!: number;
  @Field(() => Int)
  templateId!: number;
  @Field(() => Int, { nullable: true })
  esiTemplateId!: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'The EXPERIMENT workflow its experiments follow (null: the default experiment workflow)',
  })
  experimentWorkflowId?: number | null;
  @Field(() => Int, { nullable: true })
  pdfTemplateId!: number | null;
  @Field(() => Int, { nullable: true })
  fapReviewTemplateId!: number | null;
  @Field(() => Int, { nullable: true })
  technicalReviewTemplateId!: number | null;
  @Field(() => AllocationTimeUnit)
  allocationTimeUnit!: AllocationTimeUnit;
  @Field(() => String, { nullable: true })
  submissionMessage!: string | null;
  @Field({ description: 'open for submissions now' })
  isActive!: boolean;
  @Field({ description: 'open for internal users now' })
  isActiveInternal!: boolean;
  @Field()
  callEnded!: boolean;
  @Field()
  callEndedInternal!: boolean;
  @Field()
  callReviewEnded!: boolean;
  @Field()
  callFapReviewEnded!: boolean;
  @Field(() => Int)
  proposalCount!: number;
  /** its panels' ids, not a field: `Call.faps` (the faps module) shows the panels to those who may see them */
  fapIds!: readonly number[];
}

@ObjectType('CallSubmissionDetails', { description: 'What the applicant sees on submitting to a call' })
export class CallSubmissionDetailsModel {
  @Field(() => Int)
  callId!: number;
  @Field()
  shortCode!: string;
  @Field({ description: "the call's submission message, or the default one" })
  submissionMessage!: string;
  @Field()
  isActive!: boolean;
  @Field()
  isActiveInternal!: boolean;
  @Field()
  endCall!: string;
}

@InputType('CallsFilter')
export class CallsFilterInput {
  @Field({ nullable: true, description: 'open now (start ≤ now < end)' })
  isActive?: boolean;
  @Field({ nullable: true, description: 'open for internal users now' })
  isActiveInternal?: boolean;
  @Field({ nullable: true, description: 'the end date passed' })
  isEnded?: boolean;
  @Field({ nullable: true })
  isReviewEnded?: boolean;
  @Field(() => [Int], { nullable: true })
  templateIds?: number[];
  @Field(() => [Int], { nullable: true })
  callIds?: number[];
}

@InputType('CreateCallInput')
export class CreateCallInput {
  @Field()
  shortCode!: string;
  @Field({ nullable: true })
  title?: string;
  @Field({ nullable: true })
  description?: string;
  @Field()
  startCall!: string;
  @Field()
  endCall!: string;
  @Field({ nullable: true })
  endCallInternal?: string;
  @Field()
  startReview!: string;
  @Field()
  endReview!: string;
  @Field({ nullable: true })
  startFapReview?: string;
  @Field({ nullable: true })
  endFapReview?: string;
  @Field()
  startNotify!: string;
  @Field()
  endNotify!: string;
  @Field()
  startCycle!: string;
  @Field()
  endCycle!: string;
  @Field()
  cycleComment!: string;
  @Field()
  surveyComment!: string;
  @Field({ nullable: true })
  referenceNumberFormat?: string;
  @Field(() => Int)
  proposalWorkflowId!: number;
  @Field(() => Int)
  templateId!: number;
  @Field(() => Int, { nullable: true })
  esiTemplateId?: number;
  @Field(() => Int, {
    nullable: true,
    description: 'An EXPERIMENT workflow for its experiments (null: the default experiment workflow)',
  })
  experimentWorkflowId?: number;
  @Field(() => Int, { nullable: true })
  pdfTemplateId?: number;
  @Field(() => Int, { nullable: true })
  fapReviewTemplateId?: number;
  @Field(() => Int, { nullable: true })
  technicalReviewTemplateId?: number;
  @Field(() => AllocationTimeUnit)
  allocationTimeUnit!: AllocationTimeUnit;
  @Field({ nullable: true })
  submissionMessage?: string;
  @Field(() => [Int], {
    nullable: true,
    description: 'its review panels (FAP ids); null or absent in an update: unchanged',
  })
  faps?: number[] | null;
}

@InputType('UpdateCallInput')
export class UpdateCallInput extends CreateCallInput {
  @Field(() => Int)
  id!: number;
  @Field({ nullable: true, description: 'true ends the FAP review now' })
  callFapReviewEnded?: boolean;
}
