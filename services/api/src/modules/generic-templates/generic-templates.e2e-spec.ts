import {
  proposalRuleMessages,
  questionaryMessages,
  questionMessages,
  Role,
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
const QUESTIONARY = `questionary { questionaryId isCompleted steps { topic { id } isCompleted fields { question { id } value } } }`;
const ITEM = `id title creatorId questionaryId created proposalPk questionId templateId ${QUESTIONARY}`;
const CREATE = `mutation($title: String!, $templateId: Int, $proposalPk: Int, $questionId: String) {
  createGenericTemplate(title: $title, templateId: $templateId, proposalPk: $proposalPk, questionId: $questionId) { ${ITEM} } }`;
const COPY = `mutation($templateId: Int, $proposalPk: Int, $questionId: String, $copies: [CopyAnswerInput!]) {
  createGenericTemplateWithCopiedAnswers(templateId: $templateId, proposalPk: $proposalPk, questionId: $questionId, copyAnswersInput: $copies) { ${ITEM} } }`;
const UPDATE = `mutation($id: Int!, $title: String!) { updateGenericTemplate(genericTemplateId: $id, title: $title) { ${ITEM} } }`;
const CLONE = `mutation($id: Int!, $title: String) { cloneGenericTemplate(genericTemplateId: $id, title: $title) { ${ITEM} } }`;
const DELETE = `mutation($id: Int!) { deleteGenericTemplate(genericTemplateId: $id) { id title } }`;
const GET = `query($id: Int!) { getGenericTemplate(genericTemplateId: $id) { ${ITEM} } }`;
const GET_MINIMAL = `query($id: Int!) { getGenericTemplateMinimal(genericTemplateId: $id) { id title } }`;
const WITH_STATUS = `query($filter: GenericTemplatesFilter) { getGenericTemplatesWithQuestionaryStatus(filter: $filter) {
  id title proposalPk isCompleted questionary { isCompleted } } }`;
const ON_COPY = `query($filter: GenericTemplatesOnCopyFilter!) { getGenericTemplatesOnCopy(filter: $filter) { id title proposalPk questionaryId } }`;
const CREATE_PROPOSAL = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE_PROPOSAL = `mutation($pk: Int!, $users: [Int!]) {
  updateProposal(proposalPk: $pk, title: "Phonons", abstract: "Inelastic scattering.", users: $users) { primaryKey } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { submitted } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!, $partial: Boolean) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers, isPartialSave: $partial) { isCompleted fields { question { id } value } } }`;
const GET_QUESTIONARY = `query($id: Int!) { getQuestionary(questionaryId: $id) { isCompleted } }`;
const SETTINGS = `mutation($templateId: Int!, $questionId: String!, $config: String) {
  updateQuestionTemplateRelationSettings(templateId: $templateId, questionId: $questionId, config: $config) { templateId } }`;

interface Item {
  id: number;
  title: string;
  creatorId: number;
  questionaryId: number;
  proposalPk: number;
  questionId: string;
  templateId: number;
  questionary: {
    questionaryId: number;
    isCompleted: boolean;
    steps: {
      topic: { id: number };
      isCompleted: boolean;
      fields: { question: { id: string }; value: unknown }[];
    }[];
  };
}
interface Proposal {
  primaryKey: number;
  questionaryId: number;
}
const answer = (questionId: string, value: unknown) => ({ questionId, value: JSON.stringify({ value }) });

describe.each<TestStore>(moduleStores())('generic templates end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let events: EventStore;
  let officer: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  /** the GENERIC_TEMPLATE template: its first step holds the basis question and a required text */
  const sub = { templateId: 0, topicId: 0, textId: '', otherTemplateId: 0 };
  /** the proposal template's GENERIC_TEMPLATE question (minEntries 1, maxEntries 2) */
  let questionId: string;

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

  const makeTemplate = async (name: string) => {
    const { createTemplate } = await gqlAs<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      officer.token,
      `mutation($name: String!) { createTemplate(groupId: GENERIC_TEMPLATE, name: $name) { templateId steps { topic { id } } } }`,
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
    pi = await createUser(t, { firstname: 'Pia' });
    coProposer = await createUser(t, { firstname: 'Cole' });
    stranger = await createUser(t, { firstname: 'Stan' });
    call = await createOpenCall(t, officer.token);
    Object.assign(sub, await makeTemplate('Equipment'));
    sub.textId = await placeQuestion('GENERIC_TEMPLATE', 'TEXT_INPUT', sub.templateId, sub.topicId, {
      required: true,
    });
    sub.otherTemplateId = (await makeTemplate('Other equipment')).templateId;
    questionId = await placeQuestion('PROPOSAL', 'GENERIC_TEMPLATE', call.templateId, call.topicId, {
      templateId: sub.templateId,
      minEntries: 1,
      maxEntries: 2,
      addEntryButtonLabel: 'Add equipment',
      canCopy: true,
      copyButtonLabel: 'Copy equipment',
      isCompleteOnCopy: false,
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
  const create = async (proposal: Proposal, title = 'Cryostat', user = pi) =>
    (
      await gql<{ createGenericTemplate: Item }>(
        CREATE,
        { title, templateId: sub.templateId, proposalPk: proposal.primaryKey, questionId },
        user,
      )
    ).createGenericTemplate;
  /** Save and continue on the item's step (the basis answer comes from the item's title). */
  const complete = (item: Item, text = 'at 4 K', user = pi) =>
    gql(ANSWER, { q: item.questionaryId, topic: sub.topicId, answers: [answer(sub.textId, text)] }, user);
  const saveParent = (proposal: Proposal, items: unknown, user = pi) =>
    t.gql<{ answerTopic: { isCompleted: boolean; fields: { question: { id: string }; value: unknown }[] } }>(
      ANSWER,
      {
        q: proposal.questionaryId,
        topic: call.topicId,
        answers: [answer(call.questionId, 'aim'), answer(questionId, items)],
      },
      user.token,
    );

  it('creates, renames, clones and deletes items of a proposal for its members, up to maxEntries', async () => {
    const proposal = await newProposal();
    const item = await create(proposal);
    expect(item).toMatchObject({
      title: 'Cryostat',
      creatorId: pi.id,
      proposalPk: proposal.primaryKey,
      questionId,
      templateId: sub.templateId,
      questionary: { isCompleted: false },
    });
    expect(item.questionary.questionaryId).toBe(item.questionaryId);

    // a co-proposer renames it; the title is the basis answer whatever the client sends
    const renamed = (
      await gql<{ updateGenericTemplate: Item }>(UPDATE, { id: item.id, title: ' Magnet ' }, coProposer)
    ).updateGenericTemplate;
    expect(renamed.title).toBe('Magnet');
    const step = (
      await gql<{
        answerTopic: { isCompleted: boolean; fields: { question: { id: string }; value: unknown }[] };
      }>(
        ANSWER,
        {
          q: item.questionaryId,
          topic: sub.topicId,
          answers: [answer('generic_template_basis', 'Hacked'), answer(sub.textId, 'at 4 K')],
        },
        coProposer,
      )
    ).answerTopic;
    expect(step.isCompleted).toBe(true);
    expect(step.fields.find((f) => f.question.id === 'generic_template_basis')?.value).toBe('Magnet');

    // a clone keeps the answers and their completeness
    const clone = (await gql<{ cloneGenericTemplate: Item }>(CLONE, { id: item.id }, pi))
      .cloneGenericTemplate;
    expect(clone).toMatchObject({
      title: 'Copy of Magnet',
      proposalPk: proposal.primaryKey,
      questionary: { isCompleted: true },
    });
    expect(clone.questionaryId).not.toBe(item.questionaryId);
    expect(clone.questionary.steps[0].fields.find((f) => f.question.id === sub.textId)?.value).toBe('at 4 K');

    // maxEntries 2
    const vars = { title: 'Third', templateId: sub.templateId, proposalPk: proposal.primaryKey, questionId };
    await refused(CREATE, vars, pi, questionMessages.genericTemplatesAtMost(2));
    await refused(CLONE, { id: item.id, title: 'Fourth' }, pi, questionMessages.genericTemplatesAtMost(2));

    const list = (
      await gql<{ getGenericTemplatesWithQuestionaryStatus: { id: number; isCompleted: boolean }[] }>(
        WITH_STATUS,
        { filter: { proposalPk: proposal.primaryKey } },
        coProposer,
      )
    ).getGenericTemplatesWithQuestionaryStatus;
    expect(list).toEqual([
      expect.objectContaining({ id: item.id, isCompleted: true }),
      expect.objectContaining({ id: clone.id, isCompleted: true }),
    ]);
    expect(
      (
        await gql<{ getGenericTemplatesWithQuestionaryStatus: unknown[] }>(
          WITH_STATUS,
          { filter: { proposalPk: proposal.primaryKey } },
          stranger,
        )
      ).getGenericTemplatesWithQuestionaryStatus,
    ).toEqual([]);

    // strangers may neither see nor change the items
    await refused(GET, { id: item.id }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(GET_MINIMAL, { id: item.id }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(UPDATE, { id: item.id, title: 'Mine' }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(CLONE, { id: item.id }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(DELETE, { id: item.id }, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(CREATE, vars, stranger, M.mayNotRead, 'FORBIDDEN');
    await refused(
      ANSWER,
      { q: item.questionaryId, topic: sub.topicId, answers: [answer(sub.textId, 'x')] },
      stranger,
      questionaryMessages.mayNotAnswer,
      'FORBIDDEN',
    );
    await refused(UPDATE, { id: item.id, title: '  ' }, pi, questionMessages.requiredField);

    expect(
      (await gql<{ deleteGenericTemplate: { id: number } }>(DELETE, { id: clone.id }, pi))
        .deleteGenericTemplate.id,
    ).toBe(clone.id);
    expect(
      (await gql<{ getGenericTemplate: Item | null }>(GET, { id: clone.id }, pi)).getGenericTemplate,
    ).toBeNull();
    await refused(DELETE, { id: clone.id }, pi, M.genericTemplateNotFound, 'NOT_FOUND');
    // the deleted clone's place is free again
    expect((await create(proposal, 'Third')).title).toBe('Third');
    expect(
      (await gql<{ getGenericTemplate: Item }>(GET, { id: item.id }, officer)).getGenericTemplate.id,
    ).toBe(item.id);
  });

  it('refuses items without proposal context, template or a matching question (§8), appending nothing', async () => {
    const proposal = await newProposal();
    const base = {
      title: 'Cryostat',
      templateId: sub.templateId,
      proposalPk: proposal.primaryKey,
      questionId,
    };
    await refused(CREATE, { ...base, proposalPk: 0 }, pi, M.genericTemplateMissingProposalOrQuestion);
    await refused(CREATE, { ...base, proposalPk: null }, pi, M.genericTemplateMissingProposalOrQuestion);
    await refused(CREATE, { ...base, questionId: '' }, pi, M.genericTemplateMissingProposalOrQuestion);
    await refused(CREATE, { ...base, templateId: null }, pi, M.missingTemplateId);
    await refused(CREATE, { ...base, templateId: 0 }, pi, M.missingTemplateId);
    await refused(CREATE, { ...base, title: ' ' }, pi, questionMessages.requiredField);
    await refused(CREATE, { ...base, proposalPk: 999999 }, pi, proposalRuleMessages.notFound, 'NOT_FOUND');
    await refused(CREATE, { ...base, questionId: 'no_such_question' }, pi, M.questionNotOnProposal);
    await refused(CREATE, { ...base, questionId: call.questionId }, pi, M.notGenericTemplateQuestion);
    await refused(CREATE, { ...base, templateId: sub.otherTemplateId }, pi, M.templateNotOfQuestion);

    const copy = { templateId: sub.templateId, proposalPk: proposal.primaryKey, questionId };
    await refused(
      COPY,
      { ...copy, proposalPk: 0, copies: [] },
      pi,
      M.genericTemplateMissingProposalOrQuestion,
    );
    await refused(COPY, { ...copy, templateId: null, copies: [] }, pi, M.missingTemplateId);
    await refused(COPY, { ...copy, copies: [] }, pi, M.missingSourceQuestionary);
    await refused(COPY, { ...copy, copies: null }, pi, M.missingSourceQuestionary);
    await refused(
      COPY,
      { ...copy, copies: [{ sourceQuestionaryId: 0, title: 'x' }] },
      pi,
      M.missingSourceQuestionary,
    );
    await refused(
      COPY,
      { ...copy, copies: [{ sourceQuestionaryId: 999999, title: 'x' }] },
      pi,
      M.missingSourceQuestionary,
    );
    // a questionary of another template, and one the caller may not read
    await refused(
      COPY,
      { ...copy, copies: [{ sourceQuestionaryId: proposal.questionaryId, title: 'x' }] },
      pi,
      M.missingSourceQuestionary,
    );
    const theirs = await create(await newProposal(stranger, []), 'Theirs', stranger);
    await refused(
      COPY,
      { ...copy, copies: [{ sourceQuestionaryId: theirs.questionaryId, title: 'x' }] },
      pi,
      M.missingSourceQuestionary,
    );
  });

  it('copies answers from the caller’s items of other proposals; complete only when isCompleteOnCopy', async () => {
    const source = await newProposal();
    const item = await create(source, 'Furnace');
    await complete(item, 'at 1500 K');
    const target = await newProposal();

    const sources = (
      await gql<{ getGenericTemplatesOnCopy: { id: number; questionaryId: number }[] }>(
        ON_COPY,
        { filter: { templateId: sub.templateId, callId: call.callId, questionId } },
        pi,
      )
    ).getGenericTemplatesOnCopy;
    expect(sources.map((s) => s.id)).toContain(item.id);
    expect(
      (
        await gql<{ getGenericTemplatesOnCopy: unknown[] }>(
          ON_COPY,
          { filter: { templateId: sub.templateId } },
          stranger,
        )
      ).getGenericTemplatesOnCopy.map((s) => (s as { id: number }).id),
    ).not.toContain(item.id);

    const vars = { templateId: sub.templateId, proposalPk: target.primaryKey, questionId };
    const one = { sourceQuestionaryId: item.questionaryId, title: 'Furnace (copy)' };
    await refused(COPY, { ...vars, copies: [one, one, one] }, pi, questionMessages.genericTemplatesAtMost(2));
    const [copy] = (
      await gql<{ createGenericTemplateWithCopiedAnswers: Item[] }>(COPY, { ...vars, copies: [one] }, pi)
    ).createGenericTemplateWithCopiedAnswers;
    expect(copy).toMatchObject({
      title: 'Furnace (copy)',
      proposalPk: target.primaryKey,
      questionary: { isCompleted: false },
    });
    expect(copy.questionary.steps[0].fields.find((f) => f.question.id === sub.textId)?.value).toBe(
      'at 1500 K',
    );

    await gqlAs(officer.token, SETTINGS, {
      templateId: call.templateId,
      questionId,
      config: JSON.stringify({ isCompleteOnCopy: true }),
    });
    try {
      const [complete] = (
        await gql<{ createGenericTemplateWithCopiedAnswers: Item[] }>(
          COPY,
          { ...vars, copies: [{ ...one, title: 'Complete copy' }] },
          coProposer,
        )
      ).createGenericTemplateWithCopiedAnswers;
      expect(complete.questionary.isCompleted).toBe(true);
    } finally {
      await gqlAs(officer.token, SETTINGS, {
        templateId: call.templateId,
        questionId,
        config: JSON.stringify({ isCompleteOnCopy: false }),
      });
    }
  });

  it('enforces minEntries and "all completed" on the parent step and on submission, whatever list the client sends', async () => {
    const proposal = await newProposal();
    // Save (partial) checks only what the applicant typed: the items are the server's, checked on Save and continue
    const partial = await gql<{ answerTopic: { isCompleted: boolean } }>(
      ANSWER,
      {
        q: proposal.questionaryId,
        topic: call.topicId,
        answers: [answer(call.questionId, 'aim'), answer(questionId, [])],
        partial: true,
      },
      pi,
    );
    expect(partial.answerTopic.isCompleted).toBe(false);
    await refused(
      ANSWER,
      {
        q: proposal.questionaryId,
        topic: call.topicId,
        answers: [answer(call.questionId, 'aim'), answer(questionId, [123456])],
      },
      pi,
      questionMessages.genericTemplatesAtLeast(1),
    );

    const item = await create(proposal);
    let res = await saveParent(proposal, []);
    expect(res.errors?.[0].message).toBe(questionMessages.genericTemplatesIncomplete);

    await complete(item);
    res = await saveParent(proposal, [987654, 5]);
    expect(res.errors).toBeUndefined();
    expect(res.data!.answerTopic.isCompleted).toBe(true);
    expect(res.data!.answerTopic.fields.find((f) => f.question.id === questionId)?.value).toEqual([item.id]);

    // the item is saved again without completing it: submission is refused
    await gql(ANSWER, { q: item.questionaryId, topic: sub.topicId, answers: [], partial: true }, pi);
    expect(
      (
        await gql<{ getQuestionary: { isCompleted: boolean } }>(
          GET_QUESTIONARY,
          { id: item.questionaryId },
          pi,
        )
      ).getQuestionary.isCompleted,
    ).toBe(false);
    await refused(SUBMIT, { pk: proposal.primaryKey }, pi, questionMessages.genericTemplatesIncomplete);
    // no item at all
    await gql(DELETE, { id: item.id }, pi);
    await refused(SUBMIT, { pk: proposal.primaryKey }, pi, questionMessages.genericTemplatesAtLeast(1));

    const again = await create(proposal, 'Cryostat again');
    await complete(again);
    expect(
      (await gql<{ submitProposal: { submitted: boolean } }>(SUBMIT, { pk: proposal.primaryKey }, pi))
        .submitProposal.submitted,
    ).toBe(true);

    // submitted: the applicants' items are fixed
    const vars = { title: 'Late', templateId: sub.templateId, proposalPk: proposal.primaryKey, questionId };
    await refused(CREATE, vars, pi, M.proposalNotEditable);
    await refused(UPDATE, { id: again.id, title: 'Late' }, pi, M.proposalNotEditable);
    await refused(DELETE, { id: again.id }, pi, M.proposalNotEditable);
    await refused(
      ANSWER,
      { q: again.questionaryId, topic: sub.topicId, answers: [answer(sub.textId, 'x')] },
      pi,
      questionaryMessages.mayNotAnswer,
      'FORBIDDEN',
    );
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const cases: AccessCase[] = [
      {
        operation: 'createGenericTemplate',
        document: CREATE,
        variables: { title: 'x', templateId: 0, proposalPk: 0, questionId: '' },
        allowed: ANY_USER,
      },
      {
        operation: 'createGenericTemplateWithCopiedAnswers',
        document: COPY,
        variables: { templateId: 0, proposalPk: 0, questionId: '', copies: [] },
        allowed: ANY_USER,
      },
      {
        operation: 'updateGenericTemplate',
        document: UPDATE,
        variables: { id: 0, title: 'x' },
        allowed: ANY_USER,
      },
      { operation: 'cloneGenericTemplate', document: CLONE, variables: { id: 0 }, allowed: ANY_USER },
      { operation: 'deleteGenericTemplate', document: DELETE, variables: { id: 0 }, allowed: ANY_USER },
      { operation: 'getGenericTemplate', document: GET, variables: { id: 0 }, allowed: ANY_USER },
      {
        operation: 'getGenericTemplateMinimal',
        document: GET_MINIMAL,
        variables: { id: 0 },
        allowed: ANY_USER,
      },
      {
        operation: 'getGenericTemplatesWithQuestionaryStatus',
        document: WITH_STATUS,
        variables: { filter: { proposalPk: 0 } },
        allowed: ANY_USER,
      },
      {
        operation: 'getGenericTemplatesOnCopy',
        document: ON_COPY,
        variables: { filter: { templateId: 0 } },
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
