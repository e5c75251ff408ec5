import { Field, Float, InputType, Int } from '@nestjs/graphql';

@InputType('ManagementTimeAllocationsInput', {
  description: "Management time for one of the proposal's instruments: a number from 0 to 100000 (§5)",
})
export class ManagementTimeAllocationsInput {
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => Float, { nullable: true })
  value?: number | null;
}
