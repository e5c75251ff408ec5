import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('GenericTemplate', {
  description:
    "A sub template item (§3): answers a proposal's GENERIC_TEMPLATE question with its own questionary",
})
export class GenericTemplateModel {
  @Field(() => Int)
  id!: number;
  @Field()
  title!: string;
  @Field(() => Int)
  creatorId!: number;
  @Field(() => Int)
  questionaryId!: number;
  @Field()
  created!: Date;
  @Field(() => Int)
  proposalPk!: number;
  @Field()
  questionId!: string;
  @Field(() => Int, { description: "the template of the item's questionary (the question's templateId)" })
  templateId!: number;
}

@ObjectType('GenericTemplateWithQuestionaryStatus', {
  description: 'A sub template item with the completeness of its questionary',
})
export class GenericTemplateWithQuestionaryStatusModel extends GenericTemplateModel {
  @Field({ description: "every step of the item's questionary is complete" })
  isCompleted!: boolean;
}

@InputType('GenericTemplatesFilter')
export class GenericTemplatesFilterInput {
  @Field(() => Int, { nullable: true })
  proposalPk?: number;
  @Field({ nullable: true })
  questionId?: string;
  @Field(() => [Int], { nullable: true })
  questionaryIds?: number[];
  @Field(() => [Int], { nullable: true })
  genericTemplateIds?: number[];
  @Field(() => Int, { nullable: true })
  creatorId?: number;
  @Field({ nullable: true, description: 'part of the title' })
  title?: string;
}

@InputType('GenericTemplatesOnCopyFilter')
export class GenericTemplatesOnCopyFilterInput {
  @Field(() => Int, { description: 'the template of the items to copy from' })
  templateId!: number;
  @Field(() => Int, { nullable: true, description: 'only items of proposals in this call' })
  callId?: number;
  @Field({ nullable: true, description: 'only items answering this question' })
  questionId?: string;
}

@InputType('CopyAnswerInput')
export class CopyAnswerInput {
  @Field(() => Int, { description: 'the questionary whose answers the new item starts with' })
  sourceQuestionaryId!: number;
  @Field({ description: 'the title of the new item' })
  title!: string;
}
