import { Field, InputType, Int } from '@nestjs/graphql';

@InputType({ description: "A scheduler's event: its id, the proposal, instrument and times" })
export class ScheduledExperimentInput {
  @Field(() => String, { nullable: true, description: "the facility scheduler's event id" })
  scheduledEventId?: string | null;
  @Field(() => Int, { nullable: true })
  proposalPk?: number | null;
  @Field(() => Int, { nullable: true })
  instrumentId?: number | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601' })
  startsAt?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601; after startsAt' })
  endsAt?: string | null;
  @Field(() => Int, { nullable: true })
  localContactId?: number | null;
}
