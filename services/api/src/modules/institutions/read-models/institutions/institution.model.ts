import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { CountryModel } from '../countries/country.model';

@ObjectType('Institution', { description: 'An institution users belong to (§3 Institution)' })
export class InstitutionModel {
  @Field(() => Int)
  id!: number;

  @Field()
  name!: string;

  @Field(() => CountryModel, { nullable: true })
  country!: CountryModel | null;

  @Field(() => String, { nullable: true, description: 'the bare ROR id, e.g. 0abcde123' })
  rorId!: string | null;
}

@InputType('InstitutionsFilter')
export class InstitutionsFilterInput {
  @Field(() => String, { nullable: true, description: 'part of the name, in any case' })
  name?: string | null;
}
