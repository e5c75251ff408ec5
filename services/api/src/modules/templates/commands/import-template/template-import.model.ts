import { Field, ObjectType } from '@nestjs/graphql';
import { ConflictResolutionStrategy, QuestionComparisonStatus } from '@user-office/contracts';
import { QuestionModel } from '../../read-models/templates/template.model';

@ObjectType('QuestionComparison', {
  description: 'How a question of a template file compares with the existing question of its id',
})
export class QuestionComparisonModel {
  @Field(() => QuestionModel, { nullable: true, description: 'the question of that id now; null when NEW' })
  existingQuestion!: QuestionModel | null;

  @Field(() => QuestionModel, { description: 'the question as the file gives it' })
  newQuestion!: QuestionModel;

  @Field(() => QuestionComparisonStatus)
  status!: QuestionComparisonStatus;

  @Field(() => ConflictResolutionStrategy, {
    description: 'what the import does by default: USE_NEW when NEW, USE_EXISTING when SAME, else UNRESOLVED',
  })
  conflictResolutionStrategy!: ConflictResolutionStrategy;
}

@ObjectType('TemplateImportWithValidation', { description: 'A template file of getTemplateAsJson, checked' })
export class TemplateImportWithValidationModel {
  @Field({ description: 'the file as given (to pass on to importTemplate)' })
  json!: string;

  @Field({ description: 'the format version of the file; empty when missing' })
  version!: string;

  @Field(() => String, { nullable: true })
  exportDate!: string | null;

  @Field(() => [QuestionComparisonModel], {
    description: 'the valid questions of the template and its sub-templates, each once, compared',
  })
  questionComparisons!: QuestionComparisonModel[];

  @Field(() => [String], {
    description: 'every rule the file breaks; importTemplate refuses it unless empty',
  })
  errors!: string[];
}
