import { Field, InputType, Int } from '@nestjs/graphql';
import { ExperimentStatus } from '@user-office/contracts';

@InputType()
export class CreateExperimentInput {
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
  @Field(() => ExperimentStatus, { nullable: true, description: 'DRAFT when absent' })
  status?: ExperimentStatus | null;
}
