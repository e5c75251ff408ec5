import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('ProposalScientistComment', {
  description: "The instrument scientists' comment on a proposal, one per proposal (§3); staff only",
})
export class ProposalScientistCommentModel {
  @Field(() => Int)
  commentId!: number;

  @Field(() => Int)
  proposalPk!: number;

  @Field({ description: 'sanitised HTML' })
  comment!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'the user who made the last change; null for an API token',
  })
  lastModifiedBy!: number | null;

  @Field(() => GraphQLISODateTime, { description: 'when the last change was made' })
  dateModified!: Date;
}
