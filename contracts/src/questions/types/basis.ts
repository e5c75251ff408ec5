import { array, mixed, number, object, string, type ObjectSchema, type Schema } from 'yup';

import { DataType, TechnicalReviewStatus } from '../../enums';
import { validationLimits } from '../../validation/common';
import {
  esiMessages,
  questionMessages,
  shipmentMessages,
  technicalReviewMessages,
  visitMessages,
} from '../../validation/messages';
import {
  commonConfigShape,
  defaultCommonConfig,
  defineQuestionType,
  isNonBlank,
  timeOf,
  type AnswerContext,
  type CommonQuestionConfig,
  type QuestionTypeDefinition,
} from '../question-type';

/** The *_BASIS types: the first question of a template, whose answer is the entity itself. */
export const basisDataTypes = [
  DataType.FAP_REVIEW_BASIS,
  DataType.FEEDBACK_BASIS,
  DataType.PROPOSAL_BASIS,
  DataType.TECHNICAL_REVIEW_BASIS,
  DataType.SAMPLE_BASIS,
  DataType.GENERIC_TEMPLATE_BASIS,
  DataType.SHIPMENT_BASIS,
  DataType.VISIT_BASIS,
  DataType.PROPOSAL_ESI_BASIS,
  DataType.SAMPLE_ESI_BASIS,
] as const;

export type BasisDataType = (typeof basisDataTypes)[number];

export interface BasisConfig extends CommonQuestionConfig {
  questionLabel: string;
}

const configSchema: ObjectSchema<BasisConfig> = object({
  ...commonConfigShape,
  questionLabel: string().defined(),
});

/** §3 "Shipment basis". */
export interface ShipmentBasisValue {
  title: string;
  proposalPk: number | null;
  samples: number[];
}

/** §3 "Visit basis" (ISO date-times). */
export interface VisitBasisValue {
  proposalPk: number | null;
  startsAt: string | null;
  endsAt: string | null;
}

/** §3 "Technical review basis answer". */
export interface TechnicalReviewBasisValue {
  status: TechnicalReviewStatus | null;
  timeAllocation: number | null;
  comment: string | null;
  publicComment: string | null;
  files: string[];
}

/** Proposal ESI and sample ESI: the proposal they belong to. */
export interface EsiBasisValue {
  proposalPk: number | null;
}

const titleSchema = () =>
  mixed<string>().test('title', questionMessages.requiredField, (value) => isNonBlank(value));

const proposalPkSchema = (message: string) =>
  number().nullable().required(message).integer(message).min(1, message);

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** §5 Visit basis: the registration's proposal and dates, with the spec's messages (`now` for "not in the past"). */
export const visitBasisSchema = (context: AnswerContext | undefined) =>
  object({
    proposalPk: proposalPkSchema(visitMessages.proposalRequired),
    startsAt: string()
      .nullable()
      .required(visitMessages.startRequired)
      .test('date', visitMessages.invalidDate, (value) => !Number.isNaN(timeOf(value)))
      .test(
        'not-past',
        visitMessages.startInPast,
        (value) => Number.isNaN(timeOf(value)) || timeOf(value) >= startOfDay(context?.now ?? new Date()),
      ),
    endsAt: string()
      .nullable()
      .required(visitMessages.endRequired)
      .test('date', visitMessages.invalidDate, (value) => !Number.isNaN(timeOf(value)))
      .test('after-start', visitMessages.endBeforeStart, function (value) {
        const start = timeOf(this.parent.startsAt as string | null | undefined);
        return Number.isNaN(start) || Number.isNaN(timeOf(value)) || timeOf(value) >= start;
      }),
  });

const shipmentSchema = () =>
  object({
    title: string()
      .trim()
      .required(shipmentMessages.titleRequired)
      .max(validationLimits.shipmentTitleMax, shipmentMessages.titleMax),
    proposalPk: proposalPkSchema(shipmentMessages.proposalRequired),
    samples: array(number().defined()).default([]),
  });

