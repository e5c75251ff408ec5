import { Field, InputType, Int } from '@nestjs/graphql';

@InputType()
export class DeleteInternalReviewInput {
  @Field(() => Int)
  id!: number;

  @Field(() => Int, { description: 'the technical review the internal review belongs to' })
  technicalReviewId!: number;
}
