import { Field, InputType } from '@nestjs/graphql';
import { PredefinedMessageKey } from '@user-office/contracts';

@InputType('PredefinedMessagesFilter')
export class PredefinedMessagesFilterInput {
  @Field(() => PredefinedMessageKey, { nullable: true, description: 'general when absent' })
  key?: PredefinedMessageKey | null;
}
