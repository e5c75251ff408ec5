import { Field, InputType } from '@nestjs/graphql';

@InputType()
export class CreateApiAccessTokenInput {
  @Field()
  name!: string;

  @Field({ description: 'JSON object of root operation names: {"getCalls":true}' })
  accessPermissions!: string;
}
