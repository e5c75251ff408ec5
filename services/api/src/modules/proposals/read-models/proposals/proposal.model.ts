import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
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

@ObjectType('Invite', { description: 'An invitation to join a proposal as co-proposer (§3 Invite)' })
export class InviteModel {
  @Field()
  id!: string;
  @Field({ description: 'shown to its creator and officers only' })
  code!: string;
  @Field()
  email!: string;
  @Field()
  createdAt!: Date;
  @Field(() => Int)
  createdByUserId!: number;
  @Field(() => Date, { nullable: true })
  claimedAt!: Date | null;
  @Field(() => Int, { nullable: true })
  claimedByUserId!: number | null;
  @Field({ description: 'the invitation e-mail was queued (a job with the invitation id: it is sent once)' })
  isEmailSent!: boolean;
  @Field()
  expiresAt!: Date;
}

@ObjectType('RedeemCode', { description: 'An invitation code redeemed (§3 Redeem code)' })
export class RedeemCodeModel {
  @Field()
  code!: string;
  @Field(() => Int, { nullable: true })
  placeholderUserId!: number | null;
  @Field(() => Int)
  createdBy!: number;
  @Field()
  createdAt!: Date;
  @Field(() => Date, { nullable: true })
  claimedAt!: Date | null;
}

@ObjectType('ManagementTimeAllocation', {
  description: "Management time allocated to the proposal on one of its instruments (the call's time unit)",
})
export class ManagementTimeAllocationModel {
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => Float)
  value!: number;
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
  @Field(() => ProposalEndStatus, { description: 'the management decision (UNSET until made)' })
  finalStatus!: ProposalEndStatus;
  @Field({ description: 'the comment of the management decision for the proposers' })
  commentForUser!: string;
  /** resolved as `commentForManagement` for staff only (proposals.policy) */
  commentForManagement!: string;
  @Field({ description: 'the management decision is submitted (only officers change it then)' })
  managementDecisionSubmitted!: boolean;
  @Field(() => [ManagementTimeAllocationModel], {
    description: "management time allocated per instrument (only the proposal's instruments)",
  })
  managementTimeAllocations!: ManagementTimeAllocationModel[];
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
  @Field({ description: 'the proposers were told the final decision (notifyProposal)' })
  notified!: boolean;
  @Field()
  submitted!: boolean;
  @Field(() => Date, { nullable: true })
  submittedDate!: Date | null;
  /** co-proposers (resolved as `users`) */
  userIds!: number[];
}
