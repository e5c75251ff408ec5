import { array, boolean, mixed, number, object, string, type InferType } from 'yup';

import {
  DataType,
  DependenciesLogicOperator,
  EvaluatorOperator,
  TemplateCategoryId,
  TemplateGroupId,
} from '../enums';

/** Templates, topics and questions: texts the spec does not quote. */
export const templateMessages = {
  nameRequired: 'Name is required',
  nameMax: 'Name must be at most 200 characters long',
  descriptionMax: 'Description must be at most 2000 characters long',
  groupRequired: 'Template group is required',
  templateNotFound: 'Template not found',
  topicNotFound: 'Topic not found',
  questionNotFound: 'Question not found',
  questionNotOnTemplate: 'The question is not on this template',
  questionAlreadyOnTemplate: 'The question is already on this template',
  questionWrongCategory: 'The question belongs to another category of templates',
  basisQuestionFixed: 'The basis question cannot be removed from its template',
  basisTopicFixed: 'The topic holding the basis question cannot be deleted',
  lastTopic: 'A template needs at least one topic',
  topicTitleMax: 'Title must be at most 200 characters long',
  topicOrderMismatch: 'The topic order must list every topic of the template once',
  templateInUse: (what: string) => `The template is in use (${what}): archive it instead`,
  questionInUse: (templates: string) =>
    `The question is used by templates ${templates}: remove it from them first`,
  basisQuestionNotDeletable: 'A basis question cannot be deleted',
  archivedNotActive: 'An archived template cannot be the active one',
  wrongGroup: 'The template belongs to another group',
  notPdfTemplate: 'Not a PDF template',
  dependencyOnUnknown: (key: string) => `The question ${key} it depends on is not on this template`,
  answersNotJson: 'An answer is not valid JSON of the form {"value": …}',
} as const;

const M = templateMessages;

const name = string().trim().required(M.nameRequired).max(200, M.nameMax);
const description = string().trim().max(2000, M.descriptionMax).default('');

export const createTemplateSchema = object({
  groupId: mixed<TemplateGroupId>().oneOf(Object.values(TemplateGroupId)).required(M.groupRequired),
  name,
  description,
});
export type CreateTemplateInput = InferType<typeof createTemplateSchema>;

export const updateTemplateSchema = object({
  templateId: number().integer().required(),
  name: name.optional(),
  description: string().trim().max(2000, M.descriptionMax).optional(),
  isArchived: boolean().optional(),
});
export type UpdateTemplateInput = InferType<typeof updateTemplateSchema>;

export const topicTitleSchema = string().trim().max(200, M.topicTitleMax);

export const createTopicSchema = object({
  templateId: number().integer().required(),
  sortOrder: number().integer().min(0).required(),
  title: topicTitleSchema.optional(),
});

export const updateTopicSchema = object({
  id: number().integer().required(),
  title: topicTitleSchema.optional(),
  isEnabled: boolean().optional(),
  sortOrder: number().integer().min(0).optional(),
});

export const createQuestionSchema = object({
  categoryId: mixed<TemplateCategoryId>().oneOf(Object.values(TemplateCategoryId)).required(),
  dataType: mixed<DataType>().oneOf(Object.values(DataType)).required(),
});

/** A dependency as the relation-settings form sends it. */
export const dependencyInputSchema = object({
  dependencyId: string().trim().required(),
  questionId: string().trim().required(),
  dependencyNaturalKey: string().trim().required(),
  condition: object({
    condition: mixed<EvaluatorOperator>().oneOf(Object.values(EvaluatorOperator)).required(),
    params: mixed().required(),
  }).required(),
});

export const dependenciesSchema = array(dependencyInputSchema.required()).default([]);

export const dependenciesOperatorSchema = mixed<DependenciesLogicOperator>()
  .oneOf(Object.values(DependenciesLogicOperator))
  .default(DependenciesLogicOperator.AND);

