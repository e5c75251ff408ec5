import { Field, GraphQLISODateTime, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { EmailStatusActionRecipients, StatusActionType, StatusActionsLogState } from '@user-office/contracts';

registerEnumType(StatusActionsLogState, {
  name: 'StatusActionsLogState',
  description:
    'PENDING: owed and not run yet (waiting in the queue, or between two tries); RUNNING; SUCCESSFUL or FAILED: the latest outcome',
});

@ObjectType('StatusActionsLogProposal', { description: 'A proposal a status action ran for, as it was then' })
export class StatusActionsLogProposalModel {
  @Field(() => Int)
  primaryKey!: number;
  @Field()
  proposalId!: string;
  @Field()
  title!: string;
  @Field(() => Int)
  callId!: number;
}

@ObjectType('StatusActionsLogAttempt', {
  description: 'One job of a log entry: the first run, then each replay, each with its own outcome',
})
export class StatusActionsLogAttemptModel {
  @Field()
  jobId!: string;
  @Field()
  successful!: boolean;
  @Field()
  message!: string;
  @Field(() => GraphQLISODateTime)
  timestamp!: Date;
  @Field(() => Int, { description: 'how many tries the job took (1 + retries with backoff)' })
  tries!: number;
  @Field()
  replay!: boolean;
}

@ObjectType('StatusActionsLog', {
  description:
    'One status action for one proposal (and, for e-mail, one recipient): its latest outcome, and every job that ran for it (§3 Status actions log)',
})
export class StatusActionsLogModel {
  @Field(() => Int)
  statusActionsLogId!: number;
  @Field(() => Int, { description: 'the workflow connection whose status was reached' })
  connectionId!: number;
  @Field(() => Int, { description: 'the status reached' })
  statusId!: number;
  @Field(() => Int, { description: 'the status action (1 Email action, 2 RabbitMQ action)' })
  actionId!: number;
  @Field(() => StatusActionType)
  actionType!: StatusActionType;
  @Field(() => String, { nullable: true, description: 'e-mail actions: the template sent' })
  emailTemplateId!: string | null;
  @Field(() => EmailStatusActionRecipients, {
    nullable: true,
    description: 'e-mail actions: the recipient group',
  })
  recipientGroup!: EmailStatusActionRecipients | null;
  @Field(() => String, {
    nullable: true,
    description:
      "RabbitMQ actions: the message profile, native (our PROPOSAL_STATUS_CHANGED) or compatible (the open-source user office's PROPOSAL_STATUS_ACTION_EXECUTED)",
  })
  profile!: string | null;
  @Field({ description: 'the e-mail address, or the exchanges (comma-separated)' })
  recipient!: string;
  @Field({ description: 'what happened (the error when it failed)' })
  message!: string;
  @Field({ description: 'whether the latest job succeeded' })
  successful!: boolean;
  @Field(() => GraphQLISODateTime, { description: 'when the latest job ended' })
  timestamp!: Date;
  @Field(() => [StatusActionsLogProposalModel])
  proposals!: StatusActionsLogProposalModel[];
  @Field(() => [StatusActionsLogAttemptModel])
  attempts!: StatusActionsLogAttemptModel[];
  @Field(() => StatusActionsLogState, {
    description:
      'PENDING or RUNNING while its job (the first, or a replay) is owed and has not ended; then its latest outcome. ' +
      'An entry that has not run yet has no attempts, successful false and timestamp the time it was owed',
  })
  state!: StatusActionsLogState;
  @Field(() => GraphQLISODateTime, {
    nullable: true,
    description: 'when the job that has not ended yet was owed (null when none is)',
  })
  owedSince!: Date | null;
  @Field(() => Int, {
    nullable: true,
    description: 'how long (seconds) the job that has not ended yet has been owed (null when none is)',
  })
  waitingSeconds!: number | null;
}

@ObjectType('StatusActionsLogsQueryResult')
export class StatusActionsLogsQueryResultModel {
  @Field(() => Int)
  totalCount!: number;
  @Field(() => [StatusActionsLogModel])
  statusActionsLogs!: StatusActionsLogModel[];
}

@InputType('StatusActionsLogsFilter')
export class StatusActionsLogsFilterInput {
  @Field(() => Boolean, {
    nullable: true,
    description: 'true: successful only; false: failed only; absent: all',
  })
  statusActionsSuccessful?: boolean | null;
  @Field(() => [Int], { nullable: true, description: "the calls of the entries' proposals" })
  callIds?: number[] | null;
  @Field(() => [Int], {
    nullable: true,
    description: 'the status actions (1 Email action, 2 RabbitMQ action)',
  })
  statusActionIds?: number[] | null;
  @Field(() => [StatusActionsLogState], {
    nullable: true,
    description:
      'PENDING and RUNNING: what is owed and waiting; SUCCESSFUL, FAILED: the latest outcome; absent: all',
  })
  states?: StatusActionsLogState[] | null;
}
