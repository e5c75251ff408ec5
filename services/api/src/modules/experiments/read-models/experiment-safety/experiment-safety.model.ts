import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { ExperimentSafetyDecision, SafetyStatus } from '@user-office/contracts';

@ObjectType('ExperimentSample', {
  description: "A proposal's sample chosen for an experiment, with its sample ESI",
})
export class ExperimentSampleModel {
  @Field(() => Int)
  experimentPk!: number;
  @Field(() => Int)
  sampleId!: number;
  @Field(() => Int)
  experimentSafetyPk!: number;
  @Field({ description: 'its sample safety input is confirmed (green)' })
  isEsiSubmitted!: boolean;
  @Field(() => Int)
  sampleEsiQuestionaryId!: number;
  @Field(() => Date)
  createdAt!: Date;
  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType('ExperimentSafety', {
  description: 'The experiment safety input (ESI) of an experiment and its review',
})
export class ExperimentSafetyModel {
  @Field(() => Int)
  experimentSafetyPk!: number;
  @Field(() => Int)
  experimentPk!: number;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => Int)
  esiQuestionaryId!: number;
  @Field(() => Date, { nullable: true, description: 'set while submitted: the ESI is locked' })
  esiQuestionarySubmittedAt!: Date | null;
  @Field(() => Int, {
    description: 'the version of the ESI: 1, then one more each time it is reopened; decisions carry it',
  })
  esiVersion!: number;
  @Field(() => Int)
  createdBy!: number;
  @Field({ description: 'DRAFT, SUBMITTED, CHANGES_REQUESTED, ACCEPTED or REJECTED' })
  status!: string;
  @Field(() => Int, { nullable: true, description: 'the safety review questionary (none yet)' })
  safetyReviewQuestionaryId!: number | null;
  @Field(() => Int, { nullable: true, description: 'the safety reviewer who decided, once decided' })
  reviewedBy!: number | null;
  @Field(() => ExperimentSafetyDecision)
  instrumentScientistDecision!: ExperimentSafetyDecision;
  @Field(() => String, { nullable: true })
  instrumentScientistDecisionComment!: string | null;
  @Field(() => ExperimentSafetyDecision)
  experimentSafetyReviewerDecision!: ExperimentSafetyDecision;
  @Field(() => String, { nullable: true })
  experimentSafetyReviewerDecisionComment!: string | null;
  @Field(() => String, { nullable: true, description: 'the question of the last changes request' })
  changesRequestedComment!: string | null;
  @Field(() => SafetyStatus)
  riskLevel!: SafetyStatus;
  @Field(() => Date)
  createdAt!: Date;
  @Field(() => Date)
  updatedAt!: Date;
}

@InputType('ExperimentSafetyReviewsFilter')
export class ExperimentSafetyReviewsFilterInput {
  @Field(() => Int, { nullable: true })
  instrumentId?: number | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'only those still waiting for a decision (default: true)',
  })
  pendingOnly?: boolean | null;
}
