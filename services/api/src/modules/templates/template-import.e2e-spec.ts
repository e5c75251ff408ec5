import {
  ConflictResolutionStrategy,
  DataType,
  QuestionComparisonStatus,
  questionMessages,
  Role,
  TEMPLATE_EXPORT_VERSION,
  templateImportMessages,
  templateMessages,
  type TemplateFile,
} from '@user-office/contracts';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const M = templateImportMessages;
const QUESTION = 'id question naturalKey dataType categoryId config';
const TEMPLATE = `templateId groupId name description isArchived
  steps { topic { id title templateId sortOrder isEnabled }
          fields { question { ${QUESTION} } sortOrder topicId config dependenciesOperator
                   dependencies { questionId dependencyId dependencyNaturalKey condition { condition params } } } }`;

const CREATE_TEMPLATE = `mutation($groupId: TemplateGroupId!, $name: String!, $description: String) {
  createTemplate(groupId: $groupId, name: $name, description: $description) { ${TEMPLATE} } }`;
const GET_TEMPLATE = `query($templateId: Int!) { getTemplate(templateId: $templateId) { ${TEMPLATE} } }`;
const CREATE_TOPIC = `mutation($templateId: Int!, $sortOrder: Int!, $title: String) {
  createTopic(templateId: $templateId, sortOrder: $sortOrder, title: $title) { ${TEMPLATE} } }`;
const UPDATE_TOPIC = `mutation($id: Int!, $isEnabled: Boolean) { updateTopic(id: $id, isEnabled: $isEnabled) { templateId } }`;
const CREATE_QUESTION = `mutation($categoryId: TemplateCategoryId!, $dataType: DataType!) {
  createQuestion(categoryId: $categoryId, dataType: $dataType) { ${QUESTION} } }`;
const UPDATE_QUESTION = `mutation($id: String!, $naturalKey: String, $question: String, $config: String) {
  updateQuestion(id: $id, naturalKey: $naturalKey, question: $question, config: $config) { ${QUESTION} } }`;
const GET_QUESTIONS = `query($filter: QuestionsFilter) { getQuestions(filter: $filter) { ${QUESTION} } }`;
const ADD = `mutation($templateId: Int!, $questionId: String!, $topicId: Int!, $sortOrder: Int!) {
  createQuestionTemplateRelation(templateId: $templateId, questionId: $questionId, topicId: $topicId, sortOrder: $sortOrder) { templateId } }`;
const SETTINGS = `mutation($templateId: Int!, $questionId: String!, $config: String, $dependencies: [FieldDependencyInput!], $op: DependenciesLogicOperator) {
  updateQuestionTemplateRelationSettings(templateId: $templateId, questionId: $questionId, config: $config, dependencies: $dependencies, dependenciesOperator: $op) { templateId } }`;
const UPDATE_PDF = `mutation($id: Int!, $templateData: String) {
  updatePdfTemplate(pdfTemplateId: $id, templateData: $templateData) { pdfTemplateId } }`;
const GET_PDF = `query($id: Int!) { getPdfTemplate(pdfTemplateId: $id) { templateData templateHeader dummyData } }`;
const EXPORT = `query($templateId: Int!) { getTemplateAsJson(templateId: $templateId) }`;
const VALIDATE = `mutation($json: String!) {
  validateTemplateImport(templateAsJson: $json) {
    json version exportDate errors
    questionComparisons { existingQuestion { ${QUESTION} } newQuestion { ${QUESTION} } status conflictResolutionStrategy }
  } }`;
const IMPORT = `mutation($json: String!, $resolutions: [ConflictResolution!]!, $subResolutions: [ConflictResolution!]) {
  importTemplate(templateAsJson: $json, conflictResolutions: $resolutions, subTemplatesConflictResolutions: $subResolutions) { ${TEMPLATE} } }`;

