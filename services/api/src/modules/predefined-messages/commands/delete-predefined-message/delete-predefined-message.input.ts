import { Field, InputType, Int } from '@nestjs/graphql';

@InputType()
export class DeletePredefinedMessageInput {
  @Field(() => Int)
  id!: number;
}
