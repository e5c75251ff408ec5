import type { SafetyStatus } from '../enums';
import { defineEvent, registerEvents } from './catalogue';

/**
 * Sub-template items: each answers one GENERIC_TEMPLATE (resp. SAMPLE_DECLARATION) question of a proposal and
 * owns a questionary of the question's template. One stream per item: `generic-template-<id>`, `sample-<id>`.
 */
export const GENERIC_TEMPLATE_STREAM = 'generic-template';
export const SAMPLE_STREAM = 'sample';
export const genericTemplateStreamId = (genericTemplateId: number): string =>
  `${GENERIC_TEMPLATE_STREAM}-${genericTemplateId}`;
export const sampleStreamId = (sampleId: number): string => `${SAMPLE_STREAM}-${sampleId}`;

export const GENERIC_TEMPLATE_CREATED = 'GenericTemplateCreated';
export const GENERIC_TEMPLATE_UPDATED = 'GenericTemplateUpdated';
export const GENERIC_TEMPLATE_DELETED = 'GenericTemplateDeleted';
export const SAMPLE_CREATED = 'SampleCreated';
export const SAMPLE_UPDATED = 'SampleUpdated';
export const SAMPLE_SAFETY_EVALUATED = 'SampleSafetyEvaluated';
export const SAMPLE_DELETED = 'SampleDeleted';

/** Where an item's answers came from: a copy of another questionary, or a clone of another item. */
export interface SubTemplateOrigin {
  readonly sourceQuestionaryId: number;
  /** the item cloned (cloneGenericTemplate / cloneSample); null for a copy of answers */
  readonly clonedFromId: number | null;
}

export interface GenericTemplateCreatedData {
  readonly genericTemplateId: number;
  readonly title: string;
  readonly creatorId: number;
  readonly proposalPk: number;
  readonly questionId: string;
  readonly templateId: number;
  readonly questionaryId: number;
  readonly origin: SubTemplateOrigin | null;
}

export interface GenericTemplateUpdatedData {
  readonly genericTemplateId: number;
  readonly title: string;
}

export interface GenericTemplateDeletedData {
  readonly genericTemplateId: number;
  readonly proposalPk: number;
  readonly questionId: string;
}

export interface SampleCreatedData {
  readonly sampleId: number;
  readonly title: string;
  readonly creatorId: number;
  readonly proposalPk: number;
  readonly questionId: string;
  readonly templateId: number;
  readonly questionaryId: number;
  /** declared after the proposal was submitted (does not count toward the proposal's declaration) */
  readonly isPostProposalSubmission: boolean;
  /** always PENDING_EVALUATION for a new sample */
  readonly safetyStatus: SafetyStatus;
  readonly origin: SubTemplateOrigin | null;
}

export interface SampleUpdatedData {
  readonly sampleId: number;
  readonly title: string;
}

/** An officer or experiment safety reviewer set the sample's risk level and comment. */
export interface SampleSafetyEvaluatedData {
  readonly sampleId: number;
  readonly safetyStatus: SafetyStatus;
  readonly safetyComment: string;
  readonly evaluatedBy: number;
}

export interface SampleDeletedData {
  readonly sampleId: number;
  readonly proposalPk: number;
  readonly questionId: string;
}

const genericTemplateId = (d: { genericTemplateId: number }): string => String(d.genericTemplateId);
const sampleId = (d: { sampleId: number }): string => String(d.sampleId);
const originText = (origin: SubTemplateOrigin | null, what: string): string =>
  origin === null
    ? ''
    : origin.clonedFromId !== null
      ? ` as a clone of ${what} ${origin.clonedFromId}`
      : ` with the answers of questionary ${origin.sourceQuestionaryId}`;

export const genericTemplateCreatedEvent = defineEvent<
  GenericTemplateCreatedData,
  typeof GENERIC_TEMPLATE_CREATED
