import { Field, Float, InputType, Int, ObjectType } from '@nestjs/graphql';
import { AllocationTimeUnit, ExperimentStatus } from '@user-office/contracts';

@ObjectType('ExperimentProposal', { description: "The experiment's proposal, as its rows show it" })
export class ExperimentProposalModel {
  @Field(() => Int)
  primaryKey!: number;
  @Field()
  proposalId!: string;
  @Field()
  title!: string;
}

@ObjectType('ExperimentInstrument', { description: "The experiment's instrument, as its rows show it" })
export class ExperimentInstrumentModel {
  @Field(() => Int)
  id!: number;
  @Field()
  name!: string;
  @Field()
  shortCode!: string;
}

@ObjectType('Experiment', {
  description: 'An experiment of an accepted proposal on one of its instruments (§3)',
})
export class ExperimentModel {
  @Field(() => Int)
  experimentPk!: number;
  @Field()
  experimentId!: string;
  @Field(() => Date)
  startsAt!: Date;
  @Field(() => Date)
  endsAt!: Date;
  @Field(() => String, { nullable: true, description: "the facility scheduler's event id, when it made it" })
  scheduledEventId!: string | null;
  @Field(() => Int)
  proposalPk!: number;
  @Field(() => Int)
  callId!: number;
  @Field(() => ExperimentStatus)
  status!: ExperimentStatus;
  @Field(() => Int, { nullable: true })
  localContactId!: number | null;
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => Int, { nullable: true, description: 'the experiment workflow it follows (the default one)' })
  workflowId!: number | null;
  @Field(() => Int, { nullable: true, description: 'its status on that workflow (ESF statuses)' })
  workflowStatusId!: number | null;
  @Field(() => Date)
  createdAt!: Date;
  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType('ExperimentsQueryResult')
export class ExperimentsQueryResultModel {
  @Field(() => Int)
  totalCount!: number;
  @Field(() => [ExperimentModel])
  experiments!: ExperimentModel[];
}

@InputType('ExperimentsFilter')
export class ExperimentsFilterInput {
  @Field(() => Int, { nullable: true })
  instrumentId?: number | null;
  @Field(() => Int, { nullable: true })
  proposalPk?: number | null;
  @Field(() => Int, { nullable: true })
  callId?: number | null;
  @Field(() => [ExperimentStatus], { nullable: true })
  status?: ExperimentStatus[] | null;
  @Field(() => String, { nullable: true, description: 'experiments ending after this instant (ISO 8601)' })
  startsAfter?: string | null;
  @Field(() => String, { nullable: true, description: 'experiments starting before this instant (ISO 8601)' })
  endsBefore?: string | null;
}

@InputType('UserExperimentsFilter')
export class UserExperimentsFilterInput {
  @Field(() => [ExperimentStatus], { nullable: true })
  status?: ExperimentStatus[] | null;
  @Field(() => String, { nullable: true, description: 'experiments ending after this instant (ISO 8601)' })
  endsAfter?: string | null;
  @Field(() => Int, { nullable: true })
  instrumentId?: number | null;
}

@ObjectType('ExperimentProposalTime', {
  description: "A proposal's time on the instrument: allocated by the management decision, and scheduled",
})
export class ExperimentProposalTimeModel {
  @Field(() => Int)
  proposalPk!: number;
  @Field()
  proposalId!: string;
  @Field()
  title!: string;
  @Field(() => Float, { nullable: true, description: 'in the allocation unit; null when none is allocated' })
  allocatedTime!: number | null;
  @Field(() => Float, { description: "the live experiments' time, in the allocation unit" })
  scheduledTime!: number;
}

@ObjectType('ExperimentTimeSummary', {
  description: "For the timeline: an instrument's time in a call, in the call's allocation unit",
})
export class ExperimentTimeSummaryModel {
  @Field(() => Int)
  instrumentId!: number;
  @Field(() => Int)
  callId!: number;
  @Field(() => AllocationTimeUnit)
  allocationTimeUnit!: AllocationTimeUnit;
  @Field(() => Float, { nullable: true, description: "the instrument's availability time in the call" })
  availabilityTime!: number | null;
  @Field(() => Float)
  scheduledTime!: number;
  @Field(() => [ExperimentProposalTimeModel])
  proposals!: ExperimentProposalTimeModel[];
}
