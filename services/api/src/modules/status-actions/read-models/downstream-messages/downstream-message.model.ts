import { Field, GraphQLISODateTime, InputType, Int, ObjectType } from '@nestjs/graphql';
import { StatusActionsLogState } from '@user-office/contracts';

@ObjectType('DownstreamMessage', {
  description:
    'A compatible RabbitMQ message owed without a status action (PROPOSAL_DELETED, INSTRUMENT_DELETED, the feed): ' +
    'where it was published, or why not yet',
})
export class DownstreamMessageModel {
  @Field({ description: 'its job id, <event id>-<type>' })
  messageKey!: string;
  @Field({ description: 'the AMQP type: PROPOSAL_DELETED, INSTRUMENT_DELETED, a feed type' })
  type!: string;
  @Field({ description: "the AMQP messageId: the causing event's id" })
  messageId!: string;
  @Field({
    description: 'proposal-<pk>, instrument-<id>, …: the messages of one key are published in event order',
  })
  orderingKey!: string;
  @Field(() => [String], { description: 'the exchanges it is owed to (RABBITMQ_EXCHANGES when it was owed)' })
  exchanges!: string[];
  @Field(() => [String], { description: 'the exchanges the broker confirmed it on so far' })
  publishedTo!: string[];
  @Field({ description: 'what happened (the last error while it waits, the error when it failed)' })
  message!: string;
  @Field({ description: 'whether it was published' })
  successful!: boolean;
  @Field(() => StatusActionsLogState, {
    description:
      'PENDING or RUNNING while owed and not published; SUCCESSFUL (published) or FAILED (given up)',
  })
  state!: StatusActionsLogState;
  @Field(() => Int, { description: 'the tries so far' })
  tries!: number;
  @Field(() => GraphQLISODateTime, { description: 'when the causing event happened' })
  occurredAt!: Date;
  @Field(() => GraphQLISODateTime, {
    description: 'when it was published or given up; when owed, while it is not',
  })
  timestamp!: Date;
  @Field(() => GraphQLISODateTime, {
    nullable: true,
    description: 'when it was owed, while it is not published',
  })
  owedSince!: Date | null;
  @Field(() => Int, {
    nullable: true,
    description: 'how long (seconds) it has been owed, while it is not published',
  })
  waitingSeconds!: number | null;
}

@ObjectType('DownstreamMessagesQueryResult')
export class DownstreamMessagesQueryResultModel {
  @Field(() => Int)
  totalCount!: number;
  @Field(() => [DownstreamMessageModel])
  downstreamMessages!: DownstreamMessageModel[];
}

@InputType('DownstreamMessagesFilter')
export class DownstreamMessagesFilterInput {
  @Field(() => [StatusActionsLogState], {
    nullable: true,
    description: 'PENDING and RUNNING: owed and not published; SUCCESSFUL; FAILED; absent: all',
  })
  states?: StatusActionsLogState[] | null;
  @Field(() => [String], { nullable: true, description: 'the message types (PROPOSAL_DELETED, …)' })
  types?: string[] | null;
}
