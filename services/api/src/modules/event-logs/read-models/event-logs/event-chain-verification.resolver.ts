import { Field, GraphQLISODateTime, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Inject } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { lastEventChainVerification } from '../../../../platform/event-store/event-chain';
import { SQL_CLIENT } from '../../../../platform/tokens';

@ObjectType('EventChainVerification', {
  description: "The last check of the event log's hash chain (npm run events:verify): when, and its result",
})
export class EventChainVerificationModel {
  @Field(() => GraphQLISODateTime)
  verifiedAt!: Date;

  @Field({ description: 'true: every event after the anchor matched its hash' })
  ok!: boolean;

  @Field(() => Int)
  eventsChecked!: number;

  @Field(() => Int, { description: 'the last event checked' })
  headPosition!: number;

  @Field(() => String, { nullable: true, description: 'its hash (publish it to pin the log as it stood)' })
  headHash!: string | null;

  @Field(() => Int, { nullable: true, description: 'the first event that did not match' })
  firstBadPosition!: number | null;

  @Field({ description: 'the result in words, naming the first event that did not match' })
  message!: string;
}

@Resolver()
export class EventChainVerificationResolver {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Query(() => EventChainVerificationModel, {
    nullable: true,
    description: "The last verification of the event log's hash chain; null when never verified (officers)",
  })
  @RolesAllowed(Role.USER_OFFICER)
  async eventChainVerification(): Promise<EventChainVerificationModel | null> {
    const last = await lastEventChainVerification(this.sql).catch(() => null); // KurrentDB: no chain table
    return last;
  }
}
