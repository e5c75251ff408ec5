import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { ShipmentStatus } from '@user-office/contracts';

@ObjectType('ShipmentProposal', { description: "The shipment's proposal, as its rows show it" })
export class ShipmentProposalModel {
  @Field(() => Int)
  primaryKey!: number;
  @Field()
  proposalId!: string;
  @Field()
  title!: string;
}

@ObjectType('Shipment', { description: "A shipment of a proposal's samples to the facility (§3)" })
export class ShipmentModel {
  @Field(() => Int)
  id!: number;
  @Field()
  title!: string;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => ShipmentStatus, { description: 'DRAFT, or SUBMITTED (locked)' })
  status!: ShipmentStatus;
  @Field(() => String, { nullable: true, description: "the facility's reference (none yet)" })
  externalRef!: string | null;
  @Field(() => Int)
  questionaryId!: number;
  @Field(() => Int, { nullable: true })
  experimentPk!: number | null;
  @Field(() => Int, { nullable: true })
  creatorId!: number | null;
  @Field(() => Date)
  created!: Date;
  @Field(() => Date, { nullable: true, description: 'when the user office recorded it as received' })
  receivedAt!: Date | null;
  @Field(() => [Int])
  sampleIds!: number[];
}

@InputType('ShipmentsFilter')
export class ShipmentsFilterInput {
  @Field(() => Int, { nullable: true })
  proposalPk?: number | null;
  @Field(() => Int, { nullable: true })
  experimentPk?: number | null;
  @Field(() => ShipmentStatus, { nullable: true })
  status?: ShipmentStatus | null;
}
