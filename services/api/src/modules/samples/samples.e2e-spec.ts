import {
  proposalRuleMessages,
  questionaryMessages,
  questionMessages,
  questionTypeMessages,
  Role,
  SafetyStatus,
  subTemplateMessages,
} from '@user-office/contracts';
import {
  ANY_USER,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { createTestApp, type GraphqlResponse, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const M = subTemplateMessages;
const QUESTIONARY = `questionary { questionaryId isCompleted steps { isCompleted fields { question { id } value } } }`;
const SAMPLE = `id title creatorId questionaryId templateId safetyStatus safetyComment isPostProposalSubmission created
  proposalPk questionId ${QUESTIONARY}`;
const CREATE = `mutation($title: String!, $templateId: Int, $proposalPk: Int, $questionId: String, $post: Boolean) {
  createSample(title: $title, templateId: $templateId, proposalPk: $proposalPk, questionId: $questionId, isPostProposalSubmission: $post) { ${SAMPLE} } }`;
const UPDATE = `mutation($id: Int!, $title: String, $status: SafetyStatus, $comment: String) {
  updateSample(sampleId: $id, title: $title, safetyStatus: $status, safetyComment: $comment) { ${SAMPLE} } }`;
const CLONE = `mutation($id: Int!, $title: String, $post: Boolean) {
  cloneSample(sampleId: $id, title: $title, isPostProposalSubmission: $post) { ${SAMPLE} } }`;
const DELETE = `mutation($id: Int!) { deleteSample(sampleId: $id) { id } }`;
const GET = `query($id: Int!) { getSample(sampleId: $id) { ${SAMPLE} } }`;
const WITH_STATUS = `query($filter: SamplesFilter) { getSamplesWithQuestionaryStatus(filter: $filter) {
  id title isPostProposalSubmission isCompleted questionary { isCompleted } } }`;
const CREATE_GENERIC = `mutation($title: String!, $templateId: Int, $proposalPk: Int, $questionId: String) {
  createGenericTemplate(title: $title, templateId: $templateId, proposalPk: $proposalPk, questionId: $questionId) { id questionaryId } }`;
const DELETE_GENERIC = `mutation($id: Int!) { deleteGenericTemplate(genericTemplateId: $id) { id } }`;
const CREATE_PROPOSAL = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE_PROPOSAL = `mutation($pk: Int!, $users: [Int!]) {
  updateProposal(proposalPk: $pk, title: "Phonons", abstract: "Inelastic scattering.", users: $users) { primaryKey } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { submitted } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!, $partial: Boolean) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers, isPartialSave: $partial) { isCompleted fields { question { id } value } } }`;
const SETTINGS = `mutation($templateId: Int!, $questionId: String!, $config: String) {
  updateQuestionTemplateRelationSettings(templateId: $templateId, questionId: $questionId, config: $config) { templateId } }`;

interface Sample {
  id: number;
  title: string;
  creatorId: number;
  questionaryId: number;
  templateId: number;
  safetyStatus: SafetyStatus;
  safetyComment: string;
  isPostProposalSubmission: boolean;
  proposalPk: number;
  questionId: string;
  questionary: {
    questionaryId: number;
    isCompleted: boolean;
    steps: { isCompleted: boolean; fields: { question: { id: string }; value: unknown }[] }[];
  };
}
interface Proposal {
  primaryKey: number;
  questionaryId: number;
}
const answer = (questionId: string, value: unknown) => ({ questionId, value: JSON.stringify({ value }) });

describe.each<TestStore>(moduleStores())('samples end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let events: EventStore;
  let officer: TestUser;
  let reviewer: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  /** the SAMPLE_DECLARATION template (basis + a required text on its first step) and another one */
  const sampleTemplate = { templateId: 0, topicId: 0, textId: '', otherTemplateId: 0 };
  /** a GENERIC_TEMPLATE template on the same proposal template (no minimum), to check both owners together */
  const genericTemplate = { templateId: 0, topicId: 0, textId: '' };
  /** the proposal template's SAMPLE_DECLARATION (minEntries 1, maxEntries 2) and GENERIC_TEMPLATE questions */
  let questionId: string;
  let genericQuestionId: string;

  const gqlAs = async <T>(token: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await t.gql<T>(query, variables, token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  const gql = <T>(query: string, variables: Record<string, unknown>, user: TestUser) =>
    gqlAs<T>(user.token, query, variables);
  /** reactions (the workflow engine) append on their own after some events: let them finish first */
  const settle = async () => {
    for (let i = 0; i < 3; i++) await t.projections.waitFor(await head());
  };
  /**
   * The events appended after `before` by users (requests), not by the System: reactions and jobs of earlier
   * requests (workflow, status actions) may still append on their own while a test runs.
   */
  const appendedByUsers = async (before: number) =>
    (await events.readAll({ after: before, limit: 1000 })).filter((e) => e.metadata.actorId !== null);
  let correlation = 0;
  /** The request fails with this message and code, and appends nothing (no event carries its correlation id). */
  const refused = async (
    query: string,
    variables: Record<string, unknown>,
    user: TestUser,
    message: string,
    code = 'BAD_USER_INPUT',
  ) => {
    await settle();
    const before = await head();
    const correlationId = `refused-${store}-${++correlation}`;
    const res = await t
      .http()
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('authorization', `Bearer ${user.token}`)
      .set('x-correlation-id', correlationId)
      .send({ query, variables });
    const body = res.body as GraphqlResponse;
    expect(body.errors?.[0]).toMatchObject({ message, extensions: { code } });
    const appended = await events.readAll({ after: before, limit: 1000 });
    expect(appended.filter((e) => e.metadata.correlationId === correlationId)).toEqual([]);
  };

  const makeTemplate = async (groupId: string, name: string) => {
    const { createTemplate } = await gqlAs<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      officer.token,
      `mutation($name: String!) { createTemplate(groupId: ${groupId}, name: $name) { templateId steps { topic { id } } } }`,
      { name },
    );
    return { templateId: createTemplate.templateId, topicId: createTemplate.steps[0].topic.id };
  };
  const placeQuestion = async (
    categoryId: string,
    dataType: string,
    templateId: number,
    topicId: number,
    config: Record<string, unknown>,
  ) => {
    const { createQuestion } = await gqlAs<{ createQuestion: { id: string } }>(
      officer.token,
      `mutation { createQuestion(categoryId: ${categoryId}, dataType: ${dataType}) { id } }`,
    );
    await gqlAs(
      officer.token,
      `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 5) { templateId } }`,
      { t: templateId, q: createQuestion.id, topic: topicId },
    );
    await gqlAs(officer.token, SETTINGS, {
      templateId,
      questionId: createQuestion.id,
      config: JSON.stringify(config),
    });
    return createQuestion.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ store });
    events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    reviewer = await createUser(t, { role: Role.EXPERIMENT_SAFETY_REVIEWER, firstname: 'Safia' });
    pi = await createUser(t, { firstname: 'Pia' });
    coProposer = await createUser(t, { firstname: 'Cole' });
    stranger = await createUser(t, { firstname: 'Stan' });
    call = await createOpenCall(t, officer.token);
    Object.assign(sampleTemplate, await makeTemplate('SAMPLE_DECLARATION', 'Sample'));
    sampleTemplate.textId = await placeQuestion(
      'SAMPLE',
      'TEXT_INPUT',
      sampleTemplate.templateId,
      sampleTemplate.topicId,
      { required: true },
    );
    sampleTemplate.otherTemplateId = (await makeTemplate('SAMPLE_DECLARATION', 'Other sample')).templateId;
    questionId = await placeQuestion('PROPOSAL', 'SAMPLE_DECLARATION', call.templateId, call.topicId, {
      templateId: sampleTemplate.templateId,
      minEntries: 1,
      maxEntries: 2,
      addEntryButtonLabel: 'Add sample',
    });
    Object.assign(genericTemplate, await makeTemplate('GENERIC_TEMPLATE', 'Equipment'));
    genericTemplate.textId = await placeQuestion(
      'GENERIC_TEMPLATE',
      'TEXT_INPUT',
      genericTemplate.templateId,
      genericTemplate.topicId,
      { required: true },
    );
    genericQuestionId = await placeQuestion('PROPOSAL', 'GENERIC_TEMPLATE', call.templateId, call.topicId, {
      templateId: genericTemplate.templateId,
      addEntryButtonLabel: 'Add equipment',
    });
  });
  afterAll(() => t.close());

  const newProposal = async (user = pi, users: number[] = [coProposer.id]) => {
    const { createProposal } = await gql<{ createProposal: Proposal }>(
      CREATE_PROPOSAL,
      { callId: call.callId },
      user,
    );
    await gql(UPDATE_PROPOSAL, { pk: createProposal.primaryKey, users }, user);
    return createProposal;
  };
  const vars = (proposal: Proposal, title = 'Quartz', post = false) => ({
    title,
    templateId: sampleTemplate.templateId,
    proposalPk: proposal.primaryKey,
    questionId,
    post,
  });
  const create = async (proposal: Proposal, title = 'Quartz', post = false, user = pi) =>
    (await gql<{ createSample: Sample }>(CREATE, vars(proposal, title, post), user)).createSample;
  const complete = (sample: { questionaryId: number }, user = pi) =>
    gql(
      ANSWER,
      {
        q: sample.questionaryId,
        topic: sampleTemplate.topicId,
        answers: [answer(sampleTemplate.textId, 'solid')],
      },
      user,
    );
  const saveParent = (proposal: Proposal, items: unknown) =>
    t.gql<{ answerTopic: { isCompleted: boolean; fields: { question: { id: string }; value: unknown }[] } }>(
      ANSWER,
      {
        q: proposal.questionaryId,
        topic: call.topicId,
        answers: [answer(call.questionId, 'aim'), answer(questionId, items), answer(genericQuestionId, [])],
      },
      pi.token,
    );

  it('declares samples pending evaluation; members rename, clone and delete them; up to maxEntries', async () => {
    const proposal = await newProposal();
    const sample = await create(proposal);
    expect(sample).toMatchObject({
      title: 'Quartz',
      creatorId: pi.id,
      templateId: sampleTemplate.templateId,
      safetyStatus: SafetyStatus.PENDING_EVALUATION,
      safetyComment: '',
      isPostProposalSubmission: false,
      proposalPk: proposal.primaryKey,
      questionId,
      questionary: { isCompleted: false },
    });
    const renamed = (
      await gql<{ updateSample: Sample }>(UPDATE, { id: sample.id, title: 'Garnet' }, coProposer)
    ).updateSample;
    expect(renamed.title).toBe('Garnet');
    const step = (
      await gql<{ answerTopic: { fields: { question: { id: string }; value: unknown }[] } }>(
        ANSWER,
        {
          q: sample.questionaryId,
          topic: sampleTemplate.topicId,
          answers: [answer('sample_basis', ''), answer(sampleTemplate.textId, 'solid')],
        },
        pi,
      )
    ).answerTopic;
    expect(step.fields.find((f) => f.question.id === 'sample_basis')?.value).toBe('Garnet');

    const clone = (await gql<{ cloneSample: Sample }>(CLONE, { id: sample.id }, pi)).cloneSample;
    expect(clone).toMatchObject({
      title: 'Copy of Garnet',
      safetyStatus: SafetyStatus.PENDING_EVALUATION,
      questionary: { isCompleted: true },
    });
    await refused(CREATE, vars(proposal, 'Third'), pi, questionTypeMessages.samplesAtMost(2));
    await refused(CLONE, { id: sample.id, title: 'Third' }, pi, questionTypeMessages.samplesAtMost(2));

    const list = (
      await gql<{ getSamplesWithQuestionaryStatus: { id: number; isCompleted: boolean }[] }>(
        WITH_STATUS,
        { filter: { proposalPk: proposal.primaryKey, questionId } },
        coProposer,
      )
    ).getSamplesWithQuestionaryStatus;
    expect(list).toEqual([
      expect.objectContaining({ id: sample.id, isCompleted: true }),
      expect.objectContaining({ id: clone.id, isCompleted: true }),
    ]);

    await refused(GET, { id: sample.id }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(UPDATE, { id: sample.id, title: 'Mine' }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(CLONE, { id: sample.id }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(DELETE, { id: sample.id }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(CREATE, vars(proposal), stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(
      ANSWER,
      {
        q: sample.questionaryId,
        topic: sampleTemplate.topicId,
        answers: [answer(sampleTemplate.textId, 'x')],
      },
      stranger,
      questionaryMessages.mayNotAnswer,
      'FORBIDDEN',
    );
    expect(
      (
        await gql<{ getSamplesWithQuestionaryStatus: unknown[] }>(
          WITH_STATUS,
          { filter: { proposalPk: proposal.primaryKey } },
          stranger,
        )
      ).getSamplesWithQuestionaryStatus,
    ).toEqual([]);
    await refused(UPDATE, { id: sample.id, title: ' ' }, pi, questionMessages.requiredField);

    expect((await gql<{ deleteSample: { id: number } }>(DELETE, { id: clone.id }, pi)).deleteSample.id).toBe(
      clone.id,
    );
    // a deleted sample is not found: refused like a proposal the caller may not read (issue 38: a missing id tells
    // nothing)
    await refused(GET, { id: clone.id }, pi, proposalRuleMessages.mayNotRead, 'FORBIDDEN');
    await refused(DELETE, { id: clone.id }, pi, M.sampleNotFound, 'NOT_FOUND');
  });

  it('lets only officers and experiment safety reviewers evaluate safety; reviewers neither read nor evaluate a sample before an ESI', async () => {
    const proposal = await newProposal();
    const sample = await create(proposal);
    await refused(UPDATE, { id: sample.id, status: 'LOW_RISK' }, pi, M.mayNotEvaluateSafety, 'FORBIDDEN');
    await refused(
      UPDATE,
      { id: sample.id, title: 'Quartz 2', comment: 'fine' },
      coProposer,
      M.mayNotEvaluateSafety,
      'FORBIDDEN',
    );
    // issue 38: a safety reviewer reads a proposal (and its samples) once one of its ESIs is submitted (the one read
    // rule), not before: this proposal has none
    await refused(GET, { id: sample.id }, reviewer, proposalRuleMessages.mayNotRead, 'FORBIDDEN');
    const read = await t.gql<{ getQuestionary: { questionaryId: number } }>(
      'query($id: Int!) { getQuestionary(questionaryId: $id) { questionaryId } }',
      { id: sample.questionaryId },
      reviewer.token,
    );
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(
      (
        await gql<{ getSamplesWithQuestionaryStatus: { id: number }[] }>(WITH_STATUS, {}, reviewer)
      ).getSamplesWithQuestionaryStatus.map((s) => s.id),
    ).not.toContain(sample.id);

    // reading nothing of it, they evaluate nothing of it: the write is refused as the read is (they evaluate the
    // samples of a submitted ESI, experiments.e2e-spec.ts), and nothing is appended
    await refused(
      UPDATE,
      { id: sample.id, status: 'HIGH_RISK', comment: 'Radioactive' },
      reviewer,
      proposalRuleMessages.mayNotRead,
      'FORBIDDEN',
    );
    // nor rename, nor answer (no member)
    await refused(UPDATE, { id: sample.id, title: 'Other' }, reviewer, M.mayNotRead, 'FORBIDDEN');
    await refused(
      ANSWER,
      {
        q: sample.questionaryId,
        topic: sampleTemplate.topicId,
        answers: [answer(sampleTemplate.textId, 'x')],
      },
      reviewer,
      questionaryMessages.mayNotAnswer,
      'FORBIDDEN',
    );
    const evaluated = (
      await gql<{ updateSample: Sample }>(
        UPDATE,
        { id: sample.id, status: 'HIGH_RISK', comment: 'Radioactive' },
        officer,
      )
    ).updateSample;
    expect(evaluated).toMatchObject({
      safetyStatus: 'HIGH_RISK',
      safetyComment: 'Radioactive',
      title: 'Quartz',
    });
    const byOfficer = (
      await gql<{ updateSample: Sample }>(UPDATE, { id: sample.id, status: 'LOW_RISK' }, officer)
    ).updateSample;
    expect(byOfficer).toMatchObject({ safetyStatus: 'LOW_RISK', safetyComment: 'Radioactive' });
    // a clone is a new sample: pending evaluation again
    expect((await gql<{ cloneSample: Sample }>(CLONE, { id: sample.id }, pi)).cloneSample.safetyStatus).toBe(
      SafetyStatus.PENDING_EVALUATION,
    );
  });

  it('refuses samples without proposal context, template or a matching question (§5, §8), appending nothing', async () => {
    const proposal = await newProposal();
    const base = vars(proposal);
    await refused(CREATE, { ...base, proposalPk: 0 }, pi, M.missingProposalOrQuestion);
    await refused(CREATE, { ...base, proposalPk: -3 }, pi, M.missingProposalOrQuestion);
    await refused(CREATE, { ...base, questionId: null }, pi, M.missingProposalOrQuestion);
    await refused(CREATE, { ...base, templateId: null }, pi, M.missingTemplateId);
    await refused(CREATE, { ...base, proposalPk: 999999 }, pi, M.sampleMissingProposalContext);
    await refused(CREATE, { ...base, title: '' }, pi, questionMessages.requiredField);
    await refused(CREATE, { ...base, questionId: call.questionId }, pi, M.notSampleDeclarationQuestion);
    await refused(CREATE, { ...base, questionId: 'nowhere' }, pi, M.questionNotOnProposal);
    await refused(
      CREATE,
      { ...base, templateId: sampleTemplate.otherTemplateId },
      pi,
      M.templateNotOfQuestion,
    );
  });

  it('enforces the declaration on the parent step and submission; afterwards only post-submission samples change', async () => {
    const proposal = await newProposal();
    let res = await saveParent(proposal, [4242]);
    expect(res.errors?.[0].message).toBe(questionTypeMessages.samplesAtLeast(1));
    const first = await create(proposal, 'First');
    res = await saveParent(proposal, []);
    expect(res.errors?.[0].message).toBe(questionTypeMessages.samplesIncomplete);
    await complete(first);
    const second = await create(proposal, 'Second');
    await refused(SUBMIT, { pk: proposal.primaryKey }, pi, proposalRuleMessages.incomplete);
    res = await saveParent(proposal, [first.id]);
    expect(res.errors?.[0].message).toBe(questionTypeMessages.samplesIncomplete);
    await complete(second);
    res = await saveParent(proposal, []);
    expect(res.errors).toBeUndefined();
    expect(res.data!.answerTopic.fields.find((f) => f.question.id === questionId)?.value).toEqual([
      first.id,
      second.id,
    ]);
    // an incomplete sample added after the step was saved stops the submission
    await gql(DELETE, { id: second.id }, pi);
    const third = await create(proposal, 'Third');
    await refused(SUBMIT, { pk: proposal.primaryKey }, pi, questionTypeMessages.samplesIncomplete);
    await complete(third);
    expect(
      (await gql<{ submitProposal: { submitted: boolean } }>(SUBMIT, { pk: proposal.primaryKey }, pi))
        .submitProposal.submitted,
    ).toBe(true);

    // submitted: the declared samples stay
    await refused(DELETE, { id: first.id }, pi, M.onlyPostSubmissionSamplesDeleted);
    await refused(DELETE, { id: first.id }, officer, M.onlyPostSubmissionSamplesDeleted);
    await refused(UPDATE, { id: first.id, title: 'Late' }, pi, M.proposalNotEditable);
    await refused(CREATE, vars(proposal, 'Late'), pi, M.proposalNotEditable);
    // post-submission samples: created beyond maxEntries, answered, renamed, deleted by members
    const late = await create(proposal, 'Late', true, coProposer);
    expect(late.isPostProposalSubmission).toBe(true);
    await complete(late, coProposer);
    expect(
      (await gql<{ updateSample: Sample }>(UPDATE, { id: late.id, title: 'Later' }, pi)).updateSample.title,
    ).toBe('Later');
    const lateClone = (await gql<{ cloneSample: Sample }>(CLONE, { id: first.id, post: true }, pi))
      .cloneSample;
    expect(lateClone.isPostProposalSubmission).toBe(true);
    await refused(CLONE, { id: first.id }, pi, M.proposalNotEditable);
    await refused(DELETE, { id: late.id }, stranger, M.mayNotRead, 'FORBIDDEN');
    expect((await gql<{ deleteSample: { id: number } }>(DELETE, { id: late.id }, pi)).deleteSample.id).toBe(
      late.id,
    );
    expect(
      (
        await gql<{ getSamplesWithQuestionaryStatus: { id: number }[] }>(
          WITH_STATUS,
          { filter: { proposalPk: proposal.primaryKey, isPostProposalSubmission: false } },
          pi,
        )
      ).getSamplesWithQuestionaryStatus.map((s) => s.id),
    ).toEqual([first.id, third.id]);
  });

  it('checks each question against its own items when sample and sub-template ids coincide', async () => {
    const proposal = await newProposal();
    const sample = await create(proposal, 'Shared id');
    // create (and drop) sub-template items until one gets the sample's id, or samples until they meet
    let item = { id: 0, questionaryId: 0 };
    let current = sample;
    for (let i = 0; i < 60 && item.id !== current.id; i++) {
      if (item.id !== 0 && item.id < current.id) await gql(DELETE_GENERIC, { id: item.id }, pi);
      if (item.id === 0 || item.id < current.id) {
        item = (
          await gql<{ createGenericTemplate: { id: number; questionaryId: number } }>(
            CREATE_GENERIC,
            {
              title: 'Shared id',
              templateId: genericTemplate.templateId,
              proposalPk: proposal.primaryKey,
              questionId: genericQuestionId,
            },
            pi,
          )
        ).createGenericTemplate;
      } else {
        await gql(DELETE, { id: current.id }, pi);
        current = await create(proposal, 'Shared id');
      }
    }
    expect(item.id).toBe(current.id);
    const saveBoth = () =>
      t.gql(
        ANSWER,
        {
          q: proposal.questionaryId,
          topic: call.topicId,
          answers: [answer(call.questionId, 'aim'), answer(questionId, []), answer(genericQuestionId, [])],
        },
        pi.token,
      );
    const completeItem = (partial: boolean) =>
      gql(
        ANSWER,
        {
          q: item.questionaryId,
          topic: genericTemplate.topicId,
          answers: [answer(genericTemplate.textId, 'x')],
          partial,
        },
        pi,
      );

    await completeItem(false);
    expect((await saveBoth()).errors?.[0].message).toBe(questionTypeMessages.samplesIncomplete);
    await complete(current);
    await completeItem(true);
    expect((await saveBoth()).errors?.[0].message).toBe(questionMessages.genericTemplatesIncomplete);
    await completeItem(false);
    expect((await saveBoth()).errors).toBeUndefined();
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const cases: AccessCase[] = [
      {
        operation: 'createSample',
        document: CREATE,
        variables: { title: 'x', templateId: 0, proposalPk: 0, questionId: '' },
        allowed: ANY_USER,
      },
      { operation: 'updateSample', document: UPDATE, variables: { id: 0 }, allowed: ANY_USER },
      { operation: 'cloneSample', document: CLONE, variables: { id: 0 }, allowed: ANY_USER },
      { operation: 'deleteSample', document: DELETE, variables: { id: 0 }, allowed: ANY_USER },
      { operation: 'getSample', document: GET, variables: { id: 0 }, allowed: ANY_USER },
      {
        operation: 'getSamplesWithQuestionaryStatus',
        document: WITH_STATUS,
        variables: { filter: { proposalPk: 0 } },
        allowed: ANY_USER,
      },
    ];
    const apiToken = await apiTokenFor(t);
    await settle();
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await appendedByUsers(before)).toEqual([]);
  });
});
