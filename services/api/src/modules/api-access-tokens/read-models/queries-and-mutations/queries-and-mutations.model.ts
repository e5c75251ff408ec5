import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('QueriesAndMutations', {
  description: 'The root operations of the api: what an API access token may be permitted to call',
})
export class QueriesAndMutationsModel {
  @Field(() => [String])
  queries!: string[];

  @Field(() => [String])
  mutations!: string[];
}
