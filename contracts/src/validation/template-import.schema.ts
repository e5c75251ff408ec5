import type { DataType, DependenciesLogicOperator, TemplateCategoryId, TemplateGroupId } from '../enums';
import type { PdfTemplateData } from '../events/templates.events';
import type { DependencyCondition } from '../questions/dependencies';
import { templateMessages } from './templates.schema';

/** The format version `getTemplateAsJson` writes and `importTemplate` reads (same major version). */
export const TEMPLATE_EXPORT_VERSION = '1.0.0';

/** The most question placements (over the template and its sub-templates) and sub-templates one file may hold. */
export const templateImportLimits = { questions: 5000, subTemplates: 200 } as const;

/** A question as a template file gives it (its id pairs it with the question of that id). */
export interface TemplateFileQuestion {
  id: string;
  naturalKey: string;
  question: string;
  dataType: DataType;
  categoryId: TemplateCategoryId;
  config: Record<string, unknown>;
}

export interface TemplateFileDependency {
  questionId: string;
  /** the question depended on: a question of the same template */
  dependencyId: string;
  dependencyNaturalKey: string;
  condition: DependencyCondition;
}

/** A question placed on a template: the question, its place, its config there and its dependencies. */
export interface TemplateFileField {
  question: TemplateFileQuestion;
  sortOrder: number;
  config: Record<string, unknown>;
  dependencies: TemplateFileDependency[];
  dependenciesOperator: DependenciesLogicOperator;
}

export interface TemplateFileStep {
  topic: { title: string; sortOrder: number; isEnabled: boolean };
  fields: TemplateFileField[];
}

export interface TemplateFileTemplate {
  groupId: TemplateGroupId;
  name: string;
  description: string;
  steps: TemplateFileStep[];
  /** the PDF layout of a PDF template, else null */
  pdf: PdfTemplateData | null;
}

/** A template a GENERIC_TEMPLATE or SAMPLE_DECLARATION question uses (`config.templateId`, `esiTemplateId`). */
export interface TemplateFileSubTemplate extends TemplateFileTemplate {
  /** its id where it was exported; the references of the file name it by this id */
  templateId: number;
}

/** The JSON file of `getTemplateAsJson`, which `validateTemplateImport` and `importTemplate` read. */
export interface TemplateFile {
  version: string;
  exportDate: string;
  template: TemplateFileTemplate;
  subTemplates: TemplateFileSubTemplate[];
}

/** Import of a template file (not quoted in the spec). */
export const templateImportMessages = {
  notJson: 'The file is not valid JSON',
  notATemplate: 'The file holds no template',
  noVersion: 'The file has no version',
  unsupportedVersion: (version: string) =>
    `Version ${version} cannot be imported: this system imports version ${TEMPLATE_EXPORT_VERSION}`,
  tooManyQuestions: `The file holds more than ${templateImportLimits.questions} questions`,
  tooManySubTemplates: `The file holds more than ${templateImportLimits.subTemplates} sub-templates`,
  notASubTemplateList: 'subTemplates is not a list',
  unknownGroup: (groupId: string) => `Unknown template group: ${groupId}`,
  noTopics: 'The template has no topics',
  notATopic: 'Not a topic',
  notAQuestion: 'Not a question placed on the template',
  topicInvalid: 'A topic needs a title, a sort order and whether it is enabled',
  placementInvalid: 'A question placement needs a sort order, a config and a list of dependencies',
  operatorInvalid: 'The dependencies operator must be AND or OR',
  pdfMissing: 'A PDF template needs its layout (pdf with templateData, templateHeader, …)',
  subTemplateIdInvalid: 'A sub-template needs its templateId (a whole number)',
  subTemplateTwice: 'The file holds this sub-template more than once',
  questionIdInvalid: 'The question id is missing or not valid (letters, numbers and underscore)',
  questionTextInvalid: 'The question text is missing',
  unknownDataType: (dataType: string) => `Unknown data type: ${dataType}`,
  unknownCategory: (categoryId: string) => `Unknown question category: ${categoryId}`,
  configNotObject: 'The config is not an object',
  questionTwiceOnTemplate: 'The question is on the template more than once',
  questionGivenDifferently: 'The file gives this question differently on two templates',
  naturalKeyTwice: (naturalKey: string) => `Another question of the file has the natural key ${naturalKey}`,
  existsAsOther: (dataType: string, categoryId: string) =>
    `A question with this id exists as a ${dataType} question of ${categoryId}: it cannot be replaced`,
  wrongCategory: templateMessages.questionWrongCategory,
  basisWrongType: (expected: string | null) =>
    expected === null
      ? 'A template of this group has no basis question'
      : `The basis question of this group is ${expected}`,
  config: (message: string) => `Config: ${message}`,
  configOnTemplate: (message: string) => `Config on the template: ${message}`,
  dependency: (message: string) => `Dependency: ${message}`,
  conditionInvalid: 'The condition must be eq or neq with the value compared with',
  dependencyOnUnknown: templateMessages.dependencyOnUnknown,
  subTemplateUnknown: (templateId: number) =>
    `The template ${templateId} it uses is neither in the file nor in this system`,
  inTemplate: (message: string) => `Template: ${message}`,
  inSubTemplate: (index: number, name: string | null, message: string) =>
    `Sub-template ${index + 1}${name ? ` (${name})` : ''}: ${message}`,
  inTopic: (index: number, title: string | null, message: string) =>
    `Topic ${index + 1}${title ? ` (${title})` : ''}: ${message}`,
  inQuestion: (index: number, naturalKey: string | null, message: string) =>
    `Question ${index + 1}${naturalKey ? ` (${naturalKey})` : ''}: ${message}`,
  unresolved: (questionId: string) =>
    `The question ${questionId} differs from the existing one: choose USE_NEW or USE_EXISTING for it`,
  naturalKeyHeld: (questionId: string, naturalKey: string) =>
    `The question ${questionId} cannot take the natural key ${naturalKey}: another question holds it`,
} as const;
