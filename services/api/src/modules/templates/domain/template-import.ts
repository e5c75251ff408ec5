import {
  basisQuestionId,
  ConflictResolutionStrategy,
  createTemplateSchema,
  DataType,
  DependenciesLogicOperator,
  dependencyInputSchema,
  naturalKeyPattern,
  normaliseOperator,
  QuestionComparisonStatus,
  questionFormSchema,
  questionType,
  TEMPLATE_EXPORT_VERSION,
  TEMPLATE_GROUPS,
  TemplateCategoryId,
  TemplateGroupId,
  templateImportLimits,
  templateImportMessages,
  topicTitleSchema,
  updatePdfTemplateSchema,
  validateDependencies,
  validationLimits,
  type Dependency,
  type PdfTemplateData,
  type QuestionFormContext,
  type TemplateCreatedData,
  type TemplateFieldData,
  type TemplateFile,
  type TemplateFileDependency,
  type TemplateFileField,
  type TemplateFileQuestion,
  type TemplateFileStep,
  type TemplateFileSubTemplate,
  type TemplateFileTemplate,
} from '@user-office/contracts';
import { ValidationError, type AnySchema } from 'yup';

/*
 * The template file of getTemplateAsJson, validateTemplateImport and importTemplate (pure): writing it, reading
 * and checking it against the facts of the system, comparing its questions with the existing ones, planning the
 * question writes of an import and building the TemplateCreatedData of each imported template.
 */

const M = templateImportMessages;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isWholeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);
const isOneOf = <T extends string>(values: Record<string, T>, value: unknown): value is T =>
  typeof value === 'string' && (Object.values(values) as string[]).includes(value);
const majorOf = (version: string): string => version.split('.')[0];
const byOrder = <T extends { sortOrder: number }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.sortOrder - b.sortOrder);