const technicalReviewSchema = () =>
  object({
    status: mixed<TechnicalReviewStatus>()
      .nullable()
      .oneOf([...Object.values(TechnicalReviewStatus), null], technicalReviewMessages.statusRequired)
      .required(technicalReviewMessages.statusRequired),
    timeAllocation: number()
      .nullable()
      .min(validationLimits.timeAllocationMin, technicalReviewMessages.timeAllocationMin)
      .max(validationLimits.timeAllocationMax, technicalReviewMessages.timeAllocationMax),
    comment: string().nullable().max(validationLimits.commentMax, technicalReviewMessages.commentMax),
    publicComment: string()
      .nullable()
      .max(validationLimits.commentMax, technicalReviewMessages.publicCommentMax),
    files: array(string().defined()).default([]),
  });

const esiSchema = () => object({ proposalPk: proposalPkSchema(esiMessages.proposalRequired) });

/**
 * The answer schema of each basis type. These rules apply whatever `required` says: the entity cannot exist
 * without them. PROPOSAL_BASIS, FAP_REVIEW_BASIS and FEEDBACK_BASIS answers are their entity's own fields
 * (proposal title/abstract, review grade/comment, feedback) and are validated by their module's schema.
 */
const basisAnswerSchemas: Record<BasisDataType, ((context: AnswerContext | undefined) => Schema) | null> = {
  [DataType.PROPOSAL_BASIS]: null,
  [DataType.FAP_REVIEW_BASIS]: null,
  [DataType.FEEDBACK_BASIS]: null,
  [DataType.SAMPLE_BASIS]: titleSchema,
  [DataType.GENERIC_TEMPLATE_BASIS]: titleSchema,
  [DataType.SHIPMENT_BASIS]: shipmentSchema,
  [DataType.VISIT_BASIS]: visitBasisSchema,
  [DataType.TECHNICAL_REVIEW_BASIS]: technicalReviewSchema,
  [DataType.PROPOSAL_ESI_BASIS]: esiSchema,
  [DataType.SAMPLE_ESI_BASIS]: esiSchema,
};

function emptyBasisValue(dataType: BasisDataType): unknown {
  switch (dataType) {
    case DataType.SAMPLE_BASIS:
    case DataType.GENERIC_TEMPLATE_BASIS:
      return '';
    case DataType.SHIPMENT_BASIS:
      return { title: '', proposalPk: null, samples: [] } satisfies ShipmentBasisValue;
    case DataType.VISIT_BASIS:
      return { proposalPk: null, startsAt: null, endsAt: null } satisfies VisitBasisValue;
    case DataType.TECHNICAL_REVIEW_BASIS:
      return {
        status: null,
        timeAllocation: null,
        comment: null,
        publicComment: null,
        files: [],
      } satisfies TechnicalReviewBasisValue;
    case DataType.PROPOSAL_ESI_BASIS:
    case DataType.SAMPLE_ESI_BASIS:
      return { proposalPk: null } satisfies EsiBasisValue;
    default:
      return null;
  }
}

function basisType(dataType: BasisDataType): QuestionTypeDefinition<BasisConfig, unknown> {
  const answerSchema = basisAnswerSchemas[dataType];
  return defineQuestionType<BasisConfig, unknown>({
    dataType,
    isBasis: true,
    hasValue: true,
    canBeDependedOn: false,
    defaultConfig: () => ({ ...defaultCommonConfig(), required: true, questionLabel: '' }),
    configSchema,
    emptyValue: () => emptyBasisValue(dataType),
    answerSchema: (_config, context) => (answerSchema ? answerSchema(context) : mixed().nullable()),
    isAnswered: (value) => (answerSchema ? answerSchema(undefined).isValidSync(value) : true),
    dependencyValue: () => null,
  });
}

/** One definition per basis type. */
export const basisQuestionTypes = Object.fromEntries(
  basisDataTypes.map((dataType) => [dataType, basisType(dataType)]),
) as Record<BasisDataType, QuestionTypeDefinition<BasisConfig, unknown>>;
