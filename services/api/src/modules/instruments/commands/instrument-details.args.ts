import { ArgsType, Field, Int } from '@nestjs/graphql';

/** The arguments of createInstrument (§7); updateInstrument adds the id. */
@ArgsType()
export class InstrumentDetailsArgs {
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
  @Field()
  description!: string;
  @Field(() => Int, { nullable: true })
  managerUserId?: number | null;
  @Field(() => Boolean, { nullable: true, description: 'true when absent' })
  selectable?: boolean | null;
  @Field(() => String, { nullable: true })
  instrumentContact?: string | null;
}

@ArgsType()
export class UpdateInstrumentArgs extends InstrumentDetailsArgs {
  @Field(() => Int)
  id!: number;
}

/** The arguments of createTechnique; updateTechnique adds the id. */
@ArgsType()
export class TechniqueDetailsArgs {
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
  @Field()
  description!: string;
}

@ArgsType()
export class UpdateTechniqueArgs extends TechniqueDetailsArgs {
  @Field(() => Int)
  id!: number;
}
