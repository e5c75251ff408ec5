import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { DependenciesLogicOperator } from '@user-office/contracts';
import GraphQLJSON from 'graphql-type-json';
import { FieldDependencyModel, QuestionModel, TopicModel } from '../../../templates';

@ObjectType('Answer', {
  description: 'A question of a questionary with its per-template config and its value (§3 Answer)',
})
export class AnswerModel {
  @Field(() => String, { nullable: true, description: '<questionaryId>:<questionId> once answered' })
  answerId!: string | null;
  @Field(() => QuestionModel)
  question!: QuestionModel;
  @Field(() => Int)
  sortOrder!: number;
  @Field(() => Int)
  topicId!: number;
  @Field(() => GraphQLJSON)
  config!: Record<string, unknown>;
  @Field(() => [FieldDependencyModel])
  dependencies!: FieldDependencyModel[];
  @Field(() => DependenciesLogicOperator)
  dependenciesOperator!: DependenciesLogicOperator;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'the answer (numbers and intervals carry siValue / siMin / siMax); null when unanswered',
  })
  value!: unknown;
}

@ObjectType('QuestionaryStep', { description: 'One wizard step of a questionary' })
export class QuestionaryStepModel {
  @Field(() => TopicModel)
  topic!: TopicModel;
  @Field()
  isCompleted!: boolean;
  @Field(() => [AnswerModel])
  fields!: AnswerModel[];
}

@ObjectType('Questionary', { description: 'A template being filled in (§3 Questionary)' })
export class QuestionaryModel {
  @Field(() => Int)
  questionaryId!: number;
  @Field(() => Int)
  templateId!: number;
  @Field()
  created!: Date;
  @Field({ description: 'every step is complete' })
  isCompleted!: boolean;
  @Field(() => [QuestionaryStepModel])
  steps!: QuestionaryStepModel[];
}

@InputType('AnswerInput')
export class AnswerInput {
  @Field()
  questionId!: string;
  @Field({ description: 'the answer as JSON of the form {"value": …}' })
  value!: string;
}
