import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { FeedbackStatus } from '@user-office/contracts';

@ObjectType('Feedback', { description: "A user's feedback on a completed experiment (§3)" })
export class FeedbackModel {
  @Field(() => Int)
  id!: number;
  @Field(() => Int)
  experimentPk!: number;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => FeedbackStatus, { description: 'DRAFT, then SUBMITTED (final)' })
  status!: FeedbackStatus;
  @Field(() => Int)
  questionaryId!: number;
  @Field(() => Int)
  creatorId!: number;
  @Field(() => Date, { nullable: true })
  submittedAt!: Date | null;
  @Field(() => Date)
  createdAt!: Date;
  @Field(() => Date)
  updatedAt!: Date;
}

@InputType('FeedbacksFilter')
export class FeedbacksFilterInput {
  @Field(() => Int, { nullable: true })
  experimentPk?: number | null;
  @Field(() => FeedbackStatus, { nullable: true })
  status?: FeedbackStatus | null;
  @Field(() => Int, { nullable: true, description: "feedback on experiments of this call's proposals" })
  callId?: number | null;
  @Field(() => Int, { nullable: true, description: 'feedback on experiments on this instrument' })
  instrumentId?: number | null;
}