>(GENERIC_TEMPLATE_CREATED, {
  stream: GENERIC_TEMPLATE_STREAM,
  description: (d) =>
    `Sub template ${JSON.stringify(d.title)} added to proposal ${d.proposalPk} (question ${d.questionId})` +
    originText(d.origin, 'sub template'),
  changedObjectId: genericTemplateId,
});
export const genericTemplateUpdatedEvent = defineEvent<
  GenericTemplateUpdatedData,
  typeof GENERIC_TEMPLATE_UPDATED
>(GENERIC_TEMPLATE_UPDATED, {
  stream: GENERIC_TEMPLATE_STREAM,
  description: (d) => `Sub template renamed to ${JSON.stringify(d.title)}`,
  changedObjectId: genericTemplateId,
});
export const genericTemplateDeletedEvent = defineEvent<
  GenericTemplateDeletedData,
  typeof GENERIC_TEMPLATE_DELETED
>(GENERIC_TEMPLATE_DELETED, {
  stream: GENERIC_TEMPLATE_STREAM,
  description: (d) => `Sub template ${d.genericTemplateId} removed from proposal ${d.proposalPk}`,
  changedObjectId: genericTemplateId,
});
export const sampleCreatedEvent = defineEvent<SampleCreatedData, typeof SAMPLE_CREATED>(SAMPLE_CREATED, {
  stream: SAMPLE_STREAM,
  description: (d) =>
    `Sample ${JSON.stringify(d.title)} declared for proposal ${d.proposalPk}` +
    (d.isPostProposalSubmission ? ' after submission' : '') +
    originText(d.origin, 'sample'),
  changedObjectId: sampleId,
});
export const sampleUpdatedEvent = defineEvent<SampleUpdatedData, typeof SAMPLE_UPDATED>(SAMPLE_UPDATED, {
  stream: SAMPLE_STREAM,
  description: (d) => `Sample renamed to ${JSON.stringify(d.title)}`,
  changedObjectId: sampleId,
});
export const sampleSafetyEvaluatedEvent = defineEvent<
  SampleSafetyEvaluatedData,
  typeof SAMPLE_SAFETY_EVALUATED
>(SAMPLE_SAFETY_EVALUATED, {
  stream: SAMPLE_STREAM,
  description: (d) => `Sample safety evaluated: ${d.safetyStatus}`,
  changedObjectId: sampleId,
});
export const sampleDeletedEvent = defineEvent<SampleDeletedData, typeof SAMPLE_DELETED>(SAMPLE_DELETED, {
  stream: SAMPLE_STREAM,
  description: (d) => `Sample ${d.sampleId} removed from proposal ${d.proposalPk}`,
  changedObjectId: sampleId,
});

export type GenericTemplateEvent =
  | { readonly type: typeof GENERIC_TEMPLATE_CREATED; readonly data: GenericTemplateCreatedData }
  | { readonly type: typeof GENERIC_TEMPLATE_UPDATED; readonly data: GenericTemplateUpdatedData }
  | { readonly type: typeof GENERIC_TEMPLATE_DELETED; readonly data: GenericTemplateDeletedData };

export type SampleEvent =
  | { readonly type: typeof SAMPLE_CREATED; readonly data: SampleCreatedData }
  | { readonly type: typeof SAMPLE_UPDATED; readonly data: SampleUpdatedData }
  | { readonly type: typeof SAMPLE_SAFETY_EVALUATED; readonly data: SampleSafetyEvaluatedData }
  | { readonly type: typeof SAMPLE_DELETED; readonly data: SampleDeletedData };

export const GENERIC_TEMPLATES_EVENTS = [
  genericTemplateCreatedEvent,
  genericTemplateUpdatedEvent,
  genericTemplateDeletedEvent,
] as const;

export const SAMPLES_EVENTS = [
  sampleCreatedEvent,
  sampleUpdatedEvent,
  sampleSafetyEvaluatedEvent,
  sampleDeletedEvent,
] as const;

registerEvents(...GENERIC_TEMPLATES_EVENTS, ...SAMPLES_EVENTS);
