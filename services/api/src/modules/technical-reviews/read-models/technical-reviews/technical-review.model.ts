import { Field, Float, InputType, Int, ObjectType } from '@nestjs/graphql';
import { TechnicalReviewStatus } from '@user-office/contracts';

@ObjectType('TechnicalReview', {
  description: '§3 Technical review: the feasibility of a proposal on one instrument',
})
export class TechnicalReviewModel {
  @Field(() => Int)
  id!: number;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => String, { nullable: true })
  comment!: string | null;
  @Field(() => String, { nullable: true })
  publicComment!: string | null;
  @Field(() => Float, { nullable: true })
  timeAllocation!: number | null;
  @Field(() => TechnicalReviewStatus, { nullable: true })
  status!: TechnicalReviewStatus | null;
  @Field()
  submitted!: boolean;
  @Field(() => [String], { nullable: true })
  files!: string[] | null;
  @Field(() => Int, { nullable: true })
  technicalReviewAssigneeId!: number | null;
  @Field(() => Int, { nullable: true })
  reviewerId!: number | null;
  @Field(() => Int, { nullable: true })
  questionaryId!: number | null;
}

@InputType('SubmitTechnicalReviewInput')
export class SubmitTechnicalReviewInput {
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int, { nullable: true })
  reviewerId?: number | null;
  @Field()
  submitted!: boolean;
  @Field(() => Int)
  instrumentId!: number;
}