interface Question {
  id: string;
  question: string;
  naturalKey: string;
  dataType: DataType;
  categoryId: string;
  config: Record<string, unknown>;
}
interface Field {
  question: Question;
  sortOrder: number;
  topicId: number;
  config: Record<string, unknown>;
  dependenciesOperator: string;
  dependencies: {
    questionId: string;
    dependencyId: string;
    dependencyNaturalKey: string;
    condition: { condition: string; params: unknown };
  }[];
}
interface Template {
  templateId: number;
  groupId: string;
  name: string;
  description: string;
  isArchived: boolean;
  steps: {
    topic: { id: number; title: string; templateId: number; sortOrder: number; isEnabled: boolean };
    fields: Field[];
  }[];
}
interface Comparison {
  existingQuestion: Question | null;
  newQuestion: Question;
  status: QuestionComparisonStatus;
  conflictResolutionStrategy: ConflictResolutionStrategy;
}
interface Validation {
  json: string;
  version: string;
  exportDate: string | null;
  errors: string[];
  questionComparisons: Comparison[];
}
type Resolution = { itemId: string; strategy: ConflictResolutionStrategy };

/** a template without its ids: topics (title, order, enabled) with their placed questions */
const shape = (template: Template) =>
  template.steps.map((step) => ({
    title: step.topic.title,
    sortOrder: step.topic.sortOrder,
    isEnabled: step.topic.isEnabled,
    fields: step.fields.map(({ topicId: _topicId, ...field }) => field),
  }));
/**
 * The shape with the sub-template ids of field configs replaced (`ids`: old id → new id), and of the questions'
 * own configs too when the import wrote the questions (`questionsToo`).
 */
const remapped = (template: Template, ids: Record<number, number>, questionsToo = false) => {
  const remap = (config: Record<string, unknown>) => {
    const id = config.templateId;
    return typeof id === 'number' && ids[id] !== undefined ? { ...config, templateId: ids[id] } : config;
  };
  return shape(template).map((step) => ({
    ...step,
    fields: step.fields.map((field) => ({
      ...field,
      config: remap(field.config),
      question: questionsToo ? { ...field.question, config: remap(field.question.config) } : field.question,
    })),
  }));
};
/** a file without its export date and ids (sub-template ids and the template ids configs name) */
const withoutIds = (json: string) => {
  const file = JSON.parse(json) as Partial<TemplateFile>;
  delete file.exportDate;
  return JSON.parse(
    JSON.stringify(file, (key, value: unknown) =>
      (key === 'templateId' || key === 'esiTemplateId') && typeof value === 'number' ? '<id>' : value,
    ),
  ) as unknown;
};
const fieldOf = (template: Template, questionId: string) =>
  template.steps.flatMap((s) => s.fields).find((f) => f.question.id === questionId) as Field;
const edit = (json: string, change: (file: TemplateFile) => void): string => {
  const file = JSON.parse(json) as TemplateFile;
  change(file);
  return JSON.stringify(file);
};
const fileFieldOf = (file: TemplateFile, questionId: string) =>
  file.template.steps.flatMap((s) => s.fields).find((f) => f.question.id === questionId)!;
/** the position of a question on the file's template (messages name it) */
const indexOf = (file: TemplateFile, questionId: string) =>
  file.template.steps.flatMap((s) => s.fields).findIndex((f) => f.question.id === questionId);

