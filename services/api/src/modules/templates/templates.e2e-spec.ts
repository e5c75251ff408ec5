import {
  DataType,
  questionMessages,
  questionTypeMessages,
  Role,
  templateMessages,
} from '@user-office/contracts';
import {
  ANY_USER,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const QUESTION = 'id question naturalKey dataType categoryId config';
const TEMPLATE = `templateId groupId name description isArchived questionaryCount callCount pdfCallCount proposalESICallCount
  group { groupId categoryId }
  steps { topic { id title templateId sortOrder isEnabled }
          fields { question { ${QUESTION} } sortOrder topicId config dependenciesOperator
                   dependencies { questionId dependencyId dependencyNaturalKey condition { condition params } } } }
  complementaryQuestions { id }`;

const CREATE_TEMPLATE = `mutation($groupId: TemplateGroupId!, $name: String!, $description: String) {
  createTemplate(groupId: $groupId, name: $name, description: $description) { ${TEMPLATE} } }`;
const GET_TEMPLATE = `query($templateId: Int!) { getTemplate(templateId: $templateId) { ${TEMPLATE} } }`;
const GET_TEMPLATES = `query($filter: TemplatesFilter) { getTemplates(filter: $filter) { templateId name isArchived } }`;
const UPDATE_TEMPLATE = `mutation($templateId: Int!, $name: String, $description: String, $isArchived: Boolean) {
  updateTemplate(templateId: $templateId, name: $name, description: $description, isArchived: $isArchived) { templateId name description isArchived } }`;
const CLONE_TEMPLATE = `mutation($templateId: Int!) { cloneTemplate(templateId: $templateId) { ${TEMPLATE} } }`;
const DELETE_TEMPLATE = `mutation($templateId: Int!) { deleteTemplate(templateId: $templateId) { templateId } }`;
const SET_ACTIVE = `mutation($g: TemplateGroupId!, $id: Int!) { setActiveTemplate(templateGroupId: $g, templateId: $id) }`;
const ACTIVE = `query($g: TemplateGroupId!) { getActiveTemplateId(templateGroupId: $g) }`;
const CREATE_TOPIC = `mutation($templateId: Int!, $sortOrder: Int!, $title: String) {
  createTopic(templateId: $templateId, sortOrder: $sortOrder, title: $title) { ${TEMPLATE} } }`;
const UPDATE_TOPIC = `mutation($id: Int!, $title: String, $sortOrder: Int, $isEnabled: Boolean) {
  updateTopic(id: $id, title: $title, sortOrder: $sortOrder, isEnabled: $isEnabled) { ${TEMPLATE} } }`;
const DELETE_TOPIC = `mutation($topicId: Int!) { deleteTopic(topicId: $topicId) { ${TEMPLATE} } }`;
const TOPIC_ORDER = `mutation($topicOrder: [Int!]!) { updateTopicOrder(topicOrder: $topicOrder) }`;
const CREATE_QUESTION = `mutation($categoryId: TemplateCategoryId!, $dataType: DataType!) {
  createQuestion(categoryId: $categoryId, dataType: $dataType) { ${QUESTION} } }`;
const UPDATE_QUESTION = `mutation($id: String!, $naturalKey: String, $question: String, $config: String) {
  updateQuestion(id: $id, naturalKey: $naturalKey, question: $question, config: $config) { ${QUESTION} } }`;
const DELETE_QUESTION = `mutation($questionId: String!) { deleteQuestion(questionId: $questionId) { id } }`;
const GET_QUESTIONS = `query($filter: QuestionsFilter) { getQuestions(filter: $filter) { id naturalKey templates { templateId name } } }`;
const KEY_PRESENT = `query($naturalKey: String!) { getIsNaturalKeyPresent(naturalKey: $naturalKey) }`;
const ADD = `mutation($templateId: Int!, $questionId: String!, $topicId: Int!, $sortOrder: Int!) {
  createQuestionTemplateRelation(templateId: $templateId, questionId: $questionId, topicId: $topicId, sortOrder: $sortOrder) { ${TEMPLATE} } }`;
const MOVE = `mutation($templateId: Int!, $questionId: String!, $topicId: Int!, $sortOrder: Int!) {
  updateQuestionTemplateRelation(templateId: $templateId, questionId: $questionId, topicId: $topicId, sortOrder: $sortOrder) { ${TEMPLATE} } }`;
const SETTINGS = `mutation($templateId: Int!, $questionId: String!, $config: String, $dependencies: [FieldDependencyInput!], $op: DependenciesLogicOperator) {
  updateQuestionTemplateRelationSettings(templateId: $templateId, questionId: $questionId, config: $config, dependencies: $dependencies, dependenciesOperator: $op) { ${TEMPLATE} } }`;
const REMOVE = `mutation($templateId: Int!, $questionId: String!) {
  deleteQuestionTemplateRelation(templateId: $templateId, questionId: $questionId) { ${TEMPLATE} } }`;
const GET_PDF = `query($id: Int!) { getPdfTemplate(pdfTemplateId: $id) { pdfTemplateId templateData templateHeader templateFooter templateSampleDeclaration dummyData } }`;
const UPDATE_PDF = `mutation($id: Int!, $templateData: String, $dummyData: String) {
  updatePdfTemplate(pdfTemplateId: $id, templateData: $templateData, dummyData: $dummyData) { pdfTemplateId templateData dummyData } }`;
const EVENT_LOGS = `query($id: String) { getEventLogs(changedObjectId: $id) { eventType changedObjectId description } }`;

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
  questionaryCount: number;
  group: { groupId: string; categoryId: string };
  steps: {
    topic: { id: number; title: string; templateId: number; sortOrder: number; isEnabled: boolean };
    fields: Field[];
  }[];
  complementaryQuestions: { id: string }[];
}

