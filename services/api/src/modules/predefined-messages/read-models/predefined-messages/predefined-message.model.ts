import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';
import { PredefinedMessageKey } from '@user-office/contracts';

@ObjectType('PredefinedMessage', {
  description: 'A ready-made message officers and reviewers insert when writing to applicants (§3)',
})
export class PredefinedMessageModel {
  @Field(() => Int)
  id!: number;

  @Field()
  title!: string;

  @Field()
  message!: string;

  @Field(() => PredefinedMessageKey, { description: 'who the message is for (manager, user or general)' })
  key!: PredefinedMessageKey;

  @Field(() => Int, { nullable: true, description: 'the user who made the last change; null for the System' })
  lastModifiedBy!: number | null;

  @Field(() => GraphQLISODateTime, { description: 'when the last change was made' })
  dateModified!: Date;
}
