import { Field, InputType, ObjectType } from '@nestjs/graphql';
import { ConflictResolutionStrategy, QuestionComparisonStatus } from '@user-office/contracts';

@ObjectType('Unit', { description: 'A unit of measurement (§3 Unit) that number questions offer' })
export class UnitModel {
  @Field({ description: 'letters, digits and underscore, e.g. centimeter' })
  id!: string;

  @Field({ description: 'the name, e.g. centimeter' })
  unit!: string;

  @Field({ description: 'e.g. length' })
  quantity!: string;

  @Field({ description: 'e.g. cm' })
  symbol!: string;

  @Field({
    description: 'the value in the SI unit of the quantity, from the value x in this unit, e.g. x / 100',
  })
  siConversionFormula!: string;
}

@ObjectType('Quantity', { description: 'A physical quantity units measure, e.g. length' })
export class QuantityModel {
  @Field()
  id!: string;
}

@ObjectType('UnitComparison', { description: 'How an imported unit compares with the existing one' })
export class UnitComparisonModel {
  @Field(() => UnitModel, { nullable: true, description: 'the unit of that id now; null when NEW' })
  existingUnit!: UnitModel | null;

  @Field(() => UnitModel)
  newUnit!: UnitModel;

  @Field(() => QuestionComparisonStatus)
  status!: QuestionComparisonStatus;

  @Field(() => ConflictResolutionStrategy, {
    description: 'what the import does by default: USE_NEW when NEW, USE_EXISTING when SAME, else UNRESOLVED',
  })
  conflictResolutionStrategy!: ConflictResolutionStrategy;
}

@ObjectType('UnitsImportWithValidation', { description: 'An import file of units, checked' })
export class UnitsImportWithValidationModel {
  @Field({ description: 'the file as given (to pass on to importUnits)' })
  json!: string;

  @Field({ description: 'the format version of the file; empty when missing' })
  version!: string;

  @Field(() => String, { nullable: true })
  exportDate!: string | null;

  @Field(() => [UnitComparisonModel], { description: 'the valid units of the file, compared' })
  units!: UnitComparisonModel[];

  @Field(() => [String], { description: 'every rule the file breaks; importUnits refuses it unless empty' })
  errors!: string[];
}

@InputType('ConflictResolution', { description: 'How to import an item that differs from the existing one' })
export class ConflictResolutionInput {
  @Field({ description: 'the id of the item (a unit id)' })
  itemId!: string;

  @Field(() => ConflictResolutionStrategy)
  strategy!: ConflictResolutionStrategy;
}