/** topic titles, each with its question ids, in order */
const layout = (template: Template) =>
  template.steps.map((s) => [s.topic.title, s.fields.map((f) => f.question.id)] as const);

describe.each<TestStore>(moduleStores())('templates end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: string;
  let options: Server;
  let optionsPort: number;

  beforeAll(async () => {
    options = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ facilities: [{ name: 'ISIS' }, { name: 'ESS' }], token: req.headers['x-token'] }),
      );
    });
    await new Promise<void>((resolve) => options.listen(0, '127.0.0.1', resolve));
    optionsPort = (options.address() as AddressInfo).port;
    t = await createTestApp({ store, config: { dynamicOptionsAllowedHosts: [`127.0.0.1:${optionsPort}`] } });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = t.token({ id: 41 });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => options.close(resolve));
  });

  const gql = async <T>(document: string, variables: Record<string, unknown> = {}, token = officer) => {
    const res = await t.gql<T>(document, variables, token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  /** the call fails with this message and code, and nothing is appended */
  const refused = async (
    document: string,
    variables: Record<string, unknown>,
    message: string,
    code = 'BAD_USER_INPUT',
  ) => {
    const before = await head();
    const res = await t.gql(document, variables, officer);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code } });
    expect(await head()).toBe(before);
  };
  const createTemplate = async (name = 'Proposal form', groupId = 'PROPOSAL_QUESTIONARY') =>
    (await gql<{ createTemplate: Template }>(CREATE_TEMPLATE, { groupId, name, description: 'd' }))
      .createTemplate;
  const getTemplate = async (templateId: number, token = officer) =>
    (await gql<{ getTemplate: Template }>(GET_TEMPLATE, { templateId }, token)).getTemplate;
  const createQuestion = async (dataType: DataType, categoryId = 'PROPOSAL') =>
    (await gql<{ createQuestion: Question }>(CREATE_QUESTION, { categoryId, dataType })).createQuestion;
  const updateQuestion = async (id: string, changes: Record<string, unknown>) =>
    (await gql<{ updateQuestion: Question }>(UPDATE_QUESTION, { id, ...changes })).updateQuestion;
  const add = async (templateId: number, questionId: string, topicId: number, sortOrder = 99) =>
    (
      await gql<{ createQuestionTemplateRelation: Template }>(ADD, {
        templateId,
        questionId,
        topicId,
        sortOrder,
      })
    ).createQuestionTemplateRelation;
  const settings = async (templateId: number, questionId: string, vars: Record<string, unknown>) =>
    (
      await gql<{ updateQuestionTemplateRelationSettings: Template }>(SETTINGS, {
        templateId,
        questionId,
        ...vars,
      })
    ).updateQuestionTemplateRelationSettings;
  const dependsOn = (question: Question, params: unknown, condition = 'eq') => ({
    dependencyId: question.id,
    dependencyNaturalKey: question.naturalKey,
    condition: { condition, params: JSON.stringify(params) },
  });

  it('creates a template with a first topic holding its group basis question, and lists it', async () => {
    const template = await createTemplate('Neutron proposal');
    expect(template).toMatchObject({
      name: 'Neutron proposal',
      groupId: 'PROPOSAL_QUESTIONARY',
      group: { categoryId: 'PROPOSAL' },
      isArchived: false,
      questionaryCount: 0,
    });
    expect(layout(template)).toEqual([['New topic', ['proposal_basis']]]);
    expect(template.steps[0].fields[0].question).toMatchObject({
      dataType: 'PROPOSAL_BASIS',
      naturalKey: 'proposal_basis',
    });
    // a second template reuses the same basis question
    const second = await createTemplate('Second');
    expect(second.steps[0].fields[0].question.id).toBe('proposal_basis');
    const listed = (
      await gql<{ getTemplates: { templateId: number }[] }>(GET_TEMPLATES, {
        filter: { group: 'PROPOSAL_QUESTIONARY' },
      })
    ).getTemplates;
    expect(listed.map((l) => l.templateId)).toEqual(
      expect.arrayContaining([template.templateId, second.templateId]),
    );
    // an applicant may read one template (the wizard), not the list
    expect((await getTemplate(template.templateId, t.token(APPLICANT))).name).toBe('Neutron proposal');
  });

  it('keeps ESI templates in their own groups (PROPOSAL_ESI, SAMPLE_ESI): basis question, category, list, active one', async () => {
    for (const [groupId, categoryId, basis] of [
      ['PROPOSAL_ESI', 'PROPOSAL_ESI', 'proposal_esi_basis'],
      ['SAMPLE_ESI', 'SAMPLE_ESI', 'sample_esi_basis'],
    ]) {
      const template = await createTemplate(`${groupId} form`, groupId);
      expect(template).toMatchObject({ groupId, group: { categoryId } });
      expect(layout(template)).toEqual([['New topic', [basis]]]);
      const listed = (
        await gql<{ getTemplates: { templateId: number }[] }>(GET_TEMPLATES, { filter: { group: groupId } })
      ).getTemplates;
      expect(listed.map((l) => l.templateId)).toEqual([template.templateId]);
      await gql(SET_ACTIVE, { g: groupId, id: template.templateId });
      expect((await gql<{ getActiveTemplateId: number }>(ACTIVE, { g: groupId })).getActiveTemplateId).toBe(
        template.templateId,
      );
    }
  });

  it('refuses a template without a name, with the message, appending nothing', async () => {
    await refused(
      CREATE_TEMPLATE,
      { groupId: 'PROPOSAL_QUESTIONARY', name: '  ' },
      templateMessages.nameRequired,
    );
  });

  it('adds, renames, disables, reorders and deletes topics', async () => {
    const template = await createTemplate('Topics');
    const id = template.templateId;
    await gql<{ createTopic: Template }>(CREATE_TOPIC, { templateId: id, sortOrder: 1, title: 'Sample' });
    let after = (await gql<{ createTopic: Template }>(CREATE_TOPIC, { templateId: id, sortOrder: 1 }))
      .createTopic;
    expect(after.steps.map((s) => [s.topic.title, s.topic.sortOrder])).toEqual([
      ['New topic', 0],
      ['New topic', 1],
      ['Sample', 2],
    ]);
    const [first, middle, sample] = after.steps.map((s) => s.topic.id);
    after = (
      await gql<{ updateTopic: Template }>(UPDATE_TOPIC, {
        id: middle,
        title: 'Safety',
        isEnabled: false,
        sortOrder: 2,
      })
    ).updateTopic;
    expect(after.steps.map((s) => [s.topic.title, s.topic.isEnabled])).toEqual([
      ['New topic', true],
      ['Sample', true],
      ['Safety', false],
    ]);
    expect(
      (await gql<{ updateTopicOrder: number[] }>(TOPIC_ORDER, { topicOrder: [sample, first, middle] }))
        .updateTopicOrder,
    ).toEqual([sample, first, middle]);
    expect((await getTemplate(id)).steps.map((s) => s.topic.id)).toEqual([sample, first, middle]);
    await refused(TOPIC_ORDER, { topicOrder: [sample, first] }, templateMessages.topicOrderMismatch);
    await refused(DELETE_TOPIC, { topicId: first }, templateMessages.basisTopicFixed);
    after = (await gql<{ deleteTopic: Template }>(DELETE_TOPIC, { topicId: middle })).deleteTopic;
    expect(after.steps.map((s) => [s.topic.id, s.topic.sortOrder])).toEqual([
      [sample, 0],
      [first, 1],
    ]);
    await refused(DELETE_TOPIC, { topicId: 999999 }, templateMessages.topicNotFound, 'NOT_FOUND');
  });

  it('creates and updates questions with the natural key rules of §5', async () => {
    const question = await createQuestion(DataType.TEXT_INPUT);
    expect(question).toMatchObject({
      dataType: 'TEXT_INPUT',
      categoryId: 'PROPOSAL',
      naturalKey: question.id,
    });
    expect(question.config).toMatchObject({ required: false, multiline: false });
    const updated = await updateQuestion(question.id, {
      naturalKey: 'sample_name',
      question: 'Name of the sample',
      config: JSON.stringify({ required: true, max: 50 }),
    });
    expect(updated).toMatchObject({ naturalKey: 'sample_name', question: 'Name of the sample' });
    expect(updated.config).toMatchObject({ required: true, max: 50, multiline: false });
    expect(
      (await gql<{ getIsNaturalKeyPresent: boolean }>(KEY_PRESENT, { naturalKey: 'sample_name' }))
        .getIsNaturalKeyPresent,
    ).toBe(true);
    // keeping its own key is allowed
    await updateQuestion(question.id, { naturalKey: 'sample_name', question: 'Sample name' });

    const other = await createQuestion(DataType.BOOLEAN);
    await refused(
      UPDATE_QUESTION,
      { id: other.id, naturalKey: 'sample_name' },
      questionMessages.naturalKeyUsed,
    );
    await refused(
      UPDATE_QUESTION,
      { id: other.id, naturalKey: 'has space' },
      questionMessages.naturalKeyPattern,
    );
    await refused(
      UPDATE_QUESTION,
      { id: other.id, naturalKey: 'k'.repeat(129) },
      questionTypeMessages.naturalKeyMax,
    );
    await refused(UPDATE_QUESTION, { id: other.id, question: ' ' }, questionMessages.questionRequired);
    await refused(UPDATE_QUESTION, { id: other.id, config: '{nope' }, 'Config must be a JSON object');
    const embellishment = await createQuestion(DataType.EMBELLISHMENT);
    await refused(
      UPDATE_QUESTION,
      { id: embellishment.id, config: JSON.stringify({ html: '' }) },
      questionMessages.contentRequired,
    );
    const dynamic = await createQuestion(DataType.DYNAMIC_MULTIPLE_CHOICE);
    await refused(
      UPDATE_QUESTION,
      { id: dynamic.id, config: JSON.stringify({ url: 'ftp://x' }) },
      questionMessages.validUrl,
    );
  });

  it('never lets two questions hold one natural key, even when two officers race', async () => {
    const a = await createQuestion(DataType.TEXT_INPUT);
    const b = await createQuestion(DataType.TEXT_INPUT);
    const results = await Promise.all(
      [a, b].map((q) => t.gql(UPDATE_QUESTION, { id: q.id, naturalKey: 'raced_key' }, officer)),
    );
    const failures = results.filter((r) => r.errors);
    expect(failures).toHaveLength(1);
    expect(failures[0].errors?.[0].message).toBe(questionMessages.naturalKeyUsed);
    const holders = (
      await gql<{ getQuestions: { id: string }[] }>(GET_QUESTIONS, { filter: { text: 'raced_key' } })
    ).getQuestions;
    expect(holders).toHaveLength(1);
  });

  it('places, moves and removes questions, and keeps the basis question', async () => {
    const template = await createTemplate('Placement');
    const id = template.templateId;
    const topic1 = template.steps[0].topic.id;
    const withTopic = (
      await gql<{ createTopic: Template }>(CREATE_TOPIC, { templateId: id, sortOrder: 1, title: 'Two' })
    ).createTopic;
    const topic2 = withTopic.steps[1].topic.id;
    const q1 = await createQuestion(DataType.TEXT_INPUT);
    const q2 = await createQuestion(DataType.NUMBER_INPUT);
    const q3 = await createQuestion(DataType.BOOLEAN);
    const offered = (await getTemplate(id)).complementaryQuestions.map((q) => q.id);
    expect(offered).toEqual(expect.arrayContaining([q1.id, q2.id, q3.id]));
    expect(offered).not.toContain('proposal_basis');
    await add(id, q1.id, topic1);
    await add(id, q2.id, topic1, 1);
    let after = await add(id, q3.id, topic2, 0);
    expect(layout(after)).toEqual([
      ['New topic', ['proposal_basis', q2.id, q1.id]],
      ['Two', [q3.id]],
    ]);
    expect(after.complementaryQuestions.map((q) => q.id)).not.toContain(q1.id);
    await refused(
      ADD,
      { templateId: id, questionId: q1.id, topicId: topic1, sortOrder: 0 },
      templateMessages.questionAlreadyOnTemplate,
    );
    const sampleQuestion = await createQuestion(DataType.TEXT_INPUT, 'SAMPLE');
    await refused(
      ADD,
      { templateId: id, questionId: sampleQuestion.id, topicId: topic1, sortOrder: 0 },
      templateMessages.questionWrongCategory,
    );

    after = (
      await gql<{ updateQuestionTemplateRelation: Template }>(MOVE, {
        templateId: id,
        questionId: q1.id,
        topicId: topic2,
        sortOrder: 0,
      })
    ).updateQuestionTemplateRelation;
    expect(layout(after)).toEqual([
      ['New topic', ['proposal_basis', q2.id]],
      ['Two', [q1.id, q3.id]],
    ]);
    expect(after.steps[1].fields.map((f) => [f.sortOrder, f.topicId])).toEqual([
      [0, topic2],
      [1, topic2],
    ]);
    await refused(
      REMOVE,
      { templateId: id, questionId: 'proposal_basis' },
      templateMessages.basisQuestionFixed,
    );
    after = (
      await gql<{ deleteQuestionTemplateRelation: Template }>(REMOVE, { templateId: id, questionId: q1.id })
    ).deleteQuestionTemplateRelation;
    expect(layout(after)).toEqual([
      ['New topic', ['proposal_basis', q2.id]],
      ['Two', [q3.id]],
    ]);
    // a question in use cannot be deleted; once off every template it can
    await refused(DELETE_QUESTION, { questionId: q3.id }, templateMessages.questionInUse('Placement'));
    await refused(
      DELETE_QUESTION,
      { questionId: 'proposal_basis' },
      templateMessages.basisQuestionNotDeletable,
    );
    expect(
      (await gql<{ deleteQuestion: { id: string } }>(DELETE_QUESTION, { questionId: q1.id })).deleteQuestion
        .id,
    ).toBe(q1.id);
    expect(
      (await gql<{ getIsNaturalKeyPresent: boolean }>(KEY_PRESENT, { naturalKey: q1.naturalKey }))
        .getIsNaturalKeyPresent,
    ).toBe(false);
    // deleting the topic takes its questions off the template
    after = (await gql<{ deleteTopic: Template }>(DELETE_TOPIC, { topicId: topic2 })).deleteTopic;
    expect(layout(after)).toEqual([['New topic', ['proposal_basis', q2.id]]]);
  });

  it('sets per-template config and dependencies, refusing self, circular and undependable ones', async () => {
    const template = await createTemplate('Dependencies');
    const id = template.templateId;
    const topic = template.steps[0].topic.id;
    const hasSample = await createQuestion(DataType.BOOLEAN);
    const kind = await createQuestion(DataType.SELECTION_FROM_OPTIONS);
    const details = await createQuestion(DataType.TEXT_INPUT);
    for (const q of [hasSample, kind, details]) await add(id, q.id, topic);
    await settings(id, kind.id, {
      config: JSON.stringify({ options: ['solid', 'liquid'], variant: 'radio' }),
    });

    let after = await settings(id, details.id, {
      config: JSON.stringify({ required: true }),
      dependencies: [dependsOn(hasSample, true), dependsOn(kind, 'liquid', 'neq')],
      op: 'OR',
    });
    const field = after.steps[0].fields.find((f) => f.question.id === details.id)!;
    expect(field.config).toMatchObject({ required: true });
    expect(field.question.config).toMatchObject({ required: false }); // the question's own config is untouched
    expect(field.dependenciesOperator).toBe('OR');
    expect(field.dependencies).toEqual([
      {
        questionId: details.id,
        dependencyId: hasSample.id,
        dependencyNaturalKey: hasSample.naturalKey,
        condition: { condition: 'eq', params: true },
      },
      {
        questionId: details.id,
        dependencyId: kind.id,
        dependencyNaturalKey: kind.naturalKey,
        condition: { condition: 'neq', params: 'liquid' },
      },
    ]);
    // one dependency left: the operator resets to AND
    after = await settings(id, details.id, { dependencies: [dependsOn(hasSample, true)], op: 'OR' });
    expect(after.steps[0].fields.find((f) => f.question.id === details.id)!.dependenciesOperator).toBe('AND');

    await refused(
      SETTINGS,
      { templateId: id, questionId: hasSample.id, dependencies: [dependsOn(hasSample, true)] },
      questionTypeMessages.selfDependency,
    );
    await settings(id, kind.id, { dependencies: [dependsOn(hasSample, true)] });
    await refused(
      SETTINGS,
      { templateId: id, questionId: hasSample.id, dependencies: [dependsOn(kind, 'solid')] },
      questionTypeMessages.circularDependency,
    );
    await refused(
      SETTINGS,
      { templateId: id, questionId: kind.id, dependencies: [dependsOn(details, 'x')] },
      questionTypeMessages.cannotBeDependedOn(DataType.TEXT_INPUT),
    );
    // a chain: details depends on hasSample; kind on hasSample; hasSample may not depend on details (transitive)
    await refused(
      SETTINGS,
      { templateId: id, questionId: hasSample.id, dependencies: [dependsOn(details, 'x')] },
      questionTypeMessages.cannotBeDependedOn(DataType.TEXT_INPUT),
    );
    await refused(
      SETTINGS,
      { templateId: id, questionId: kind.id, config: JSON.stringify({ variant: '' }) },
      questionMessages.variantRequired,
    );
  });

  it('archives, activates one template per group, clones and deletes templates', async () => {
    const a = await createTemplate('Active A');
    const b = await createTemplate('Active B');
    await gql(SET_ACTIVE, { g: 'PROPOSAL_QUESTIONARY', id: a.templateId });
    expect(
      (await gql<{ getActiveTemplateId: number }>(ACTIVE, { g: 'PROPOSAL_QUESTIONARY' }, t.token(APPLICANT)))
        .getActiveTemplateId,
    ).toBe(a.templateId);
    await gql(SET_ACTIVE, { g: 'PROPOSAL_QUESTIONARY', id: b.templateId });
    expect(
      (await gql<{ getActiveTemplateId: number }>(ACTIVE, { g: 'PROPOSAL_QUESTIONARY' })).getActiveTemplateId,
    ).toBe(b.templateId);
    await refused(SET_ACTIVE, { g: 'SAMPLE_DECLARATION', id: a.templateId }, templateMessages.wrongGroup);

    const archived = (
      await gql<{ updateTemplate: Template }>(UPDATE_TEMPLATE, { templateId: b.templateId, isArchived: true })
    ).updateTemplate;
    expect(archived.isArchived).toBe(true);
    expect(
      (await gql<{ getActiveTemplateId: number | null }>(ACTIVE, { g: 'PROPOSAL_QUESTIONARY' }))
        .getActiveTemplateId,
    ).toBeNull();
    await refused(
      SET_ACTIVE,
      { g: 'PROPOSAL_QUESTIONARY', id: b.templateId },
      templateMessages.archivedNotActive,
    );
    const archivedList = (
      await gql<{ getTemplates: { templateId: number }[] }>(GET_TEMPLATES, { filter: { isArchived: true } })
    ).getTemplates;
    expect(archivedList.map((x) => x.templateId)).toContain(b.templateId);

    // a clone copies topics, questions, configs and dependencies, under new topic ids
    const yes = await createQuestion(DataType.BOOLEAN);
    const follow = await createQuestion(DataType.TEXT_INPUT);
    await add(a.templateId, yes.id, a.steps[0].topic.id);
    await add(a.templateId, follow.id, a.steps[0].topic.id);
    await settings(a.templateId, follow.id, {
      config: JSON.stringify({ max: 10 }),
      dependencies: [dependsOn(yes, true)],
    });
    const source = await getTemplate(a.templateId);
    const clone = (await gql<{ cloneTemplate: Template }>(CLONE_TEMPLATE, { templateId: a.templateId }))
      .cloneTemplate;
    expect(clone.name).toBe('Copy of Active A');
    expect(clone.templateId).not.toBe(a.templateId);
    expect(clone.steps[0].topic.id).not.toBe(source.steps[0].topic.id);
    const strip = (x: Template) =>
      x.steps.map((s) => ({ title: s.topic.title, fields: s.fields.map(({ topicId: _t, ...f }) => f) }));
    expect(strip(clone)).toEqual(strip(source));

    expect(
      (
        await gql<{ deleteTemplate: { templateId: number } }>(DELETE_TEMPLATE, {
          templateId: clone.templateId,
        })
      ).deleteTemplate.templateId,
    ).toBe(clone.templateId);
    const gone = await t.gql<{ getTemplate: Template | null }>(
      GET_TEMPLATE,
      { templateId: clone.templateId },
      officer,
    );
    expect(gone.data?.getTemplate).toBeNull();
    await refused(
      DELETE_TEMPLATE,
      { templateId: clone.templateId },
      templateMessages.templateNotFound,
      'NOT_FOUND',
    );
  });

  it('keeps a PDF template: default layout, updates, JSON dummy data', async () => {
    const pdf = await createTemplate('Proposal PDF', 'PDF');
    expect(pdf.steps[0].fields).toEqual([]);
    const read = (
      await gql<{ getPdfTemplate: { templateData: string; dummyData: string } }>(GET_PDF, {
        id: pdf.templateId,
      })
    ).getPdfTemplate;
    expect(read.templateData).toContain('{{proposal.title}}');
    expect(() => JSON.parse(read.dummyData)).not.toThrow();
    const updated = (
      await gql<{ updatePdfTemplate: { templateData: string; dummyData: string } }>(UPDATE_PDF, {
        id: pdf.templateId,
        templateData: '<h1>{{proposal.title}}</h1>',
      })
    ).updatePdfTemplate;
    expect(updated).toMatchObject({ templateData: '<h1>{{proposal.title}}</h1>', dummyData: read.dummyData });
    await refused(UPDATE_PDF, { id: pdf.templateId, dummyData: '{' }, 'Dummy data must be valid JSON');
    const proposalTemplate = await createTemplate('Not a PDF');
    await refused(
      UPDATE_PDF,
      { id: proposalTemplate.templateId, templateData: 'x' },
      templateMessages.notPdfTemplate,
    );
  });

  it('fetches dynamic multiple-choice options from the configured URL, never from an internal one', async () => {
    const OPTIONS = `query($questionId: String!) { getDynamicMultipleChoiceOptions(questionId: $questionId) }`;
    const question = await createQuestion(DataType.DYNAMIC_MULTIPLE_CHOICE);
    await updateQuestion(question.id, {
      config: JSON.stringify({
        url: `http://127.0.0.1:${optionsPort}/facilities`,
        jsonPath: '$.facilities[*].name',
        apiCallRequestHeaders: [{ name: 'x-token', value: 'secret' }],
      }),
    });
    const got = await gql<{ getDynamicMultipleChoiceOptions: string[] }>(
      OPTIONS,
      { questionId: question.id },
      t.token(APPLICANT),
    );
    expect(got.getDynamicMultipleChoiceOptions).toEqual(['ISIS', 'ESS']);

    const internal = await createQuestion(DataType.DYNAMIC_MULTIPLE_CHOICE);
    await updateQuestion(internal.id, {
      config: JSON.stringify({ url: 'http://169.254.169.254/latest/meta-data', jsonPath: '' }),
    });
    const refusedFetch = await t.gql(OPTIONS, { questionId: internal.id }, t.token(APPLICANT));
    expect(refusedFetch.errors?.[0]).toMatchObject({
      message:
        'Could not load the options: The options URL points to an internal address, which is not allowed',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('logs every template change as an event', async () => {
    const template = await createTemplate('Logged');
    await gql(UPDATE_TEMPLATE, { templateId: template.templateId, name: 'Logged 2' });
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = (
      await gql<{ getEventLogs: { eventType: string; description: string }[] }>(EVENT_LOGS, {
        id: String(template.templateId),
      })
    ).getEventLogs.filter((l) => l.eventType.startsWith('Template'));
    expect(logs.map((l) => l.eventType)).toEqual(
      expect.arrayContaining(['TemplateCreated', 'TemplateUpdated']),
    );
    expect(logs.find((l) => l.eventType === 'TemplateUpdated')?.description).toBe(
      'Template "Logged 2" updated',
    );
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const OFFICER_ONLY = [Role.USER_OFFICER];
    const cases: AccessCase[] = [
      { operation: 'getTemplate', document: GET_TEMPLATE, variables: { templateId: 0 }, allowed: ANY_USER },
      { operation: 'getActiveTemplateId', document: ACTIVE, variables: { g: 'FEEDBACK' }, allowed: ANY_USER },
      { operation: 'getTemplates', document: GET_TEMPLATES, allowed: OFFICER_ONLY },
      { operation: 'getQuestions', document: GET_QUESTIONS, allowed: OFFICER_ONLY },
      {
        operation: 'getIsNaturalKeyPresent',
        document: KEY_PRESENT,
        variables: { naturalKey: 'x' },
        allowed: OFFICER_ONLY,
      },
      { operation: 'getPdfTemplate', document: GET_PDF, variables: { id: 0 }, allowed: OFFICER_ONLY },
      {
        operation: 'createTemplate',
        document: CREATE_TEMPLATE,
        variables: { groupId: 'FEEDBACK', name: '' },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'updateTemplate',
        document: UPDATE_TEMPLATE,
        variables: { templateId: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'cloneTemplate',
        document: CLONE_TEMPLATE,
        variables: { templateId: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'deleteTemplate',
        document: DELETE_TEMPLATE,
        variables: { templateId: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'setActiveTemplate',
        document: SET_ACTIVE,
        variables: { g: 'FEEDBACK', id: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'createTopic',
        document: CREATE_TOPIC,
        variables: { templateId: 0, sortOrder: 0 },
        allowed: OFFICER_ONLY,
      },
      { operation: 'updateTopic', document: UPDATE_TOPIC, variables: { id: 0 }, allowed: OFFICER_ONLY },
      { operation: 'deleteTopic', document: DELETE_TOPIC, variables: { topicId: 0 }, allowed: OFFICER_ONLY },
      {
        operation: 'updateTopicOrder',
        document: TOPIC_ORDER,
        variables: { topicOrder: [] },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'createQuestion',
        document: CREATE_QUESTION,
        variables: { categoryId: 'PROPOSAL', dataType: 'PROPOSAL_BASIS' },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'updateQuestion',
        document: UPDATE_QUESTION,
        variables: { id: 'none' },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'deleteQuestion',
        document: DELETE_QUESTION,
        variables: { questionId: 'none' },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'createQuestionTemplateRelation',
        document: ADD,
        variables: { templateId: 0, questionId: 'x', topicId: 0, sortOrder: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'updateQuestionTemplateRelation',
        document: MOVE,
        variables: { templateId: 0, questionId: 'x', topicId: 0, sortOrder: 0 },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'updateQuestionTemplateRelationSettings',
        document: SETTINGS,
        variables: { templateId: 0, questionId: 'x' },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'deleteQuestionTemplateRelation',
        document: REMOVE,
        variables: { templateId: 0, questionId: 'x' },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'getDynamicMultipleChoiceOptions',
        document: 'query { getDynamicMultipleChoiceOptions(questionId: "none") }',
        allowed: ANY_USER,
      },
      { operation: 'updatePdfTemplate', document: UPDATE_PDF, variables: { id: 0 }, allowed: OFFICER_ONLY },
    ];
    const apiToken = await apiTokenFor(t);
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
  });
});
