import { Field, GraphQLISODateTime, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('ProposalHistoryField', { description: 'One field of a proposal as it stood at an instant' })
export class ProposalHistoryFieldModel {
  @Field({
    description:
      'title, abstract, status, coProposers, answer.<questionId>, subTemplate.<id>.answer.<questionId>, ' +
      'technicalReview.<id>.<field>, fapReview.<id>.<field>, fapDecision.<fapId>.<instrumentId>.<field>, …',
  })
  name!: string;

  @Field(() => String, { nullable: true, description: 'the value as JSON' })
  value!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "an answer field: the text of its question as it is today (the template catalogue's)",
  })
  question!: string | null;
}

@ObjectType('ProposalAsOfAnswer', {
  description: "One question of the proposal's questionary and its answer then",
})
export class ProposalAsOfAnswerModel {
  @Field()
  questionId!: string;

  @Field({ description: "the question's text as it is today" })
  question!: string;

  @Field({ description: 'false: the question had no answer at that instant' })
  answered!: boolean;

  @Field(() => String, { nullable: true, description: 'the answer as JSON (null when not answered)' })
  value!: string | null;
}

@ObjectType('ProposalAsOfStep', {
  description:
    "A step of the proposal's questionary: today's topic and questions, the answers of the instant",
})
export class ProposalAsOfStepModel {
  @Field(() => String, {
    nullable: true,
    description: "the topic's title; null for answers to questions the template no longer places",
  })
  title!: string | null;

  @Field(() => [ProposalAsOfAnswerModel])
  answers!: ProposalAsOfAnswerModel[];
}

@ObjectType('ProposalAsOf', {
  description: 'A proposal as it stood at an instant, folded from its events up to that instant (auditors)',
})
export class ProposalAsOfModel {
  @Field(() => Int)
  proposalPk!: number;

  @Field(() => GraphQLISODateTime)
  at!: Date;

  @Field({ description: 'false: the proposal had not been created yet at that instant' })
  existed!: boolean;

  @Field(() => Int, { description: 'events folded (the proposal, its questionaries, reviews and decisions)' })
  eventCount!: number;

  @Field(() => GraphQLISODateTime, { nullable: true })
  lastEventAt!: Date | null;

  @Field(() => String, { nullable: true })
  proposalId!: string | null;

  @Field(() => String, { nullable: true })
  title!: string | null;

  @Field(() => String, { nullable: true })
  abstract!: string | null;

  @Field(() => Int, { nullable: true })
  statusId!: number | null;

  @Field(() => Boolean, { nullable: true })
  submitted!: boolean | null;

  @Field(() => [ProposalHistoryFieldModel])
  fields!: ProposalHistoryFieldModel[];

  @Field(() => [ProposalAsOfStepModel], {
    description:
      "the proposal's answers at that instant laid out as its questionary (the template's steps and question texts as they are today)",
  })
  questionary!: ProposalAsOfStepModel[];
}

@ObjectType('ProposalChange', { description: 'One field changed by one event: who, when, before → after' })
export class ProposalChangeModel {
  @Field(() => Int, { description: "the event's position in the store" })
  position!: number;

  @Field(() => GraphQLISODateTime)
  at!: Date;

  @Field()
  eventType!: string;

  @Field(() => Int, { nullable: true, description: 'the acting user; null for the System' })
  changedById!: number | null;

  @Field(() => Int, { nullable: true, description: 'the officer impersonating the acting user' })
  impersonatedById!: number | null;

  @Field()
  field!: string;

  @Field(() => String, {
    nullable: true,
    description: "an answer field: the text of its question as it is today (the template catalogue's)",
  })
  question!: string | null;

  @Field(() => String, { nullable: true, description: 'JSON; null when the field did not exist before' })
  before!: string | null;

  @Field(() => String, { nullable: true, description: 'JSON; null when the field no longer exists' })
  after!: string | null;
}