/** JSON with object keys sorted: equal texts for deep-equal values whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}
const deepEqual = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

/** The rules broken by a value (empty when valid); synchronous schemas only. */
function brokenRules(schema: AnySchema, value: unknown): string[] {
  try {
    schema.validateSync(value, { abortEarly: false, stripUnknown: true });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return [...new Set(error.errors)];
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Sub-templates

/** The question types whose config names templates: `templateId` and `esiTemplateId`. */
const SUB_TEMPLATE_TYPES: ReadonlySet<DataType> = new Set([
  DataType.GENERIC_TEMPLATE,
  DataType.SAMPLE_DECLARATION,
]);
const REFERENCE_KEYS = ['templateId', 'esiTemplateId'] as const;

/** The template ids a config names (GENERIC_TEMPLATE and SAMPLE_DECLARATION only). */
export function templateReferences(dataType: DataType, config: Record<string, unknown>): number[] {
  if (!SUB_TEMPLATE_TYPES.has(dataType)) return [];
  return [...new Set(REFERENCE_KEYS.map((key) => config[key]).filter(isWholeNumber))];
}

interface ReferencingTemplate {
  steps: readonly {
    fields: readonly { question: { dataType: DataType }; config: Record<string, unknown> }[];
  }[];
}

/** The templates the sub-template questions of a template use (by their config on it), each once. */
export function subTemplateIdsOf(template: ReferencingTemplate): number[] {
  const ids = template.steps.flatMap((step) =>
    step.fields.flatMap((field) => templateReferences(field.question.dataType, field.config)),
  );
  return [...new Set(ids)];
}

/** The config with the template ids it names replaced by their new ids (`remap`: id in the file → new id). */
export function remapTemplateReferences(
  dataType: DataType,
  config: Record<string, unknown>,
  remap: ReadonlyMap<number, number>,
): Record<string, unknown> {
  if (!SUB_TEMPLATE_TYPES.has(dataType)) return config;
  const remapped = { ...config };
  for (const key of REFERENCE_KEYS) {
    const id = config[key];
    if (isWholeNumber(id) && remap.has(id)) remapped[key] = remap.get(id);
  }
  return remapped;
}

// ---------------------------------------------------------------------------------------------------------------
// Export

/** A template as the read model gives it; only what a file holds is read. */
export interface ExportableTemplate {
  templateId: number;
  groupId: TemplateGroupId;
  name: string;
  description: string;
  steps: readonly {
    topic: { title: string; sortOrder: number; isEnabled: boolean };
    fields: readonly {
      question: TemplateFileQuestion;
      sortOrder: number;
      config: Record<string, unknown>;
      dependencies: readonly TemplateFileDependency[];
      dependenciesOperator: DependenciesLogicOperator;
    }[];
  }[];
}

function fileQuestionOf(question: TemplateFileQuestion): TemplateFileQuestion {
  const { id, naturalKey, question: text, dataType, categoryId, config } = question;
  return { id, naturalKey, question: text, dataType, categoryId, config };
}

function fileTemplateOf(template: ExportableTemplate, pdf: PdfTemplateData | null): TemplateFileTemplate {
  return {
    groupId: template.groupId,
    name: template.name,
    description: template.description,
    steps: byOrder(template.steps.map((step) => ({ ...step, sortOrder: step.topic.sortOrder }))).map(
      (step) => ({
        topic: { title: step.topic.title, sortOrder: step.topic.sortOrder, isEnabled: step.topic.isEnabled },
        fields: byOrder(step.fields).map((field) => ({
          question: fileQuestionOf(field.question),
          sortOrder: field.sortOrder,
          config: field.config,
          dependencies: field.dependencies.map((d) => ({
            questionId: d.questionId,
            dependencyId: d.dependencyId,
            dependencyNaturalKey: d.dependencyNaturalKey,
            condition: { condition: d.condition.condition, params: d.condition.params },
          })),
          dependenciesOperator: field.dependenciesOperator,
        })),
      }),
    ),
    pdf:
      template.groupId === TemplateGroupId.PDF && pdf
        ? {
            templateData: pdf.templateData,
            templateHeader: pdf.templateHeader,
            templateFooter: pdf.templateFooter,
            templateSampleDeclaration: pdf.templateSampleDeclaration,
            dummyData: pdf.dummyData,
          }
        : null,
  };
}

/** The file of a template and the sub-templates it uses (each with its PDF layout, null unless a PDF template). */
export function templateFileOf(
  template: { template: ExportableTemplate; pdf: PdfTemplateData | null },
  subTemplates: readonly { template: ExportableTemplate; pdf: PdfTemplateData | null }[],
  exportDate: Date,
): TemplateFile {
  return {
    version: TEMPLATE_EXPORT_VERSION,
    exportDate: exportDate.toISOString(),
    template: fileTemplateOf(template.template, template.pdf),
    subTemplates: subTemplates.map((sub) => ({
      ...fileTemplateOf(sub.template, sub.pdf),
      templateId: sub.template.templateId,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading: the shape of the file

/** A question as read: its id, type and category known; its key, text and config are checked with the facts. */
interface ReadQuestion {
  id: string;
  naturalKey: unknown;
  question: unknown;
  dataType: DataType;
  categoryId: TemplateCategoryId;
  config: Record<string, unknown>;
}

interface ReadField {
  /** its position on the template (0, 1, … over every topic), which error messages name */
  index: number;
  question: ReadQuestion;
  sortOrder: number;
  config: Record<string, unknown>;
  dependencies: unknown[];
  dependenciesOperator: DependenciesLogicOperator;
}

interface ReadTemplate {
  /** null for the template itself, its id where it was exported for a sub-template */
  templateId: number | null;
  /** null when the group is unknown (an error already) */
  groupId: TemplateGroupId | null;
  name: string;
  description: string;
  steps: { topic: TemplateFileStep['topic']; fields: ReadField[] }[];
  pdf: PdfTemplateData | null;
  /** prefixes a message with where in the file it is (nothing for the template itself) */
  where: (message: string) => string;
}

/** A template file as read: its version and templates (the template first) and every rule of shape broken. */
export interface TemplateImportFile {
  version: string | null;
  exportDate: string | null;
  templates: ReadTemplate[];
  errors: string[];
}

function readQuestion(candidate: unknown, errors: string[]): ReadQuestion | null {
  if (!isRecord(candidate)) {
    errors.push(M.notAQuestion);
    return null;
  }
  const { id, dataType, categoryId, config } = candidate;
  const before = errors.length;
  if (typeof id !== 'string' || !naturalKeyPattern.test(id) || id.length > validationLimits.naturalKeyMax)
    errors.push(M.questionIdInvalid);
  if (!isOneOf(DataType, dataType)) errors.push(M.unknownDataType(String(dataType)));
  if (!isOneOf(TemplateCategoryId, categoryId)) errors.push(M.unknownCategory(String(categoryId)));
  if (!isRecord(config)) errors.push(M.config(M.configNotObject));
  if (errors.length > before) return null;
  return {
    id: id as string,
    naturalKey: candidate.naturalKey,
    question: candidate.question,
    dataType: dataType as DataType,
    categoryId: categoryId as TemplateCategoryId,
    config: config as Record<string, unknown>,
  };
}

function readField(candidate: unknown, index: number, errors: string[]): ReadField | null {
  const inQuestion = (naturalKey: string | null) => (message: string) =>
    errors.push(M.inQuestion(index, naturalKey, message));
  if (!isRecord(candidate)) {
    inQuestion(null)(M.notAQuestion);
    return null;
  }
  const label = isRecord(candidate.question)
    ? [candidate.question.naturalKey, candidate.question.id].find((v) => typeof v === 'string' && v !== '')
    : undefined;
  const fieldErrors: string[] = [];
  const question = readQuestion(candidate.question, fieldErrors);
  if (
    !isWholeNumber(candidate.sortOrder) ||
    !isRecord(candidate.config) ||
    !Array.isArray(candidate.dependencies)
  )
    fieldErrors.push(M.placementInvalid);
  const operator = candidate.dependenciesOperator ?? DependenciesLogicOperator.AND;
  if (!isOneOf(DependenciesLogicOperator, operator)) fieldErrors.push(M.operatorInvalid);
  fieldErrors.forEach(inQuestion((label as string | undefined) ?? null));
  if (!question || fieldErrors.length > 0) return null;
  return {
    index,
    question,
    sortOrder: candidate.sortOrder as number,
    config: candidate.config as Record<string, unknown>,
    dependencies: candidate.dependencies as unknown[],
    dependenciesOperator: operator as DependenciesLogicOperator,
  };
}

const templateTextSchema = createTemplateSchema.pick(['name', 'description']);

function readTemplate(
  candidate: Record<string, unknown>,
  templateId: number | null,
  where: (message: string) => string,
  errors: string[],
): ReadTemplate {
  const here = (message: string) => errors.push(where(message));
  /** a rule of the template's own fields (name, description, PDF layout): "Template: …" for the template itself */
  const inFields = (message: string) => here(templateId === null ? M.inTemplate(message) : message);
  const groupId = isOneOf(TemplateGroupId, candidate.groupId) ? candidate.groupId : null;
  if (groupId === null) here(M.unknownGroup(String(candidate.groupId)));
  const texts = { name: candidate.name, description: candidate.description ?? '' };
  brokenRules(templateTextSchema, texts).forEach(inFields);

  const steps: ReadTemplate['steps'] = [];
  const givenSteps = Array.isArray(candidate.steps) ? candidate.steps : [];
  if (givenSteps.length === 0) here(M.noTopics);
  let index = 0;
  givenSteps.forEach((step: unknown, topicIndex) => {
    const topic = isRecord(step) && isRecord(step.topic) ? step.topic : null;
    const title = typeof topic?.title === 'string' ? topic.title : null;
    const inTopic = (message: string) => here(M.inTopic(topicIndex, title, message));
    if (!isRecord(step) || !topic) {
      inTopic(M.notATopic);
      return;
    }
    if (
      title === null ||
      !isWholeNumber(topic.sortOrder) ||
      typeof topic.isEnabled !== 'boolean' ||
      !Array.isArray(step.fields)
    ) {
      inTopic(M.topicInvalid);
      return;
    }
    brokenRules(topicTitleSchema, title).forEach(inTopic);
    const fieldErrors: string[] = [];
    const fields = (step.fields as unknown[]).flatMap(
      (field) => readField(field, index++, fieldErrors) ?? [],
    );
    fieldErrors.forEach(here);
    steps.push({ topic: { title, sortOrder: topic.sortOrder, isEnabled: topic.isEnabled }, fields });
  });

  let pdf: PdfTemplateData | null = null;
  if (groupId === TemplateGroupId.PDF) {
    const given = candidate.pdf;
    const parts = [
      'templateData',
      'templateHeader',
      'templateFooter',
      'templateSampleDeclaration',
      'dummyData',
    ] as const;
    if (!isRecord(given) || parts.some((part) => typeof given[part] !== 'string')) here(M.pdfMissing);
    else {
      pdf = Object.fromEntries(parts.map((part) => [part, given[part]])) as unknown as PdfTemplateData;
      brokenRules(updatePdfTemplateSchema, { pdfTemplateId: 0, ...pdf }).forEach(inFields);
    }
  }
  return {
    templateId,
    groupId,
    name: typeof candidate.name === 'string' ? candidate.name.trim() : '',
    description: typeof candidate.description === 'string' ? candidate.description.trim() : '',
    steps,
    pdf,
    where,
  };
}

/**
 * Reads the JSON of getTemplateAsJson: the version (same major as TEMPLATE_EXPORT_VERSION), the template and its
 * sub-templates, each with topics and placed questions of the right shape. The questions are checked with the
 * facts of the system afterwards (`checkTemplateImport`).
 */
export function readTemplateImport(json: string): TemplateImportFile {
  const file: TemplateImportFile = { version: null, exportDate: null, templates: [], errors: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return { ...file, errors: [M.notJson] };
  }
  if (!isRecord(parsed) || !isRecord(parsed.template)) return { ...file, errors: [M.notATemplate] };

  file.version = typeof parsed.version === 'string' ? parsed.version : null;
  file.exportDate = typeof parsed.exportDate === 'string' ? parsed.exportDate : null;
  if (file.version === null) file.errors.push(M.noVersion);
  else if (majorOf(file.version) !== majorOf(TEMPLATE_EXPORT_VERSION))
    file.errors.push(M.unsupportedVersion(file.version));

  const subTemplates = parsed.subTemplates ?? [];
  if (!Array.isArray(subTemplates)) file.errors.push(M.notASubTemplateList);
  const subs: unknown[] = Array.isArray(subTemplates) ? subTemplates : [];
  if (subs.length > templateImportLimits.subTemplates) return { ...file, errors: [M.tooManySubTemplates] };
  const placements = [parsed.template, ...subs].reduce<number>(
    (count, t) =>
      count +
      (isRecord(t) && Array.isArray(t.steps)
        ? t.steps.reduce<number>(
            (n, s: unknown) => n + (isRecord(s) && Array.isArray(s.fields) ? s.fields.length : 0),
            0,
          )
        : 0),
    0,
  );
  if (placements > templateImportLimits.questions) return { ...file, errors: [M.tooManyQuestions] };

  file.templates.push(readTemplate(parsed.template, null, (message) => message, file.errors));
  const seen = new Set<number>();
  subs.forEach((candidate, index) => {
    const name = isRecord(candidate) && typeof candidate.name === 'string' ? candidate.name : null;
    const where = (message: string) => M.inSubTemplate(index, name, message);
    if (!isRecord(candidate)) {
      file.errors.push(where(M.notATemplate));
      return;
    }
    if (!isWholeNumber(candidate.templateId)) {
      file.errors.push(where(M.subTemplateIdInvalid));
      return;
    }
    if (seen.has(candidate.templateId)) {
      file.errors.push(where(M.subTemplateTwice));
      return;
    }
    seen.add(candidate.templateId);
    file.templates.push(readTemplate(candidate, candidate.templateId, where, file.errors));
  });
  return file;
}

// ---------------------------------------------------------------------------------------------------------------
// Checking: the questions against the system

/** What checking a file needs to know of the system. */
export interface TemplateImportLookups {
  /** the question ids of the file */
  questionIds: string[];
  /** the natural keys the file gives */
  naturalKeys: string[];
  /** the templates the file's sub-template questions use that are not in the file */
  templateIds: number[];
}

export function importLookupsOf(file: TemplateImportFile): TemplateImportLookups {
  const questions = file.templates.flatMap((t) => t.steps.flatMap((s) => s.fields.map((f) => f.question)));
  const inFile = new Set(file.templates.flatMap((t) => (t.templateId === null ? [] : [t.templateId])));
  return {
    questionIds: [...new Set(questions.map((q) => q.id))],
    naturalKeys: [
      ...new Set(questions.flatMap((q) => (typeof q.naturalKey === 'string' ? [q.naturalKey.trim()] : []))),
    ],
    templateIds: file.templates
      .flatMap(subTemplateIdsOf)
      .filter((id, index, all) => !inFile.has(id) && all.indexOf(id) === index),
  };
}

/** The facts of the system a file is checked against (for its lookups). */
export interface TemplateImportFacts {
  /** the live questions of the file's question ids */
  existingQuestions: ReadonlyMap<string, TemplateFileQuestion>;
  /** the live question holding each natural key of the file */
  naturalKeyHolders: ReadonlyMap<string, string>;
  /** the live templates among the lookups' templates */
  liveTemplateIds: ReadonlySet<number>;
}

/** How a question of a file compares with the live question of its id. */
export interface QuestionComparison {
  existingQuestion: TemplateFileQuestion | null;
  newQuestion: TemplateFileQuestion;
  status: QuestionComparisonStatus;
  /** what an import does unless told otherwise: NEW → USE_NEW, SAME → USE_EXISTING, DIFFERENT → UNRESOLVED */
  conflictResolutionStrategy: ConflictResolutionStrategy;
}

/** The same question: natural key, text, data type, category and config (deep, whatever the key order) equal. */
export const sameQuestion = (a: TemplateFileQuestion, b: TemplateFileQuestion): boolean =>
  a.naturalKey === b.naturalKey &&
  a.question === b.question &&
  a.dataType === b.dataType &&
  a.categoryId === b.categoryId &&
  deepEqual(a.config, b.config);

export function compareQuestion(
  existingQuestion: TemplateFileQuestion | null,
  newQuestion: TemplateFileQuestion,
): QuestionComparison {
  if (existingQuestion === null)
    return {
      existingQuestion,
      newQuestion,
      status: QuestionComparisonStatus.NEW,
      conflictResolutionStrategy: ConflictResolutionStrategy.USE_NEW,
    };
  if (sameQuestion(existingQuestion, newQuestion))
    return {
      existingQuestion,
      newQuestion,
      status: QuestionComparisonStatus.SAME,
      conflictResolutionStrategy: ConflictResolutionStrategy.USE_EXISTING,
    };
  return {
    existingQuestion,
    newQuestion,
    status: QuestionComparisonStatus.DIFFERENT,
    conflictResolutionStrategy: ConflictResolutionStrategy.UNRESOLVED,
  };
}

/** A file checked: the template and sub-templates as they would be imported, its questions compared, its errors. */
export interface TemplateImportCheck {
  version: string | null;
  exportDate: string | null;
  /** the template with trimmed texts, configs as validated and dependencies by question id; null without one */
  template: TemplateFileTemplate | null;
  subTemplates: TemplateFileSubTemplate[];
  /** each valid question of the file once, in the order of the file */
  comparisons: QuestionComparison[];
  /** every rule the file breaks; an import needs none */
  errors: string[];
}

/** A question's key, text and config by the question form's rules; NEW ones may not take a held natural key. */
async function checkQuestion(
  question: ReadQuestion,
  facts: TemplateImportFacts,
): Promise<{ question: TemplateFileQuestion | null; errors: string[] }> {
  const existing = facts.existingQuestions.get(question.id) ?? null;
  const context: QuestionFormContext = existing
    ? {}
    : {
        isNaturalKeyTaken: (key) => {
          const holder = facts.naturalKeyHolders.get(key);
          return holder !== undefined && holder !== question.id;
        },
      };
  const errors: string[] = [];
  if (existing && (existing.dataType !== question.dataType || existing.categoryId !== question.categoryId))
    errors.push(M.existsAsOther(existing.dataType, existing.categoryId));
  try {
    const valid = await questionFormSchema(question.dataType).validate(
      {
        naturalKey:
          typeof question.naturalKey === 'string' ? question.naturalKey.trim() : question.naturalKey,
        question: question.question,
        config: question.config,
      },
      { abortEarly: false, stripUnknown: true, context: context as Record<string, unknown> },
    );
    if (errors.length > 0) return { question: null, errors };
    return {
      question: {
        id: question.id,
        naturalKey: valid.naturalKey,
        question: valid.question,
        dataType: question.dataType,
        categoryId: question.categoryId,
        config: valid.config as unknown as Record<string, unknown>,
      },
      errors,
    };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const inner = error.inner.length > 0 ? error.inner : [error];
    for (const e of inner) {
      const message = e.path?.startsWith('config') ? M.config(e.message) : e.message;
      if (!errors.includes(message)) errors.push(message);
    }
    return { question: null, errors };
  }
}

/** The dependency of a field by question id, or the rule it breaks. */
function readDependency(
  candidate: unknown,
  questionId: string,
  fieldsById: ReadonlyMap<string, { naturalKey: string }>,
  idsByKey: ReadonlyMap<string, string>,
): Dependency | string {
  const d = isRecord(candidate) ? candidate : {};
  const givenId = typeof d.dependencyId === 'string' ? d.dependencyId : '';
  const givenKey = typeof d.dependencyNaturalKey === 'string' ? d.dependencyNaturalKey : '';
  const targetId = fieldsById.has(givenId) ? givenId : idsByKey.get(givenKey);
  if (targetId === undefined) return M.dependencyOnUnknown(givenKey || givenId || '?');
  const target = fieldsById.get(targetId) as { naturalKey: string };
  const dependency = {
    questionId,
    dependencyId: targetId,
    dependencyNaturalKey: target.naturalKey,
    condition: isRecord(d.condition)
      ? { condition: d.condition.condition, params: d.condition.params }
      : null,
  };
  if (brokenRules(dependencyInputSchema, dependency).length > 0) return M.dependency(M.conditionInvalid);
  return dependency as Dependency;
}

/**
 * Checks a file read by `readTemplateImport` against the system: each question by the question form's rules (a
 * NEW one may not take a natural key another question holds, an existing one keeps its data type and category),
 * of its template's category, the basis question of its group only; configs on the templates by the type's rules;
 * the sub-templates used in the file or live; dependencies only on questions of the same template, by the rules
 * of dependencies. Compares every valid question with the live one of its id.
 */
export async function checkTemplateImport(
  file: TemplateImportFile,
  facts: TemplateImportFacts,
): Promise<TemplateImportCheck> {
  const errors = [...file.errors];
  const questions = new Map<string, { given: ReadQuestion; valid: TemplateFileQuestion | null }>();
  const keyHolders = new Map<string, string>();
  const inFile = new Set(file.templates.flatMap((t) => (t.templateId === null ? [] : [t.templateId])));
  const checked: { template: TemplateFileTemplate; templateId: number | null }[] = [];

  for (const template of file.templates) {
    const group = template.groupId === null ? null : TEMPLATE_GROUPS[template.groupId];
    const placed: { field: ReadField; valid: TemplateFileQuestion | null; naturalKey: string }[] = [];

    for (const field of template.steps.flatMap((s) => s.fields)) {
      const given = field.question;
      const label = typeof given.naturalKey === 'string' && given.naturalKey ? given.naturalKey : given.id;
      const here = (message: string) =>
        errors.push(template.where(M.inQuestion(field.index, label, message)));
      if (placed.some((p) => p.field.question.id === given.id)) {
        here(M.questionTwiceOnTemplate);
        continue;
      }

      let known = questions.get(given.id);
      if (known && !deepEqual(known.given, given)) here(M.questionGivenDifferently);
      if (!known) {
        const result = await checkQuestion(given, facts);
        result.errors.forEach(here);
        known = { given, valid: result.question };
        questions.set(given.id, known);
        if (result.question) {
          const holder = keyHolders.get(result.question.naturalKey);
          if (holder !== undefined && holder !== given.id)
            here(M.naturalKeyTwice(result.question.naturalKey));
          else keyHolders.set(result.question.naturalKey, given.id);
        }
      }
      if (group && given.categoryId !== group.categoryId) here(M.wrongCategory);
      if (
        group &&
        questionType(given.dataType).isBasis &&
        (given.dataType !== group.basisDataType || given.id !== basisQuestionId(given.dataType))
      )
        here(M.basisWrongType(group.basisDataType));
      const configErrors = brokenRules(questionType(given.dataType).configSchema, field.config);
      configErrors.forEach((message) => here(M.configOnTemplate(message)));
      for (const id of templateReferences(given.dataType, field.config))
        if (!inFile.has(id) && !facts.liveTemplateIds.has(id)) here(M.subTemplateUnknown(id));
      placed.push({
        field,
        valid: configErrors.length === 0 ? known.valid : null,
        naturalKey: known.valid?.naturalKey ?? label,
      });
    }

    // dependencies, once every question of the template is known
    const byId = new Map(placed.map((p) => [p.field.question.id, p]));
    const idsByKey = new Map(placed.map((p) => [p.naturalKey, p.field.question.id]));
    const dependencies = new Map<string, Dependency[]>();
    for (const { field, naturalKey } of placed) {
      const here = (message: string) =>
        errors.push(template.where(M.inQuestion(field.index, naturalKey, message)));
      const read = field.dependencies.map((d) => readDependency(d, field.question.id, byId, idsByKey));
      read.filter((d): d is string => typeof d === 'string').forEach(here);
      dependencies.set(
        field.question.id,
        read.filter((d): d is Dependency => typeof d !== 'string'),
      );
    }
    const graph = placed.map(({ field, naturalKey }) => ({
      questionId: field.question.id,
      naturalKey,
      dataType: field.question.dataType,
      dependencies: dependencies.get(field.question.id) ?? [],
    }));
    for (const { field, naturalKey } of placed) {
      validateDependencies(field.question.id, dependencies.get(field.question.id) ?? [], graph).forEach(
        (message) =>
          errors.push(template.where(M.inQuestion(field.index, naturalKey, M.dependency(message)))),
      );
    }

    if (template.groupId === null) continue;
    const validFields = new Map(placed.map((p) => [p.field, p.valid]));
    checked.push({
      templateId: template.templateId,
      template: {
        groupId: template.groupId,
        name: template.name,
        description: template.description,
        steps: byOrder(template.steps.map((s) => ({ ...s, sortOrder: s.topic.sortOrder }))).map((step) => ({
          topic: step.topic,
          fields: byOrder(step.fields).flatMap((field): TemplateFileField[] => {
            const question = validFields.get(field);
            if (!question) return [];
            const deps = dependencies.get(question.id) ?? [];
            return [
              {
                question,
                sortOrder: field.sortOrder,
                config: questionType(question.dataType).configSchema.validateSync(field.config, {
                  stripUnknown: true,
                }) as unknown as Record<string, unknown>,
                dependencies: deps.map((d) => ({
                  questionId: d.questionId,
                  dependencyId: d.dependencyId as string,
                  dependencyNaturalKey: d.dependencyNaturalKey,
                  condition: { condition: d.condition.condition, params: d.condition.params },
                })),
                dependenciesOperator: normaliseOperator(deps, field.dependenciesOperator),
              },
            ];
          }),
        })),
        pdf: template.pdf,
      },
    });
  }

  const root = checked.find((c) => c.templateId === null);
  return {
    version: file.version,
    exportDate: file.exportDate,
    template: root?.template ?? null,
    subTemplates: checked.flatMap((c) =>
      c.templateId === null ? [] : [{ ...c.template, templateId: c.templateId }],
    ),
    comparisons: [...questions.values()].flatMap(({ valid }) =>
      valid ? [compareQuestion(facts.existingQuestions.get(valid.id) ?? null, valid)] : [],
    ),
    errors,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Importing

/** A question an import writes: created (NEW) or replaced by the file's key, text and config (USE_NEW). */
export interface QuestionWrite {
  kind: 'create' | 'update';
  question: TemplateFileQuestion;
}

export interface QuestionImportPlan {
  writes: QuestionWrite[];
  /** the natural key each question of the file has after the import (dependencies name it) */
  naturalKeys: Map<string, string>;
  /** every reason the import cannot go on */
  errors: string[];
}

/**
 * What the import does with each question: NEW ones are created; the chosen strategy (`resolutions`, by question
 * id) or else the default applies to the others: USE_NEW replaces the question by the file's, USE_EXISTING
 * keeps it; a DIFFERENT one needs USE_NEW or USE_EXISTING. A replaced question may not take a natural key another
 * question holds (`naturalKeyHolders`).
 */
export function planQuestionImport(
  comparisons: readonly QuestionComparison[],
  resolutions: ReadonlyMap<string, ConflictResolutionStrategy>,
  naturalKeyHolders: ReadonlyMap<string, string>,
): QuestionImportPlan {
  const plan: QuestionImportPlan = { writes: [], naturalKeys: new Map(), errors: [] };
  for (const comparison of comparisons) {
    const { newQuestion, existingQuestion } = comparison;
    if (existingQuestion === null) {
      plan.writes.push({ kind: 'create', question: newQuestion });
      plan.naturalKeys.set(newQuestion.id, newQuestion.naturalKey);
      continue;
    }
    const strategy = resolutions.get(newQuestion.id) ?? comparison.conflictResolutionStrategy;
    if (strategy === ConflictResolutionStrategy.USE_EXISTING) {
      plan.naturalKeys.set(newQuestion.id, existingQuestion.naturalKey);
    } else if (strategy === ConflictResolutionStrategy.USE_NEW) {
      const holder = naturalKeyHolders.get(newQuestion.naturalKey);
      if (holder !== undefined && holder !== newQuestion.id)
        plan.errors.push(M.naturalKeyHeld(newQuestion.id, newQuestion.naturalKey));
      if (!sameQuestion(existingQuestion, newQuestion))
        plan.writes.push({ kind: 'update', question: newQuestion });
      plan.naturalKeys.set(newQuestion.id, newQuestion.naturalKey);
    } else {
      plan.errors.push(M.unresolved(newQuestion.id));
    }
  }
  return plan;
}

/** The group's basis question type when the template does not hold it (the import adds it first), else null. */
export function missingBasis(template: TemplateFileTemplate): DataType | null {
  const basis = TEMPLATE_GROUPS[template.groupId].basisDataType;
  if (basis === null) return null;
  const id = basisQuestionId(basis);
  return template.steps.some((s) => s.fields.some((f) => f.question.id === id)) ? null : basis;
}

/**
 * The TemplateCreatedData of an imported template: a new template (`origin: 'imported'`) with the file's topics
 * under new ids (`topicIds`, in topic order), its questions with their configs there (sub-template ids remapped),
 * dependencies by question id with the questions' keys after the import, and the group's basis question first
 * when the file lacks it (`basis`).
 */
export function importedTemplateData(
  template: TemplateFileTemplate,
  ids: { templateId: number; topicIds: readonly number[] },
  remap: ReadonlyMap<number, number>,
  naturalKeys: ReadonlyMap<string, string>,
  basis: { questionId: string; config: Record<string, unknown> } | null,
): TemplateCreatedData {
  const steps = byOrder(template.steps.map((s) => ({ ...s, sortOrder: s.topic.sortOrder })));
  if (steps.length !== ids.topicIds.length) throw new Error('One new topic id per topic is needed');
  const fields: TemplateFieldData[] = [];
  steps.forEach((step, topicIndex) => {
    const topicId = ids.topicIds[topicIndex];
    const placed = byOrder(step.fields).map((field) => ({
      questionId: field.question.id,
      config: remapTemplateReferences(field.question.dataType, field.config, remap),
      dependencies: field.dependencies.map((d) => ({
        questionId: field.question.id,
        dependencyId: d.dependencyId,
        dependencyNaturalKey: naturalKeys.get(d.dependencyId) ?? d.dependencyNaturalKey,
        condition: { condition: d.condition.condition, params: d.condition.params },
      })),
      dependenciesOperator: normaliseOperator(field.dependencies, field.dependenciesOperator),
    }));
    if (topicIndex === 0 && basis)
      placed.unshift({
        questionId: basis.questionId,
        config: basis.config,
        dependencies: [],
        dependenciesOperator: DependenciesLogicOperator.AND,
      });
    placed.forEach((field, sortOrder) => fields.push({ ...field, topicId, sortOrder }));
  });
  return {
    templateId: ids.templateId,
    groupId: template.groupId,
    name: template.name,
    description: template.description,
    origin: 'imported',
    sourceTemplateId: null,
    topics: steps.map((step, sortOrder) => ({
      topicId: ids.topicIds[sortOrder],
      title: step.topic.title,
      sortOrder,
      isEnabled: step.topic.isEnabled,
    })),
    fields,
    pdf: template.groupId === TemplateGroupId.PDF ? template.pdf : null,
  };
}
