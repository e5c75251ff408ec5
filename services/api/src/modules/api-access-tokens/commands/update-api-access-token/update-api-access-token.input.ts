import { Field, InputType, Int } from '@nestjs/graphql';

@InputType()
export class UpdateApiAccessTokenInput {
  @Field(() => Int)
  accessTokenId!: number;

  @Field()
  name!: string;

  @Field({ description: 'JSON object of root operation names: {"getCalls":true}' })
  accessPermissions!: string;
}
