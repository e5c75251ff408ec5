import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { SafetyStatus } from '@user-office/contracts';

@ObjectType('Sample', {
  description: "A sample (§3): answers a proposal's SAMPLE_DECLARATION question with its own questionary",
})
export class SampleModel {
  @Field(() => Int)
  id!: number;
  @Field()
  title!: string;
  @Field(() => Int)
  creatorId!: number;
  @Field(() => Int)
  questionaryId!: number;
  @Field(() => Int, { description: "the template of the sample's questionary (the question's templateId)" })
  templateId!: number;
  @Field(() => SafetyStatus, { description: 'the risk level; a new sample is PENDING_EVALUATION' })
  safetyStatus!: SafetyStatus;
  @Field()
  safetyComment!: string;
  @Field({ description: "declared after the proposal's submission (not part of its declaration)" })
  isPostProposalSubmission!: boolean;
  @Field()
  created!: Date;
  @Field(() => Int)
  proposalPk!: number;
  @Field()
  questionId!: string;
}

@ObjectType('SampleWithQuestionaryStatus', {
  description: 'A sample with the completeness of its questionary',
})
export class SampleWithQuestionaryStatusModel extends SampleModel {
  @Field({ description: "every step of the sample's questionary is complete" })
  isCompleted!: boolean;
}

@InputType('SamplesFilter')
export class SamplesFilterInput {
  @Field(() => Int, { nullable: true })
  proposalPk?: number;
  @Field({ nullable: true })
  questionId?: string;
  @Field(() => [Int], { nullable: true })
  sampleIds?: number[];
  @Field(() => [Int], { nullable: true })
  questionaryIds?: number[];
  @Field(() => Int, { nullable: true })
  creatorId?: number;
  @Field({ nullable: true, description: 'part of the title' })
  title?: string;
  @Field({ nullable: true })
  isPostProposalSubmission?: boolean;
}
