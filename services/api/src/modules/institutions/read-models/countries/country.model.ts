import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Country', { description: 'A country (§3 Country), one of the ISO 3166-1 countries' })
export class CountryModel {
  @Field(() => Int)
  id!: number;

  @Field({ description: 'the English name' })
  value!: string;
}
