import { Field, InputType } from '@nestjs/graphql';
import { PredefinedMessageKey } from '@user-office/contracts';

@InputType()
export class CreatePredefinedMessageInput {
  @Field()
  title!: string;

  @Field()
  message!: string;

  @Field(() => PredefinedMessageKey, { nullable: true, description: 'general when absent' })
  key?: PredefinedMessageKey | null;
}
