import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import {
  DataType,
  DependenciesLogicOperator,
  EvaluatorOperator,
  TemplateCategoryId,
  TemplateGroupId,
} from '@user-office/contracts';
import GraphQLJSON from 'graphql-type-json';

@ObjectType('Question', { description: 'A question (§3 Question); shared by the templates of its category' })
export class QuestionModel {
  @Field()
  id!: string;
  @Field()
  question!: string;
  @Field()
  naturalKey!: string;
  @Field(() => DataType)
  dataType!: DataType;
  @Field(() => TemplateCategoryId)
  categoryId!: TemplateCategoryId;
  @Field(() => GraphQLJSON, { description: "the type's config (see the question-type registry)" })
  config!: Record<string, unknown>;
}

@ObjectType('TemplateUsage', { description: 'A template a question is placed on' })
export class TemplateUsageModel {
  @Field(() => Int)
  templateId!: number;
  @Field()
  name!: string;
}

@ObjectType('QuestionWithUsage', { description: 'A question with the templates it is placed on' })
export class QuestionWithUsageModel extends QuestionModel {
  @Field(() => [TemplateUsageModel])
  templates!: TemplateUsageModel[];
}

@ObjectType('FieldCondition')
export class FieldConditionModel {
  @Field(() => EvaluatorOperator)
  condition!: EvaluatorOperator;
  @Field(() => GraphQLJSON, { nullable: true, description: 'the value compared with' })
  params!: unknown;
}

@ObjectType('FieldDependency', {
  description: 'questionId shows only when dependencyId answers the condition',
})
export class FieldDependencyModel {
  @Field()
  questionId!: string;
  @Field()
  dependencyId!: string;
  @Field()
  dependencyNaturalKey!: string;
  @Field(() => FieldConditionModel)
  condition!: FieldConditionModel;
}

@ObjectType('QuestionTemplateRelation', {
  description: 'A question placed on a template, with its config there',
})
export class QuestionTemplateRelationModel {
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
}

@ObjectType('Topic', { description: 'A wizard step of a template (§3 Topic)' })
export class TopicModel {
  @Field(() => Int)
  id!: number;
  @Field()
  title!: string;
  @Field(() => Int)
  templateId!: number;
  @Field(() => Int)
  sortOrder!: number;
  @Field()
  isEnabled!: boolean;
}

@ObjectType('TemplateStep')
export class TemplateStepModel {
  @Field(() => TopicModel)
  topic!: TopicModel;
  @Field(() => [QuestionTemplateRelationModel])
  fields!: QuestionTemplateRelationModel[];
}

@ObjectType('TemplateGroup')
export class TemplateGroupModel {
  @Field(() => TemplateGroupId)
  groupId!: TemplateGroupId;
  @Field(() => TemplateCategoryId)
  categoryId!: TemplateCategoryId;
}

@ObjectType('TemplateCategory')
export class TemplateCategoryModel {
  @Field(() => TemplateCategoryId)
  categoryId!: TemplateCategoryId;
  @Field()
  name!: string;
}

@ObjectType('Template', { description: 'A questionnaire template (§3 Template)' })
export class TemplateModel {
  @Field(() => Int)
  templateId!: number;
  @Field(() => TemplateGroupId)
  groupId!: TemplateGroupId;
  @Field()
  name!: string;
  @Field()
  description!: string;
  @Field()
  isArchived!: boolean;
  // group, steps, complementaryQuestions and the counts are resolved fields (templates.resolver.ts)
}

@ObjectType('PdfTemplate', { description: 'The Handlebars HTML of a PDF template (§3 PDF template)' })
export class PdfTemplateModel {
  @Field(() => Int, { description: 'the id of the PDF template (its template id)' })
  pdfTemplateId!: number;
  @Field(() => Int)
  templateId!: number;
  @Field()
  templateData!: string;
  @Field()
  templateHeader!: string;
  @Field()
  templateFooter!: string;
  @Field()
  templateSampleDeclaration!: string;
  @Field()
  dummyData!: string;
}

@InputType('TemplatesFilter')
export class TemplatesFilterInput {
  @Field({ nullable: true })
  isArchived?: boolean;
  @Field(() => TemplateGroupId, { nullable: true })
  group?: TemplateGroupId;
  @Field(() => [Int], { nullable: true })
  templateIds?: number[];
}

@InputType('QuestionsFilter')
export class QuestionsFilterInput {
  @Field({ nullable: true, description: 'part of the question text or natural key' })
  text?: string;
  @Field(() => TemplateCategoryId, { nullable: true })
  category?: TemplateCategoryId;
  @Field(() => [DataType], { nullable: true })
  dataType?: DataType[];
  @Field(() => [DataType], { nullable: true })
  excludeDataType?: DataType[];
  @Field(() => [String], { nullable: true })
  questionIds?: string[];
}

@InputType('FieldConditionInput')
export class FieldConditionInput {
  @Field(() => EvaluatorOperator)
  condition!: EvaluatorOperator;
  @Field({ description: 'the value compared with, as JSON (e.g. true, "option a", 3)' })
  params!: string;
}

@InputType('FieldDependencyInput')
export class FieldDependencyInput {
  @Field()
  dependencyId!: string;
  @Field()
  dependencyNaturalKey!: string;
  @Field(() => FieldConditionInput)
  condition!: FieldConditionInput;
}
