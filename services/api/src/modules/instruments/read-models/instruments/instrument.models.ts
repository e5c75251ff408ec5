import { Field, Float, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Instrument', { description: 'An instrument of the facility (§3 Instrument)' })
export class InstrumentModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
  @Field()
  description!: string;
  @Field(() => Int, { nullable: true, description: 'the user who manages the instrument' })
  managerUserId!: number | null;
  @Field({ description: 'whether applicants may pick it' })
  selectable!: boolean;
  @Field(() => String, { nullable: true, description: 'whom to contact about the instrument' })
  instrumentContact!: string | null;
  /** resolved as `scientists` */
  scientistIds!: number[];
}

@ObjectType('InstrumentsQueryResult')
export class InstrumentsQueryResultModel {
  @Field(() => Int)
  totalCount!: number;
  @Field(() => [InstrumentModel])
  instruments!: InstrumentModel[];
}

@ObjectType('InstrumentMinimal', { description: 'An instrument by name only' })
export class InstrumentMinimalModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
  @Field()
  description!: string;
}

@ObjectType('InstrumentWithAvailabilityTime', {
  description: 'An instrument as assigned to a call (§3 Call)',
})
export class InstrumentWithAvailabilityTimeModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
  @Field()
  description!: string;
  @Field(() => Float, { nullable: true, description: "in the call's allocation time unit; null until set" })
  availabilityTime!: number | null;
  @Field({ description: "whether the availability was submitted within the call's FAP" })
  submitted!: boolean;
  @Field(() => Int, { nullable: true, description: 'the FAP reviewing its proposals in the call' })
  fapId!: number | null;
}

@ObjectType('Technique', { description: 'A technique, offered by instruments (§3 Technique)' })
export class TechniqueModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
  @Field()
  description!: string;
  /** resolved as `instruments` */
  instrumentIds!: number[];
  /** resolved as `scientists` */
  scientistIds!: number[];
}

@ObjectType('TechniquesQueryResult')
export class TechniquesQueryResultModel {
  @Field(() => Int)
  totalCount!: number;
  @Field(() => [TechniqueModel])
  techniques!: TechniqueModel[];
}

@ObjectType('TechniqueMinimal', { description: 'A technique by name only' })
export class TechniqueMinimalModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
  @Field()
  description!: string;
}