describe.each<TestStore>(moduleStores())('template export and import end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: string;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = t.token({ id: 41 });
  });
  afterAll(() => t.close());

  const on = (app: TestApp) => {
    const gql = async <T>(document: string, variables: Record<string, unknown> = {}) => {
      const res = await app.gql<T>(document, variables, app === t ? officer : app.token({ id: 41 }));
      expect(res.errors).toBeUndefined();
      return res.data!;
    };
    const createQuestion = async (dataType: DataType, categoryId = 'PROPOSAL') =>
      (await gql<{ createQuestion: Question }>(CREATE_QUESTION, { categoryId, dataType })).createQuestion;
    return {
      gql,
      createTemplate: async (name: string, groupId = 'PROPOSAL_QUESTIONARY') =>
        (await gql<{ createTemplate: Template }>(CREATE_TEMPLATE, { groupId, name, description: 'd' }))
          .createTemplate,
      getTemplate: async (templateId: number) =>
        (await gql<{ getTemplate: Template }>(GET_TEMPLATE, { templateId })).getTemplate,
      createQuestion,
      /** a question with this key, text and config (JSON merged over the default one) */
      question: async (
        dataType: DataType,
        naturalKey: string,
        config: Record<string, unknown> = {},
        categoryId = 'PROPOSAL',
      ) => {
        const created = await createQuestion(dataType, categoryId);
        return (
          await gql<{ updateQuestion: Question }>(UPDATE_QUESTION, {
            id: created.id,
            naturalKey,
            question: `The ${naturalKey}`,
            config: JSON.stringify(config),
          })
        ).updateQuestion;
      },
      updateQuestion: async (id: string, changes: Record<string, unknown>) =>
        (await gql<{ updateQuestion: Question }>(UPDATE_QUESTION, { id, ...changes })).updateQuestion,
      questions: async (questionIds: string[]) =>
        (await gql<{ getQuestions: Question[] }>(GET_QUESTIONS, { filter: { questionIds } })).getQuestions,
      add: (templateId: number, questionId: string, topicId: number) =>
        gql(ADD, { templateId, questionId, topicId, sortOrder: 99 }),
      exported: async (templateId: number) =>
        (await gql<{ getTemplateAsJson: string }>(EXPORT, { templateId })).getTemplateAsJson,
      validate: async (json: string) =>
        (await gql<{ validateTemplateImport: Validation }>(VALIDATE, { json })).validateTemplateImport,
      importTemplate: async (json: string, resolutions: Resolution[] = [], subResolutions?: Resolution[]) =>
        (await gql<{ importTemplate: Template }>(IMPORT, { json, resolutions, subResolutions }))
          .importTemplate,
    };
  };
  const api = () => on(t);
  /** the call fails with this message (BAD_USER_INPUT), and nothing is appended */
  const refused = async (document: string, variables: Record<string, unknown>, message: string) => {
    const before = await head();
    const res = await t.gql(document, variables, officer);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await head()).toBe(before);
  };
  const dependsOn = (question: Question, params: unknown) => ({
    dependencyId: question.id,
    dependencyNaturalKey: question.naturalKey,
    condition: { condition: 'eq', params: JSON.stringify(params) },
  });

  /**
   * A proposal template of two topics (the second disabled): a yes/no and a choice on the first, a text depending
   * on both (OR, its own config there) and a sub-template question using a generic template on the second.
   */
  const buildSource = async (p: string) => {
    const a = api();
    const sub = await a.createTemplate(`${p} samples`, 'GENERIC_TEMPLATE');
    const sampleName = await a.question(DataType.TEXT_INPUT, `${p}_sample_name`, {}, 'GENERIC_TEMPLATE');
    await a.add(sub.templateId, sampleName.id, sub.steps[0].topic.id);

    const template = await a.createTemplate(`${p} proposal`);
    const id = template.templateId;
    const first = template.steps[0].topic.id;
    const second = (
      await a.gql<{ createTopic: Template }>(CREATE_TOPIC, { templateId: id, sortOrder: 1, title: 'Details' })
    ).createTopic.steps[1].topic.id;
    await a.gql(UPDATE_TOPIC, { id: second, isEnabled: false });
    const yes = await a.question(DataType.BOOLEAN, `${p}_has_sample`);
    const kind = await a.question(DataType.SELECTION_FROM_OPTIONS, `${p}_kind`, {
      options: ['solid', 'liquid'],
      variant: 'radio',
    });
    const details = await a.question(DataType.TEXT_INPUT, `${p}_details`);
    const samples = await a.question(DataType.GENERIC_TEMPLATE, `${p}_samples`, {
      templateId: sub.templateId,
      maxEntries: 3,
    });
    await a.add(id, yes.id, first);
    await a.add(id, kind.id, first);
    await a.add(id, details.id, second);
    await a.add(id, samples.id, second);
    await a.gql(SETTINGS, {
      templateId: id,
      questionId: details.id,
      config: JSON.stringify({ max: 10, required: true }),
      dependencies: [dependsOn(yes, true), dependsOn(kind, 'liquid')],
      op: 'OR',
    });
    return {
      source: await a.getTemplate(id),
      sub: await a.getTemplate(sub.templateId),
      questions: { sampleName, yes, kind, details, samples },
    };
  };

  it('exports a template with the sub-template it uses and imports it back: questions SAME, kept', async () => {
    const a = api();
    const { source, sub, questions } = await buildSource('rt');
    const json = await a.exported(source.templateId);
    const file = JSON.parse(json) as TemplateFile;
    expect(file.version).toBe(TEMPLATE_EXPORT_VERSION);
    expect(Number.isNaN(Date.parse(file.exportDate))).toBe(false);
    expect(file.template).toMatchObject({ groupId: 'PROPOSAL_QUESTIONARY', name: 'rt proposal', pdf: null });
    expect(file.template.steps.map((s) => [s.topic, s.fields.map((f) => f.question.id)])).toEqual([
      [
        { title: 'New topic', sortOrder: 0, isEnabled: true },
        ['proposal_basis', questions.yes.id, questions.kind.id],
      ],
      [{ title: 'Details', sortOrder: 1, isEnabled: false }, [questions.details.id, questions.samples.id]],
    ]);
    expect(fileFieldOf(file, questions.details.id)).toMatchObject({
      config: { max: 10, required: true },
      dependenciesOperator: 'OR',
      dependencies: [
        { dependencyId: questions.yes.id, condition: { condition: 'eq', params: true } },
        { dependencyId: questions.kind.id, condition: { condition: 'eq', params: 'liquid' } },
      ],
    });
    expect(file.subTemplates).toEqual([
      expect.objectContaining({
        templateId: sub.templateId,
        groupId: 'GENERIC_TEMPLATE',
        name: 'rt samples',
      }),
    ]);

    const before = await head();
    const validation = await a.validate(json);
    expect(await head()).toBe(before);
    expect(validation).toMatchObject({
      json,
      version: TEMPLATE_EXPORT_VERSION,
      exportDate: file.exportDate,
      errors: [],
    });
    expect(validation.questionComparisons.map((c) => c.newQuestion.id)).toEqual([
      'proposal_basis',
      questions.yes.id,
      questions.kind.id,
      questions.details.id,
      questions.samples.id,
      'generic_template_basis',
      questions.sampleName.id,
    ]);
    for (const c of validation.questionComparisons) {
      expect(c).toMatchObject({ status: 'SAME', conflictResolutionStrategy: 'USE_EXISTING' });
      expect(c.existingQuestion).toEqual(c.newQuestion);
    }

    const imported = await a.importTemplate(json);
    expect(imported.templateId).not.toBe(source.templateId);
    expect(imported).toMatchObject({
      name: 'rt proposal',
      description: 'd',
      groupId: 'PROPOSAL_QUESTIONARY',
    });
    expect(imported.steps.map((s) => s.topic.id)).not.toEqual(source.steps.map((s) => s.topic.id));
    const newSubId = fieldOf(imported, questions.samples.id).config.templateId as number;
    expect(newSubId).not.toBe(sub.templateId);
    expect(shape(imported)).toEqual(remapped(source, { [sub.templateId]: newSubId }));
    const newSub = await a.getTemplate(newSubId);
    expect(newSub).toMatchObject({ name: 'rt samples', groupId: 'GENERIC_TEMPLATE' });
    expect(shape(newSub)).toEqual(shape(sub));
    // the questions are kept as they were
    const ids = Object.values(questions).map((q) => q.id);
    expect(await a.questions(ids)).toEqual(expect.arrayContaining(Object.values(questions)));

    // exported again, it is the same file apart from the export date and the ids
    const again = await a.exported(imported.templateId);
    expect(JSON.parse(again).subTemplates.map((s: { templateId: number }) => s.templateId)).toEqual([
      newSubId,
    ]);
    expect(withoutIds(again)).toEqual(withoutIds(json));
  });

  it('imports into a fresh system: every question NEW and created with its id, references remapped', async () => {
    const { source, sub, questions } = await buildSource('fresh');
    const json = await api().exported(source.templateId);
    const fresh = await createTestApp({ store });
    try {
      const f = on(fresh);
      const validation = await f.validate(json);
      expect(validation.errors).toEqual([]);
      expect(validation.questionComparisons).toHaveLength(7);
      for (const c of validation.questionComparisons)
        expect(c).toMatchObject({
          existingQuestion: null,
          status: 'NEW',
          conflictResolutionStrategy: 'USE_NEW',
        });

      const imported = await f.importTemplate(json);
      const newSubId = fieldOf(imported, questions.samples.id).config.templateId as number;
      expect(shape(imported)).toEqual(remapped(source, { [sub.templateId]: newSubId }, true));
      // the sub-template question itself names the imported sub-template
      const [samples] = await f.questions([questions.samples.id]);
      expect(samples).toEqual({
        ...questions.samples,
        config: { ...questions.samples.config, templateId: newSubId },
      });
      expect(await f.questions([questions.details.id])).toEqual([questions.details]);
      expect(withoutIds(await f.exported(imported.templateId))).toEqual(withoutIds(json));

      // a second import finds them all again (the sub-template question now names another template)
      const second = await f.validate(json);
      expect(
        second.questionComparisons.filter((c) => c.status !== 'SAME').map((c) => c.newQuestion.id),
      ).toEqual([questions.samples.id]);

      // new questions never take an imported question's id
      const importedIds = new Set(validation.questionComparisons.map((c) => c.newQuestion.id));
      for (const dataType of [DataType.BOOLEAN, DataType.SELECTION_FROM_OPTIONS, DataType.TEXT_INPUT]) {
        for (let i = 0; i < 8; i++)
          expect(importedIds.has((await f.createQuestion(dataType)).id)).toBe(false);
      }
    } finally {
      await fresh.close();
    }
  });

  it('refuses a question that differs without USE_NEW or USE_EXISTING, appending nothing', async () => {
    const a = api();
    const { source, questions } = await buildSource('unres');
    const json = await a.exported(source.templateId);
    await a.updateQuestion(questions.details.id, { question: 'Changed text' });
    const validation = await a.validate(json);
    expect(validation.errors).toEqual([]);
    const details = validation.questionComparisons.find((c) => c.newQuestion.id === questions.details.id);
    expect(details).toMatchObject({
      status: 'DIFFERENT',
      conflictResolutionStrategy: 'UNRESOLVED',
      existingQuestion: { question: 'Changed text' },
      newQuestion: { question: questions.details.question },
    });
    const others = validation.questionComparisons.filter((c) => c !== details);
    expect(others.every((c) => c.status === 'SAME')).toBe(true);
    await refused(IMPORT, { json, resolutions: [] }, M.unresolved(questions.details.id));
    await refused(
      IMPORT,
      { json, resolutions: [{ itemId: questions.details.id, strategy: 'UNRESOLVED' }] },
      M.unresolved(questions.details.id),
    );
  });

  it('USE_EXISTING keeps the existing question; USE_NEW replaces it with the one of the file', async () => {
    const a = api();
    const { source, sub, questions } = await buildSource('strat');
    const json = await a.exported(source.templateId);
    const changed = await a.updateQuestion(questions.details.id, {
      naturalKey: 'strat_details_changed',
      question: 'Changed text',
      config: JSON.stringify({ max: 99 }),
    });

    const kept = await a.importTemplate(json, [
      { itemId: questions.details.id, strategy: ConflictResolutionStrategy.USE_EXISTING },
    ]);
    expect(fieldOf(kept, questions.details.id).question).toEqual(changed);
    expect(fieldOf(kept, questions.details.id).config).toEqual(fieldOf(source, questions.details.id).config);
    expect(await a.questions([questions.details.id])).toEqual([changed]);

    // replaced, the question is the file's again
    const replaced = await a.importTemplate(json, [
      { itemId: questions.details.id, strategy: ConflictResolutionStrategy.USE_NEW },
    ]);
    expect(fieldOf(replaced, questions.details.id).question).toEqual(questions.details);
    expect(await a.questions([questions.details.id])).toEqual([questions.details]);
    const newSubId = fieldOf(replaced, questions.samples.id).config.templateId as number;
    expect(shape(replaced)).toEqual(remapped(source, { [sub.templateId]: newSubId }));

    // USE_NEW may not take a natural key another question holds now
    await a.updateQuestion(questions.details.id, { naturalKey: 'strat_details_moved', question: 'Moved' });
    await a.question(DataType.TEXT_INPUT, questions.details.naturalKey);
    await refused(
      IMPORT,
      { json, resolutions: [{ itemId: questions.details.id, strategy: 'USE_NEW' }] },
      M.naturalKeyHeld(questions.details.id, questions.details.naturalKey),
    );
  });

  it('names the keys questions have after the import in dependencies (USE_EXISTING with another key)', async () => {
    const a = api();
    const { source, questions } = await buildSource('deps');
    const json = await a.exported(source.templateId);
    const yes = await a.updateQuestion(questions.yes.id, { naturalKey: 'deps_has_sample_renamed' });
    const imported = await a.importTemplate(json, [
      { itemId: questions.yes.id, strategy: ConflictResolutionStrategy.USE_EXISTING },
    ]);
    expect(fieldOf(imported, questions.details.id).dependencies[0]).toEqual({
      questionId: questions.details.id,
      dependencyId: yes.id,
      dependencyNaturalKey: 'deps_has_sample_renamed',
      condition: { condition: 'eq', params: true },
    });
  });

  it('exports sub-templates recursively, each once, and imports them with every reference remapped', async () => {
    const a = api();
    const inner = await a.createTemplate('inner', 'GENERIC_TEMPLATE');
    const outer = await a.createTemplate('outer', 'GENERIC_TEMPLATE');
    const nested = await a.question(
      DataType.GENERIC_TEMPLATE,
      'rec_nested',
      { templateId: inner.templateId },
      'GENERIC_TEMPLATE',
    );
    await a.add(outer.templateId, nested.id, outer.steps[0].topic.id);
    const innerText = await a.question(DataType.TEXT_INPUT, 'rec_inner_text', {}, 'GENERIC_TEMPLATE');
    await a.add(inner.templateId, innerText.id, inner.steps[0].topic.id);
    const root = await a.createTemplate('root');
    const viaOuter = await a.question(DataType.GENERIC_TEMPLATE, 'rec_outer', {
      templateId: outer.templateId,
    });
    const viaInner = await a.question(DataType.GENERIC_TEMPLATE, 'rec_inner', {
      templateId: inner.templateId,
    });
    await a.add(root.templateId, viaOuter.id, root.steps[0].topic.id);
    await a.add(root.templateId, viaInner.id, root.steps[0].topic.id);

    const json = await a.exported(root.templateId);
    const file = JSON.parse(json) as TemplateFile;
    expect(file.subTemplates.map((s) => [s.templateId, s.name])).toEqual([
      [outer.templateId, 'outer'],
      [inner.templateId, 'inner'],
    ]);

    // a sub-template question of the sub-templates differs: resolved through subTemplatesConflictResolutions
    await a.updateQuestion(innerText.id, { question: 'Changed inner text' });
    await refused(IMPORT, { json, resolutions: [] }, M.unresolved(innerText.id));
    const imported = await a.importTemplate(
      json,
      [],
      [{ itemId: innerText.id, strategy: ConflictResolutionStrategy.USE_NEW }],
    );
    expect((await a.questions([innerText.id]))[0].question).toBe(innerText.question);
    const newOuter = fieldOf(imported, viaOuter.id).config.templateId as number;
    const newInner = fieldOf(imported, viaInner.id).config.templateId as number;
    expect([newOuter, newInner]).not.toContain(outer.templateId);
    expect([newOuter, newInner]).not.toContain(inner.templateId);
    const importedOuter = await a.getTemplate(newOuter);
    expect(importedOuter.name).toBe('outer');
    expect(fieldOf(importedOuter, nested.id).config.templateId).toBe(newInner);
    expect(shape(await a.getTemplate(newInner))).toEqual(shape(await a.getTemplate(inner.templateId)));
  });

  it('exports and imports a PDF template with its layout', async () => {
    const a = api();
    const pdf = await a.createTemplate('Layout', 'PDF');
    await a.gql(UPDATE_PDF, { id: pdf.templateId, templateData: '<h1>{{proposal.title}}</h1>' });
    const json = await a.exported(pdf.templateId);
    expect((JSON.parse(json) as TemplateFile).template.pdf).toMatchObject({
      templateData: '<h1>{{proposal.title}}</h1>',
    });
    const imported = await a.importTemplate(json);
    const layouts = await Promise.all(
      [pdf.templateId, imported.templateId].map(
        async (id) => (await a.gql<{ getPdfTemplate: unknown }>(GET_PDF, { id })).getPdfTemplate,
      ),
    );
    expect(layouts[1]).toEqual(layouts[0]);
    await refused(
      IMPORT,
      { json: edit(json, (f) => (f.template.pdf = null)), resolutions: [] },
      M.pdfMissing,
    );
  });

  it('lists every rule a file breaks, each with where it is, and imports none of them', async () => {
    const a = api();
    const { source, questions } = await buildSource('bad');
    const json = await a.exported(source.templateId);
    const file = JSON.parse(json) as TemplateFile;
    const at = (questionId: string, key: string, message: string) =>
      M.inQuestion(indexOf(file, questionId), key, message);
    const errorsOf = async (bad: string) => {
      const before = await head();
      const { errors } = await a.validate(bad);
      expect(await head()).toBe(before);
      await refused(IMPORT, { json: bad, resolutions: [] }, errors[0]);
      return errors;
    };

    expect(await errorsOf('{ nope')).toEqual([M.notJson]);
    expect(await errorsOf(JSON.stringify({ version: '1.0.0', units: [] }))).toEqual([M.notATemplate]);
    expect(await errorsOf(edit(json, (f) => delete (f as Partial<TemplateFile>).version))).toEqual([
      M.noVersion,
    ]);
    expect(await errorsOf(edit(json, (f) => (f.version = '2.0.0')))).toEqual([M.unsupportedVersion('2.0.0')]);
    expect(await errorsOf(edit(json, (f) => ((f.template as { groupId: string }).groupId = 'NOPE')))).toEqual(
      [M.unknownGroup('NOPE')],
    );
    expect(await errorsOf(edit(json, (f) => (f.template.name = ' ')))).toEqual([
      M.inTemplate(templateMessages.nameRequired),
    ]);
    expect(await errorsOf(edit(json, (f) => (f.template.steps = [])))).toEqual([M.noTopics]);
    // the question's config and its config on the template, by the rules of its type
    const kind = questions.kind;
    expect(await errorsOf(edit(json, (f) => (fileFieldOf(f, kind.id).question.config.variant = '')))).toEqual(
      [at(kind.id, kind.naturalKey, M.config(questionMessages.variantRequired))],
    );
    expect(await errorsOf(edit(json, (f) => (fileFieldOf(f, kind.id).config.variant = '')))).toEqual([
      at(kind.id, kind.naturalKey, M.configOnTemplate(questionMessages.variantRequired)),
    ]);
    // natural keys: the rules of §5, and a NEW question may not take one another question holds
    expect(
      await errorsOf(edit(json, (f) => (fileFieldOf(f, kind.id).question.naturalKey = 'has space'))),
    ).toEqual([at(kind.id, 'has space', questionMessages.naturalKeyPattern)]);
    expect(
      await errorsOf(edit(json, (f) => (fileFieldOf(f, kind.id).question.id = 'bad_brand_new'))),
    ).toEqual([at(kind.id, kind.naturalKey, questionMessages.naturalKeyUsed)]);
    // a question of another category, a basis question of another group
    expect(
      await errorsOf(
        edit(json, (f) => {
          const q = fileFieldOf(f, questions.details.id).question;
          q.id = 'bad_sample_question';
          q.naturalKey = 'bad_sample_question';
          (q as { categoryId: string }).categoryId = 'SAMPLE';
        }),
      ),
    ).toEqual([at(questions.details.id, 'bad_sample_question', M.wrongCategory)]);
    expect(
      await errorsOf(
        edit(json, (f) => {
          const q = fileFieldOf(f, 'proposal_basis').question;
          Object.assign(q, {
            id: 'visit_basis',
            naturalKey: 'visit_basis',
            dataType: 'VISIT_BASIS',
            categoryId: 'PROPOSAL',
          });
        }),
      ),
    ).toEqual([at('proposal_basis', 'visit_basis', M.basisWrongType(DataType.PROPOSAL_BASIS))]);
    // an existing question keeps its data type
    expect(
      await errorsOf(
        edit(
          json,
          (f) => (fileFieldOf(f, questions.details.id).question.dataType = DataType.RICH_TEXT_INPUT),
        ),
      ),
    ).toEqual(
      expect.arrayContaining([
        at(
          questions.details.id,
          questions.details.naturalKey,
          M.existsAsOther(DataType.TEXT_INPUT, 'PROPOSAL'),
        ),
      ]),
    );
    // dependencies: only on questions of the same template
    expect(
      await errorsOf(
        edit(json, (f) =>
          Object.assign(fileFieldOf(f, questions.details.id).dependencies[0], {
            dependencyId: 'nope',
            dependencyNaturalKey: 'nope',
          }),
        ),
      ),
    ).toEqual([at(questions.details.id, questions.details.naturalKey, M.dependencyOnUnknown('nope'))]);
    // a sub-template that is neither in the file nor in this system
    expect(
      await errorsOf(
        edit(json, (f) => {
          fileFieldOf(f, questions.samples.id).config.templateId = 999999;
          f.subTemplates = [];
        }),
      ),
    ).toEqual([at(questions.samples.id, questions.samples.naturalKey, M.subTemplateUnknown(999999))]);
    // a sub-template without its id (the template it was is live here: the reference stands)
    expect(
      await errorsOf(
        edit(json, (f) => delete (f.subTemplates[0] as Partial<(typeof f.subTemplates)[0]>).templateId),
      ),
    ).toEqual([M.inSubTemplate(0, 'bad samples', M.subTemplateIdInvalid)]);
    // every rule broken is listed
    const many = await errorsOf(
      edit(json, (f) => {
        f.version = '9.0.0';
        fileFieldOf(f, kind.id).config.variant = '';
        fileFieldOf(f, questions.details.id).dependencies[0].dependencyId = 'nope';
        fileFieldOf(f, questions.details.id).dependencies[0].dependencyNaturalKey = 'nope';
      }),
    );
    expect(many).toEqual([
      M.unsupportedVersion('9.0.0'),
      at(kind.id, kind.naturalKey, M.configOnTemplate(questionMessages.variantRequired)),
      at(questions.details.id, questions.details.naturalKey, M.dependencyOnUnknown('nope')),
    ]);
  });

  it('lets officers only export, check and import templates', async () => {
    const OFFICER_ONLY = [Role.USER_OFFICER];
    const cases: AccessCase[] = [
      {
        operation: 'getTemplateAsJson',
        document: EXPORT,
        variables: { templateId: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'validateTemplateImport',
        document: VALIDATE,
        variables: { json: '{}' },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'importTemplate',
        document: IMPORT,
        variables: { json: '{}', resolutions: [] },
        allowed: OFFICER_ONLY,
      },
    ];
    const apiToken = await apiTokenFor(t);
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
    const missing = await t.gql(EXPORT, { templateId: 999999 }, officer);
    expect(missing.errors?.[0]).toMatchObject({
      message: templateMessages.templateNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
  });
});
