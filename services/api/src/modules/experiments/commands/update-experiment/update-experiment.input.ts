import { Field, InputType, Int } from '@nestjs/graphql';
import { ExperimentStatus } from '@user-office/contracts';

@InputType()
export class UpdateExperimentInput {
  @Field(() => Int)
  experimentPk!: number;
  @Field(() => Int, { nullable: true, description: 'left out: stays on its instrument' })
  instrumentId?: number | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601' })
  startsAt?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 8601; after startsAt' })
  endsAt?: string | null;
  @Field(() => Int, { nullable: true, description: 'left out: unchanged; null: no local contact' })
  localContactId?: number | null;
  @Field(() => ExperimentStatus, { nullable: true, description: 'left out: unchanged' })
  status?: ExperimentStatus | null;
}
