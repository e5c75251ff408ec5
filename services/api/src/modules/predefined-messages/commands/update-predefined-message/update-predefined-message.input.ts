import { Field, InputType, Int } from '@nestjs/graphql';
import { PredefinedMessageKey } from '@user-office/contracts';

@InputType()
export class UpdatePredefinedMessageInput {
  @Field(() => Int)
  id!: number;

  @Field()
  title!: string;

  @Field()
  message!: string;

  @Field(() => PredefinedMessageKey, { nullable: true, description: 'the current key when absent' })
  key?: PredefinedMessageKey | null;
}
