import { array, boolean, mixed, number, object, string } from 'yup';

import { SafetyStatus } from '../enums';
import { questionMessages } from './messages';

/**
 * Sub templates (GENERIC_TEMPLATE items) and sample declarations (SAMPLE_DECLARATION items). The §8 texts are
 * quoted exactly; the others are not quoted in the spec.
 */
export const subTemplateMessages = {
  /** §8 */
  sampleMissingProposalContext: 'Sample Declaration is missing proposal context',
  /** §8 (a sample declaration without proposal id above 0 or question id, §5) */
  missingProposalOrQuestion: 'missing proposal id and/or question id',
  /** §8 */
  missingTemplateId: 'missing templateId',
  /** §8 */
  genericTemplateMissingProposalOrQuestion: 'GenericTemplate is missing proposal id and/or question id',
  /** §8 */
  missingSourceQuestionary: 'missing source questionary information',
  genericTemplateNotFound: 'Sub template not found',
  sampleNotFound: 'Sample not found',
  questionNotOnProposal: "The question is not on the proposal's template",
  notGenericTemplateQuestion: 'The question does not take sub templates',
  notSampleDeclarationQuestion: 'The question does not take sample declarations',
  templateNotOfQuestion: 'The template is not the one the question asks for',
  templateNotGenericTemplate: 'The template is not a sub template (GENERIC_TEMPLATE) template',
  templateNotSampleDeclaration: 'The template is not a sample declaration template',
  proposalNotEditable: 'The proposal can no longer be changed',
  onlyPostSubmissionSamplesDeleted:
    'Once the proposal is submitted, only samples declared after submission can be deleted',
  mayNotEvaluateSafety: 'Only the user office and experiment safety reviewers may evaluate sample safety',
  notOnSubmittedEsi:
    'Experiment safety reviewers evaluate only the samples of a submitted experiment safety input',
  mayNotRead: 'You may not see this proposal',
} as const;

const M = subTemplateMessages;

/** A non-blank title (the item's GENERIC_TEMPLATE_BASIS / SAMPLE_BASIS answer, §5 "This is a required field"). */
const titleSchema = () => string().trim().required(questionMessages.requiredField);

/** Needs proposal id above 0 and a question id (§5), with the message of the kind of item. */
const contextShape = (message: string) => ({
  proposalPk: number().integer(message).nullable().required(message).moreThan(0, message),
  questionId: string().trim().nullable().required(message),
  templateId: number()
    .integer(M.missingTemplateId)
    .nullable()
    .required(M.missingTemplateId)
    .moreThan(0, M.missingTemplateId),
});

/** createGenericTemplate(title, templateId, proposalPk, questionId) */
export const createGenericTemplateSchema = object({
  ...contextShape(M.genericTemplateMissingProposalOrQuestion),
  title: titleSchema(),
});

/** createGenericTemplateWithCopiedAnswers(templateId, proposalPk, questionId, copyAnswersInput) */
export const createGenericTemplateWithCopiedAnswersSchema = object({
  ...contextShape(M.genericTemplateMissingProposalOrQuestion),
  copyAnswersInput: array(
    object({
      sourceQuestionaryId: number()
        .integer(M.missingSourceQuestionary)
        .nullable()
        .required(M.missingSourceQuestionary)
        .moreThan(0, M.missingSourceQuestionary),
      title: titleSchema(),
    }),
  )
    .min(1, M.missingSourceQuestionary)
    .required(M.missingSourceQuestionary),
});

/** updateGenericTemplate(title, genericTemplateId) */
export const updateGenericTemplateSchema = object({
  genericTemplateId: number().integer().required(),
  title: titleSchema(),
});

/** cloneGenericTemplate / cloneSample: a blank title means "Copy of <title>". */
export const cloneSubTemplateSchema = object({
  title: string().trim().nullable().default(null),
});

/** createSample(title, templateId, proposalPk, questionId, isPostProposalSubmission) */
export const createSampleSchema = object({
  ...contextShape(M.missingProposalOrQuestion),
  title: titleSchema(),
  isPostProposalSubmission: boolean().nullable().default(false),
});

/** updateSample(title, sampleId, safetyStatus, safetyComment): each part optional, a given title non-blank. */
export const updateSampleSchema = object({
  sampleId: number().integer().required(),
  title: string()
    .trim()
    .nullable()
    .default(null)
    .test('title', questionMessages.requiredField, (value) => value === null || value !== ''),
  safetyStatus: mixed<SafetyStatus>()
    .nullable()
    .oneOf([...Object.values(SafetyStatus), null])
    .default(null),
  safetyComment: string().nullable().default(null),
});
