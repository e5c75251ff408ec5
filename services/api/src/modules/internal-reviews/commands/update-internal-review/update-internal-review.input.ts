import { Field, InputType, Int } from '@nestjs/graphql';
import { CreateInternalReviewInput } from '../create-internal-review/create-internal-review.input';

@InputType({
  description: 'The whole review after the change; an internal reviewer may not change reviewerId',
})
export class UpdateInternalReviewInput extends CreateInternalReviewInput {
  @Field(() => Int)
  id!: number;
}
