import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { VisitRegistrationStatus } from '@user-office/contracts';

@ObjectType('VisitRegistration', {
  description: "A visitor's registration for a visit (§3): their dates, answers and its status",
})
export class VisitRegistrationModel {
  @Field(() => Int)
  userId!: number;
  @Field(() => Int)
  visitId!: number;
  @Field(() => Int)
  experimentPk!: number;
  @Field(() => Int, {
    nullable: true,
    description: 'the questionary of the visit registration template (null until the visitor starts it)',
  })
  registrationQuestionaryId!: number | null;
  @Field(() => Date, { nullable: true })
  startsAt!: Date | null;
  @Field(() => Date, { nullable: true })
  endsAt!: Date | null;
  @Field(() => VisitRegistrationStatus)
  status!: VisitRegistrationStatus;
  @Field(() => Date)
  createdAt!: Date;
  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType('Visit', {
  description: 'Who comes for an experiment (§3): the team, its lead and their registrations',
})
export class VisitModel {
  @Field(() => Int)
  id!: number;
  @Field(() => Int)
  experimentPk!: number;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int, { nullable: true, description: 'the PI or co-proposer who defined the team' })
  creatorId!: number | null;
  @Field(() => Int)
  teamLeadUserId!: number;
  @Field(() => [Int], { description: 'the visitors’ user ids' })
  team!: number[];
  @Field(() => Date)
  createdAt!: Date;
  @Field(() => Date)
  updatedAt!: Date;
}

@InputType('VisitsFilter')
export class VisitsFilterInput {
  @Field(() => Int, { nullable: true })
  proposalPk?: number | null;
  @Field(() => Int, { nullable: true })
  experimentPk?: number | null;
}

@InputType('VisitRegistrationKeyInput', { description: 'One registration: the visit and the visitor' })
export class VisitRegistrationKeyInput {
  @Field(() => Int)
  visitId!: number;
  @Field(() => Int)
  userId!: number;
}
