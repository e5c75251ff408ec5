import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('EventLog', { description: 'One change in the system: who, when, what (§2 event logs table)' })
export class EventLogModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'the event type, e.g. ProposalSubmitted' })
  eventType!: string;

  @Field(() => Int, { nullable: true, description: 'the user who made the change; null for the System' })
  changedById!: number | null;

  @Field(() => Int, { nullable: true, description: 'the officer who was impersonating changedBy' })
  impersonatedById!: number | null;

  @Field(() => GraphQLISODateTime)
  eventTStamp!: Date;

  @Field({ description: 'the event payload as JSON' })
  rowData!: string;

  @Field({ description: 'the id of the changed object, of the kind objectType names' })
  changedObjectId!: string;

  @Field({
    description:
      'the kind of the changed object: proposal, fap-review, technical-review, call, status, workflow, user, …',
  })
  objectType!: string;

  @Field(() => Int, {
    nullable: true,
    description:
      'the proposal the changed object is or belongs to (its reviewer assignments, reviews, decisions, …)',
  })
  proposalPk!: number | null;

  @Field()
  description!: string;
}
