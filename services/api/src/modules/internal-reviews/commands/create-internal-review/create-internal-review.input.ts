import { Field, InputType, Int } from '@nestjs/graphql';

@InputType()
export class CreateInternalReviewInput {
  @Field({ description: 'required' })
  title!: string;

  @Field(() => String, { nullable: true, description: 'rich text (sanitised), at most 6000 characters' })
  comment?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'a user with the INTERNAL_REVIEWER role; required (null: "Internal reviewer is required")',
  })
  reviewerId?: number | null;

  @Field(() => Int)
  technicalReviewId!: number;

  @Field(() => String, {
    nullable: true,
    description: 'JSON list of the ids of uploaded PDF files (POST /files/upload), at most 5',
  })
  files?: string | null;
}
