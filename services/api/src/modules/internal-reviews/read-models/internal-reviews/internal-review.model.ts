import { Field, GraphQLISODateTime, InputType, Int, ObjectType } from '@nestjs/graphql';
import { FileMetadataModel } from '../../../files';

@ObjectType('InternalReview', {
  description:
    'A review by an internal reviewer of a technical review (§3). An internal reviewer sees the title, comment ' +
    'and files of their own reviews only (null and empty on the others).',
})
export class InternalReviewModel {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { nullable: true, description: "null: another internal reviewer's review" })
  title!: string | null;

  @Field(() => String, { nullable: true, description: 'sanitised HTML' })
  comment!: string | null;

  @Field(() => [FileMetadataModel], { description: 'the internal documents (PDF, at most 5)' })
  files!: FileMetadataModel[];

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => Int, { nullable: true, description: 'the officer who created it; null for an API token' })
  assignedBy!: number | null;

  @Field(() => Int)
  reviewerId!: number;

  @Field(() => Int)
  technicalReviewId!: number;
}

@InputType('InternalReviewsFilter')
export class InternalReviewsFilterInput {
  @Field(() => Int, {
    nullable: true,
    description:
      "one technical review's reviews; absent: every review the caller may see (an internal reviewer: theirs)",
  })
  technicalReviewId?: number | null;
}
