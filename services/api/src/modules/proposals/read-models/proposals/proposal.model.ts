import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ProposalEndStatus, ProposalPublicStatus } from '@user-office/contracts';

@ObjectType('ProposalStatusRef', { description: "A proposal's workflow status" })
export class ProposalStatusRefModel {
  @Field(() => Int)
  id!: number;
  @Field()
  shortCode!: string;
  @Field()
  name!: string;
}

@ObjectType('Proposal', { description: 'A proposal (§3 Proposal)' })
export class ProposalModel {
  @Field(() => Int)
  primaryKey!: number;
  @Field({ description: 'the reference: a pre-submission one until submitted, then from the call format' })
  proposalId!: string;
  @Field()
  title!: string;
  @Field()
  abstract!: string;
  @Field(() => Int)
  statusId!: number;
  @Field(() => ProposalPublicStatus)
  publicStatus!: ProposalPublicStatus;
  @Field(() => ProposalEndStatus)
  finalStatus!: ProposalEndStatus;
  @Field()
  created!: Date;
  @Field()
  updated!: Date;
  @Field(() => Int)
  callId!: number;
  @Field(() => Int)
  questionaryId!: number;
  @Field(() => Int)
  proposerId!: number;
  @Field()
  notified!: boolean;
  @Field()
  submitted!: boolean;
  @Field(() => Date, { nullable: true })
  submittedDate!: Date | null;
  /** co-proposers (resolved as `users`) */
  userIds!: number[];
}
