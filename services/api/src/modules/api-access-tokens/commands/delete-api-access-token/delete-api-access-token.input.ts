import { Field, InputType, Int } from '@nestjs/graphql';

@InputType()
export class DeleteApiAccessTokenInput {
  @Field(() => Int)
  accessTokenId!: number;
}