/** The PDF template's parts: Handlebars HTML, and JSON dummy data for the preview. */
/** PDF templates (§3 PDF template): texts the spec does not quote. */
export const pdfTemplateMessages = {
  dummyDataNotJson: 'Dummy data must be valid JSON',
  dummyDataNotObject: 'Dummy data must be a JSON object',
  /** a Handlebars part that does not compile or run, named as the editor names it */
  partFailed: (part: string, message: string) => `The ${part} cannot be rendered: ${message}`,
} as const;

/** The parts of a PDF template as the editor names them (its tabs), for messages. */
export const PDF_TEMPLATE_PARTS = {
  templateData: 'template',
  templateHeader: 'header',
  templateFooter: 'footer',
  templateSampleDeclaration: 'sample declaration',
} as const;
export type PdfTemplatePart = keyof typeof PDF_TEMPLATE_PARTS;

/** The dummy data as the object templates are rendered with, or why it is not one ("" is the empty object). */
export function parseDummyData(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: pdfTemplateMessages.dummyDataNotJson };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: pdfTemplateMessages.dummyDataNotObject };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The limits of a PDF template's parts (characters). */
export const PDF_TEMPLATE_LIMITS = {
  templateData: 1_000_000,
  templateHeader: 200_000,
  templateFooter: 200_000,
  templateSampleDeclaration: 200_000,
  dummyData: 1_000_000,
} as const;

const L = PDF_TEMPLATE_LIMITS;
const tooLong = (part: string) => `The ${part} must be at most \${max} characters long`;
const dummyData = string()
  .max(L.dummyData, tooLong('dummy data'))
  .test('json', pdfTemplateMessages.dummyDataNotJson, (value) => {
    if (value === undefined || value.trim() === '') return true;
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  });

export const updatePdfTemplateSchema = object({
  pdfTemplateId: number().integer().required(),
  templateData: string().max(L.templateData, tooLong('template')).optional(),
  templateHeader: string().max(L.templateHeader, tooLong('header')).optional(),
  templateFooter: string().max(L.templateFooter, tooLong('footer')).optional(),
  templateSampleDeclaration: string()
    .max(L.templateSampleDeclaration, tooLong('sample declaration'))
    .optional(),
  dummyData: dummyData.optional(),
});

/**
 * A preview of unsaved PDF template texts (POST /download/pdf/template-preview): every part ("" when absent) and the
 * dummy data, which must be a JSON object (the data the parts are rendered with).
 */
export const pdfTemplatePreviewSchema = object({
  templateData: string().max(L.templateData, tooLong('template')).default(''),
  templateHeader: string().max(L.templateHeader, tooLong('header')).default(''),
  templateFooter: string().max(L.templateFooter, tooLong('footer')).default(''),
  templateSampleDeclaration: string()
    .max(L.templateSampleDeclaration, tooLong('sample declaration'))
    .default(''),
  dummyData: dummyData.default('').test('object', pdfTemplateMessages.dummyDataNotObject, (value) => {
    const parsed = parseDummyData(value ?? '');
    return parsed.ok || parsed.message !== pdfTemplateMessages.dummyDataNotObject;
  }),
});
export type PdfTemplatePreviewInput = InferType<typeof pdfTemplatePreviewSchema>;

/** Questionaries (not quoted in the spec). */
export const questionaryMessages = {
  notFound: 'Questionary not found',
  topicNotInQuestionary: 'The step is not part of this questionary',
  questionNotOnStep: (questionId: string) => `The question ${questionId} is not on this step`,
  answerNotJson: 'An answer must be JSON of the form {"value": …}',
  unitFormulaBroken: 'The unit of an answer cannot be converted to SI: ask the user office to check it',
  mayNotAnswer: 'You may not answer this questionary',
  notEditable: 'This questionary can no longer be changed',
  stepIncomplete: 'This step is not completed',
} as const;
