import {
  DataType,
  proposalRuleMessages,
  questionaryMessages,
  questionTypeMessages,
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
import { moduleStores, type TestStore } from '../../../test/support/stores';

const STEP = `topic { id title } isCompleted fields { answerId question { id naturalKey dataType } config value }`;
const CREATE_TEMPLATE = `mutation($name: String!) { createTemplate(groupId: PROPOSAL_QUESTIONARY, name: $name) { templateId steps { topic { id } } } }`;
const CREATE_TOPIC = `mutation($templateId: Int!, $sortOrder: Int!, $title: String) {
  createTopic(templateId: $templateId, sortOrder: $sortOrder, title: $title) { steps { topic { id title } } } }`;
const CREATE_QUESTION = `mutation($dataType: DataType!) { createQuestion(categoryId: PROPOSAL, dataType: $dataType) { id naturalKey } }`;
const UPDATE_QUESTION = `mutation($id: String!, $naturalKey: String, $question: String) {
  updateQuestion(id: $id, naturalKey: $naturalKey, question: $question) { id } }`;
const ADD = `mutation($templateId: Int!, $questionId: String!, $topicId: Int!) {
  createQuestionTemplateRelation(templateId: $templateId, questionId: $questionId, topicId: $topicId, sortOrder: 99) { templateId } }`;
const SETTINGS = `mutation($templateId: Int!, $questionId: String!, $config: String, $dependencies: [FieldDependencyInput!]) {
  updateQuestionTemplateRelationSettings(templateId: $templateId, questionId: $questionId, config: $config, dependencies: $dependencies) { templateId } }`;
const CREATE_QUESTIONARY = `mutation($templateId: Int!) { createQuestionary(templateId: $templateId) { questionaryId templateId isCompleted steps { ${STEP} } } }`;
const GET_QUESTIONARY = `query($id: Int!) { getQuestionary(questionaryId: $id) { questionaryId isCompleted steps { ${STEP} } } }`;
const BLANK = `query($templateId: Int!) { getBlankQuestionarySteps(templateId: $templateId) { ${STEP} } }`;
const ANSWER = `mutation($questionaryId: Int!, $topicId: Int!, $answers: [AnswerInput!]!, $isPartialSave: Boolean) {
  answerTopic(questionaryId: $questionaryId, topicId: $topicId, answers: $answers, isPartialSave: $isPartialSave) { ${STEP} } }`;
const TEMPLATE_COUNT = `query($templateId: Int!) { getTemplate(templateId: $templateId) { questionaryCount } }`;
const DELETE_TEMPLATE = `mutation($templateId: Int!) { deleteTemplate(templateId: $templateId) { templateId } }`;

interface Step {
  topic: { id: number; title: string };
  isCompleted: boolean;
  fields: {
    answerId: string | null;
    question: { id: string; naturalKey: string; dataType: string };
    config: Record<string, unknown>;
    value: unknown;
  }[];
}

const METER = { id: 'meter', unit: 'meter', quantity: 'length', symbol: 'm', siConversionFormula: 'x' };
const MM = {
  id: 'millimeter',
  unit: 'millimeter',
  quantity: 'length',
  symbol: 'mm',
  siConversionFormula: 'x / 1000',
};
const answer = (questionId: string, value: unknown) => ({ questionId, value: JSON.stringify({ value }) });

describe.each<TestStore>(moduleStores())('questionaries end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: string;
  let applicant: string;
  let templateId: number;
  let topic1: number;
  let topic2: number;
  const q: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = t.token({ id: 41 });
    applicant = t.token(APPLICANT);

    // a template: step 1 holds a required text, a number with units, an interval, a yes/no and a text shown
    // only when it is yes; step 2 a selection and a date
    const template = (
      await gql<{ createTemplate: { templateId: number; steps: { topic: { id: number } }[] } }>(
        CREATE_TEMPLATE,
        { name: 'Beamtime' },
      )
    ).createTemplate;
    templateId = template.templateId;
    topic1 = template.steps[0].topic.id;
    const withTopic = (
      await gql<{ createTopic: { steps: { topic: { id: number } }[] } }>(CREATE_TOPIC, {
        templateId,
        sortOrder: 1,
        title: 'Sample',
      })
    ).createTopic;
    topic2 = withTopic.steps[1].topic.id;
    const make = async (
      key: string,
      dataType: DataType,
      topicId: number,
      config: Record<string, unknown>,
    ) => {
      const created = (await gql<{ createQuestion: { id: string } }>(CREATE_QUESTION, { dataType }))
        .createQuestion;
      await gql(UPDATE_QUESTION, { id: created.id, naturalKey: `${key}_${store}`, question: key });
      await gql(ADD, { templateId, questionId: created.id, topicId });
      await gql(SETTINGS, { templateId, questionId: created.id, config: JSON.stringify(config) });
      q[key] = created.id;
    };
    await make('aim', DataType.TEXT_INPUT, topic1, { required: true, max: 20 });
    await make('thickness', DataType.NUMBER_INPUT, topic1, {
      required: true,
      units: [METER, MM],
      numberValueConstraint: 'ONLY_POSITIVE',
    });
    await make('range', DataType.INTERVAL, topic1, { units: [MM] });
    await make('toxic', DataType.BOOLEAN, topic1, {});
    await make('toxic_details', DataType.TEXT_INPUT, topic1, { required: true });
    await gql(SETTINGS, {
      templateId,
      questionId: q.toxic_details,
      dependencies: [
        {
          dependencyId: q.toxic,
          dependencyNaturalKey: `toxic_${store}`,
          condition: { condition: 'eq', params: 'true' },
        },
      ],
    });
    await make('state', DataType.SELECTION_FROM_OPTIONS, topic2, {
      required: true,
      options: ['solid', 'liquid'],
      variant: 'radio',
    });
    await make('arrival', DataType.DATE, topic2, { required: false });
  });
  afterAll(() => t.close());

  async function gql<T>(document: string, variables: Record<string, unknown> = {}, token = officer) {
    const res = await t.gql<T>(document, variables, token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }
  const newQuestionary = async (token = applicant) =>
    (
      await gql<{ createQuestionary: { questionaryId: number; steps: Step[] } }>(
        CREATE_QUESTIONARY,
        { templateId },
        token,
      )
    ).createQuestionary;
  const save = async (
    questionaryId: number,
    topicId: number,
    answers: unknown[],
    isPartialSave = false,
    token = applicant,
  ) =>
    (await gql<{ answerTopic: Step }>(ANSWER, { questionaryId, topicId, answers, isPartialSave }, token))
      .answerTopic;
  const valueOf = (step: Step, questionId: string) =>
    step.fields.find((f) => f.question.id === questionId)?.value;
  const refused = async (
    variables: Record<string, unknown>,
    message: string,
    code = 'BAD_USER_INPUT',
    token = applicant,
  ) => {
    const before = await head();
    const res = await t.gql(ANSWER, variables, token);
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code } });
    expect(await head()).toBe(before);
    return res.errors![0];
  };

  it('serves blank steps and creates an empty questionary the template counts', async () => {
    const blank = (await gql<{ getBlankQuestionarySteps: Step[] }>(BLANK, { templateId }, applicant))
      .getBlankQuestionarySteps;
    expect(blank.map((s) => [s.topic.title, s.isCompleted, s.fields.map((f) => f.question.id)])).toEqual([
      ['New topic', false, ['proposal_basis', q.aim, q.thickness, q.range, q.toxic, q.toxic_details]],
      ['Sample', false, [q.state, q.arrival]],
    ]);
    expect(blank[0].fields.find((f) => f.question.id === q.aim)?.config).toMatchObject({
      required: true,
      max: 20,
    });
    const created = await newQuestionary();
    expect(created.steps.every((s) => !s.isCompleted && s.fields.every((f) => f.value === null))).toBe(true);
    expect(
      (await gql<{ getTemplate: { questionaryCount: number } }>(TEMPLATE_COUNT, { templateId })).getTemplate
        .questionaryCount,
    ).toBeGreaterThan(0);
    const del = await t.gql(DELETE_TEMPLATE, { templateId }, officer);
    expect(del.errors?.[0].message).toMatch(
      /^The template is in use \(\d+ questionaries\): archive it instead$/,
    );
  });

  it('keeps a partial save incomplete and checks only what was given', async () => {
    const { questionaryId } = await newQuestionary();
    const step = await save(questionaryId, topic1, [answer(q.aim, 'Magnetism')], true);
    expect(step.isCompleted).toBe(false);
    expect(valueOf(step, q.aim)).toBe('Magnetism');
    await refused(
      { questionaryId, topicId: topic1, answers: [answer(q.aim, 'x'.repeat(21))], isPartialSave: true },
      questionTypeMessages.textMax(20),
    );
  });

  it('validates every visible question on Save and continue, stores SI values computed by the server', async () => {
    const { questionaryId } = await newQuestionary();
    const error = await refused(
      { questionaryId, topicId: topic1, answers: [answer(q.aim, 'Magnetism')], isPartialSave: false },
      questionTypeMessages.requiredField,
    );
    expect(error.extensions?.fieldErrors).toEqual({ [q.thickness]: questionTypeMessages.requiredField });
    await refused(
      {
        questionaryId,
        topicId: topic1,
        answers: [answer(q.aim, 'Magnetism'), answer(q.thickness, { value: -2, unit: MM })],
      },
      questionTypeMessages.onlyPositive,
    );
    await refused(
      {
        questionaryId,
        topicId: topic1,
        answers: [answer(q.aim, 'M'), answer(q.thickness, { value: 2, unit: { ...METER, id: 'inch' } })],
      },
      questionTypeMessages.unitNotOffered,
    );
    await refused(
      {
        questionaryId,
        topicId: topic1,
        answers: [
          answer(q.aim, 'M'),
          answer(q.thickness, { value: 2, unit: MM }),
          answer(q.range, { min: 5, max: 1, unit: MM }),
        ],
      },
      questionTypeMessages.intervalMinAboveMax,
    );

    // the client's formula is ignored: the config's unit converts
    const step = await save(questionaryId, topic1, [
      answer(q.aim, 'Magnetism'),
      answer(q.thickness, { value: 2.5, unit: { ...MM, siConversionFormula: 'x * 999' } }),
      answer(q.range, { min: 1, max: 4, unit: MM }),
      answer(q.toxic, false),
    ]);
    expect(step.isCompleted).toBe(true);
    expect(valueOf(step, q.thickness)).toEqual({ value: 2.5, unit: MM, siValue: 0.0025 });
    expect(valueOf(step, q.range)).toEqual({ min: 1, max: 4, unit: MM, siMin: 0.001, siMax: 0.004 });
    const saved = (
      await gql<{ getQuestionary: { isCompleted: boolean; steps: Step[] } }>(
        GET_QUESTIONARY,
        { id: questionaryId },
        applicant,
      )
    ).getQuestionary;
    expect(saved.steps.map((s) => s.isCompleted)).toEqual([true, false]);
    expect(saved.isCompleted).toBe(false);
    const last = await save(questionaryId, topic2, [answer(q.state, ['solid']), answer(q.arrival, null)]);
    expect(last.isCompleted).toBe(true);
    expect(
      (
        await gql<{ getQuestionary: { isCompleted: boolean } }>(
          GET_QUESTIONARY,
          { id: questionaryId },
          applicant,
        )
      ).getQuestionary.isCompleted,
    ).toBe(true);
  });

  it('requires a question only while its dependency shows it, and drops the answers of hidden questions', async () => {
    const { questionaryId } = await newQuestionary();
    const base = [answer(q.aim, 'Chemistry'), answer(q.thickness, { value: 1, unit: METER })];
    await refused(
      { questionaryId, topicId: topic1, answers: [...base, answer(q.toxic, true)] },
      questionTypeMessages.requiredField,
    );
    let step = await save(questionaryId, topic1, [
      ...base,
      answer(q.toxic, true),
      answer(q.toxic_details, 'Beryllium'),
    ]);
    expect(valueOf(step, q.toxic_details)).toBe('Beryllium');
    step = await save(questionaryId, topic1, [
      ...base,
      answer(q.toxic, false),
      answer(q.toxic_details, 'still here'),
    ]);
    expect(step.isCompleted).toBe(true);
    expect(valueOf(step, q.toxic_details)).toBeNull();
    expect(step.fields.find((f) => f.question.id === q.toxic_details)?.answerId).toBeNull();
  });

  it('refuses answers that are not JSON-wrapped, questions of another step, unknown steps, other users', async () => {
    const { questionaryId } = await newQuestionary();
    await refused(
      {
        questionaryId,
        topicId: topic1,
        answers: [{ questionId: q.aim, value: 'plain' }],
        isPartialSave: true,
      },
      questionaryMessages.answerNotJson,
    );
    await refused(
      { questionaryId, topicId: topic1, answers: [answer(q.state, ['solid'])], isPartialSave: true },
      questionaryMessages.questionNotOnStep(q.state),
    );
    await refused(
      { questionaryId, topicId: 999999, answers: [], isPartialSave: true },
      questionaryMessages.topicNotInQuestionary,
      'NOT_FOUND',
    );
    await refused(
      { questionaryId: 999999, topicId: topic1, answers: [] },
      questionaryMessages.notFound,
      'NOT_FOUND',
    );
    const stranger = t.token({ ...APPLICANT, id: APPLICANT.id + 1000 });
    await refused(
      { questionaryId, topicId: topic1, answers: [], isPartialSave: true },
      questionaryMessages.mayNotAnswer,
      'FORBIDDEN',
      stranger,
    );
    const read = await t.gql(GET_QUESTIONARY, { id: questionaryId }, stranger);
    // refused as the proposal is, and a questionary that does not exist alike (issue 38); officers get null
    for (const answer of [read, await t.gql(GET_QUESTIONARY, { id: 987654 }, stranger)])
      expect(answer.errors?.[0]).toMatchObject({
        message: proposalRuleMessages.mayNotRead,
        extensions: { code: 'FORBIDDEN' },
      });
    expect((await t.gql(GET_QUESTIONARY, { id: 987654 }, officer)).data).toEqual({ getQuestionary: null });
    // officers may read and answer any questionary
    expect(
      (await save(questionaryId, topic1, [answer(q.aim, 'by the office')], true, officer)).fields.length,
    ).toBeGreaterThan(0);
  });

  it('loses no answer when many saves of one questionary race', async () => {
    const { questionaryId } = await newQuestionary();
    const saves = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? t.gql(
            ANSWER,
            { questionaryId, topicId: topic1, answers: [answer(q.aim, `aim ${i}`)], isPartialSave: true },
            applicant,
          )
        : t.gql(
            ANSWER,
            {
              questionaryId,
              topicId: topic2,
              answers: [answer(q.arrival, `2030-01-${String(i).padStart(2, '0')}`)],
              isPartialSave: true,
            },
            applicant,
          ),
    );
    const results = await Promise.all(saves);
    const failed = results.filter((r) => r.errors);
    // every save either landed or was told CONFLICT (the client may retry); none is silently lost
    expect(failed.every((r) => r.errors?.[0].extensions?.code === 'CONFLICT')).toBe(true);
    const landed = results.length - failed.length;
    expect(landed).toBeGreaterThanOrEqual(1);
    const events = t.app.get<EventStore>(EVENT_STORE);
    const stream = await events.readStream(`questionary-${questionaryId}`);
    expect(stream.filter((e) => e.type === 'TopicAnswered')).toHaveLength(landed);
    const final = (
      await gql<{ getQuestionary: { steps: Step[] } }>(GET_QUESTIONARY, { id: questionaryId }, applicant)
    ).getQuestionary;
    // each step holds one of the values whose save landed, or nothing if every save of that step conflicted
    const landedValues = (topic: number) =>
      results.flatMap((r, i) => (r.errors || (i % 2 === 0) !== (topic === topic1) ? [] : [i]));
    const aims = landedValues(topic1).map((i) => `aim ${i}`);
    const arrivals = landedValues(topic2).map((i) => `2030-01-${String(i).padStart(2, '0')}`);
    expect(aims.length + arrivals.length).toBe(landed);
    if (aims.length) expect(aims).toContain(valueOf(final.steps[0], q.aim));
    else expect(valueOf(final.steps[0], q.aim)).toBeNull();
    if (arrivals.length) expect(arrivals).toContain(valueOf(final.steps[1], q.arrival));
    else expect(valueOf(final.steps[1], q.arrival)).toBeNull();
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const cases: AccessCase[] = [
      {
        operation: 'createQuestionary',
        document: CREATE_QUESTIONARY,
        variables: { templateId: 0 },
        allowed: ANY_USER,
      },
      { operation: 'getQuestionary', document: GET_QUESTIONARY, variables: { id: 0 }, allowed: ANY_USER },
      {
        operation: 'getBlankQuestionarySteps',
        document: BLANK,
        variables: { templateId: 0 },
        allowed: ANY_USER,
      },
      {
        operation: 'answerTopic',
        document: ANSWER,
        variables: { questionaryId: 0, topicId: 0, answers: [] },
        allowed: ANY_USER,
      },
    ];
    const apiToken = await apiTokenFor(t);
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
  });
});
