import {
  callMessages,
  proposalMessages,
  proposalRuleMessages,
  questionaryMessages,
  questionTypeMessages,
  Role,
  userMessages,
} from '@user-office/contracts';
import { MailerService } from '../notifications';
import {
  ANY_USER,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const PROPOSAL = `primaryKey proposalId title abstract statusId status { shortCode } publicStatus submitted callId questionaryId
  proposer { id } users { id } questionary { isCompleted steps { isCompleted } } call { id }`;
const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { ${PROPOSAL} } }`;
const UPDATE = `mutation($pk: Int!, $title: String, $abstract: String, $users: [Int!], $proposerId: Int) {
  updateProposal(proposalPk: $pk, title: $title, abstract: $abstract, users: $users, proposerId: $proposerId) { ${PROPOSAL} } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { ${PROPOSAL} } }`;
const DELETE = `mutation($pk: Int!) { deleteProposal(proposalPk: $pk) { primaryKey } }`;
const CLONE = `mutation($callId: Int!, $pks: [Int!]!) { cloneProposals(callId: $callId, proposalsToClonePk: $pks) { ${PROPOSAL} } }`;
const GET = `query($pk: Int!) { getProposal(primaryKey: $pk) { ${PROPOSAL} } }`;
const MINE = `{ getUserProposals { primaryKey title } }`;
const BY_ANSWER = `query($answerId: String!) { getCallByAnswerId(answerId: $answerId) { id } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const DELETE_CALL = `mutation($callId: Int!) { deleteCall(callId: $callId) { id } }`;

interface Proposal {
  primaryKey: number;
  proposalId: string;
  title: string;
  abstract: string;
  status: { shortCode: string };
  publicStatus: string;
  submitted: boolean;
  callId: number;
  questionaryId: number;
  proposer: { id: number };
  users: { id: number }[];
  questionary: { isCompleted: boolean; steps: { isCompleted: boolean }[] };
}

describe.each<TestStore>(moduleStores())('proposals end to end (%s)', (store) => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let head: () => Promise<number>;
  let call: Awaited<ReturnType<typeof createOpenCall>>;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t, { firstname: 'Pia' });
    coProposer = await createUser(t, { firstname: 'Cole' });
    stranger = await createUser(t, { firstname: 'Stan' });
    call = await createOpenCall(t, officer.token, { referenceNumberFormat: 'UO26-{digits:4}' });
  });
  afterAll(() => t.close());

  const gql = async <T>(query: string, variables: Record<string, unknown>, user: TestUser) => {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  const refused = async (
    query: string,
    variables: Record<string, unknown>,
    user: TestUser,
    message: string,
    code = 'BAD_USER_INPUT',
  ) => {
    await expectRefused(t, { query, variables, token: user.token }, message, code);
  };
  const create = async (user = pi, callId = call.callId) =>
    (await gql<{ createProposal: Proposal }>(CREATE, { callId }, user)).createProposal;
  const fill = async (proposal: Proposal, user = pi) => {
    await gql(
      UPDATE,
      { pk: proposal.primaryKey, title: 'Magnetic order', abstract: 'We will measure it.' },
      user,
    );
    await gql(
      ANSWER,
      {
        q: proposal.questionaryId,
        topic: call.topicId,
        answers: [{ questionId: call.questionId, value: JSON.stringify({ value: 'aim' }) }],
      },
      user,
    );
  };

  it('serves the blank steps of a call', async () => {
    const BLANK = `query($callId: Int!) { getBlankQuestionaryStepsByCallId(callId: $callId) { isCompleted fields { question { id } value } } }`;
    const steps = (
      await gql<{
        getBlankQuestionaryStepsByCallId: {
          isCompleted: boolean;
          fields: { question: { id: string }; value: unknown }[];
        }[];
      }>(BLANK, { callId: call.callId }, pi)
    ).getBlankQuestionaryStepsByCallId;
    expect(steps[0].fields.map((f) => f.question.id)).toEqual(['proposal_basis', call.questionId]);
    expect(steps.every((s) => !s.isCompleted && s.fields.every((f) => f.value === null))).toBe(true);
  });

  it('creates a draft in an open call: the caller is PI, the workflow gives DRAFT, the template the questionary', async () => {
    const proposal = await create();
    expect(proposal).toMatchObject({
      title: '',
      submitted: false,
      publicStatus: 'draft',
      status: { shortCode: 'DRAFT' },
      proposer: { id: pi.id },
      users: [],
      callId: call.callId,
      questionary: { isCompleted: false },
    });
    expect(proposal.proposalId).toBe(String(proposal.primaryKey).padStart(6, '0'));
  });

  it('updates with the §5 rules: trimmed title, sanitised abstract, PI or co-proposer, known users', async () => {
    const proposal = await create();
    const pk = proposal.primaryKey;
    const updated = (
      await gql<{ updateProposal: Proposal }>(
        UPDATE,
        { pk, title: '  Spin waves  ', abstract: 'Spin\u0007 wave\u00e9s', users: [coProposer.id] },
        pi,
      )
    ).updateProposal;
    expect(updated).toMatchObject({
      title: 'Spin waves',
      abstract: 'Spin  wave s',
      users: [{ id: coProposer.id }],
    });
    await refused(UPDATE, { pk, title: ' ' }, pi, proposalMessages.titleRequired);
    await refused(UPDATE, { pk, title: 'x'.repeat(176) }, pi, proposalMessages.titleMax);
    await refused(UPDATE, { pk, abstract: '' }, pi, proposalMessages.abstractRequired);
    await refused(UPDATE, { pk, abstract: 'x'.repeat(1501) }, pi, proposalMessages.abstractMax);
    await refused(UPDATE, { pk, users: [999999] }, pi, proposalRuleMessages.unknownUser(999999));
    // the co-proposer may edit, but not remove themselves and hand it to someone else
    await refused(
      UPDATE,
      { pk, users: [], proposerId: stranger.id },
      coProposer,
      proposalMessages.mustBePartOfProposal,
    );
    await refused(UPDATE, { pk, title: 'mine now' }, stranger, proposalRuleMessages.mayNotRead, 'FORBIDDEN');
    expect((await gql<{ getProposal: Proposal }>(GET, { pk }, coProposer)).getProposal.title).toBe(
      'Spin waves',
    );
    const read = await t.gql(GET, { pk }, stranger.token);
    expect(read.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(
      (await gql<{ getUserProposals: { primaryKey: number }[] }>(MINE, {}, coProposer)).getUserProposals.map(
        (p) => p.primaryKey,
      ),
    ).toContain(pk);
  });

  it('submits only a complete questionary (checked again on the server), once, and numbers it from the call format', async () => {
    const proposal = await create();
    const pk = proposal.primaryKey;
    await gql(UPDATE, { pk, title: 'Phonons', abstract: 'Inelastic scattering.' }, pi);
    await refused(SUBMIT, { pk }, pi, proposalRuleMessages.incomplete);
    // a full save of the step without its required answer is refused; with it, the step completes
    const res = await t.gql(
      ANSWER,
      { q: proposal.questionaryId, topic: call.topicId, answers: [] },
      pi.token,
    );
    expect(res.errors?.[0].message).toBe(questionTypeMessages.requiredField);
    await fill(proposal);
    const submitted = (await gql<{ submitProposal: Proposal }>(SUBMIT, { pk }, pi)).submitProposal;
    expect(submitted).toMatchObject({
      submitted: true,
      publicStatus: 'submitted',
      questionary: { isCompleted: true },
    });
    expect(submitted.proposalId).toMatch(/^UO26-\d{4}$/);
    await refused(SUBMIT, { pk }, pi, proposalRuleMessages.alreadySubmitted);
    // no longer editable by applicants: neither the proposal nor its questionary
    await refused(UPDATE, { pk, title: 'Changed' }, pi, proposalRuleMessages.notEditable);
    await refused(
      ANSWER,
      {
        q: proposal.questionaryId,
        topic: call.topicId,
        answers: [{ questionId: call.questionId, value: '{"value":"x"}' }],
      },
      pi,
      questionaryMessages.mayNotAnswer,
      'FORBIDDEN',
    );
    await refused(DELETE, { pk }, pi, proposalRuleMessages.onlyDraftDeleted);
    expect(
      (
        await gql<{ getCallByAnswerId: { id: number } }>(
          BY_ANSWER,
          { answerId: `${proposal.questionaryId}:${call.questionId}` },
          pi,
        )
      ).getCallByAnswerId.id,
    ).toBe(call.callId);
  });

  it('lets only the PI delete a draft, and refuses to delete a call with proposals', async () => {
    const proposal = await create();
    await gql(UPDATE, { pk: proposal.primaryKey, title: 'x', abstract: 'y', users: [coProposer.id] }, pi);
    await refused(
      DELETE,
      { pk: proposal.primaryKey },
      coProposer,
      proposalRuleMessages.onlyPiDeletes,
      'FORBIDDEN',
    );
    expect(
      (await gql<{ deleteProposal: { primaryKey: number } }>(DELETE, { pk: proposal.primaryKey }, pi))
        .deleteProposal.primaryKey,
    ).toBe(proposal.primaryKey);
    expect(
      (await t.gql<{ getProposal: Proposal | null }>(GET, { pk: proposal.primaryKey }, pi.token)).data
        ?.getProposal,
    ).toBeNull();
    const count = (
      await gql<{ getCall: { proposalCount: number } }>(
        'query($id: Int!) { getCall(callId: $id) { proposalCount } }',
        { id: call.callId },
        officer,
      )
    ).getCall.proposalCount;
    await refused(DELETE_CALL, { callId: call.callId }, officer, callMessages.hasProposals(count));
  });

  it('refuses proposals in a closed call, except internal users while it is internally open, and officers', async () => {
    const DAY = 24 * 3600 * 1000;
    const closed = await createOpenCall(t, officer.token, {
      startCall: new Date(Date.now() - 10 * DAY).toISOString(),
      endCall: new Date(Date.now() - DAY).toISOString(),
      endCallInternal: new Date(Date.now() + DAY).toISOString(),
    });
    await refused(CREATE, { callId: closed.callId }, pi, proposalRuleMessages.callNotOpen);
    const internal = await createUser(t, { isInternalUser: true });
    const proposal = await create(internal, closed.callId);
    expect(proposal.callId).toBe(closed.callId);
    expect((await create(officer, closed.callId)).callId).toBe(closed.callId);
  });

  it('clones proposals into an open call as "Copy of …" with their answers', async () => {
    const source = await create();
    await fill(source);
    const [copy] = (
      await gql<{ cloneProposals: Proposal[] }>(CLONE, { callId: call.callId, pks: [source.primaryKey] }, pi)
    ).cloneProposals;
    expect(copy).toMatchObject({
      title: 'Copy of Magnetic order',
      abstract: 'We will measure it.',
      submitted: false,
      proposer: { id: pi.id },
    });
    expect(copy.primaryKey).not.toBe(source.primaryKey);
    expect(copy.questionary.isCompleted).toBe(true);
    await refused(CLONE, { callId: call.callId, pks: [] }, pi, proposalRuleMessages.nothingToClone);
    await refused(
      CLONE,
      { callId: call.callId, pks: [source.primaryKey] },
      stranger,
      proposalRuleMessages.mayNotRead,
      'FORBIDDEN',
    );
  });

  it('invites co-proposers by e-mail: the code lets the invitee join, once, until it expires or is withdrawn', async () => {
    const SET = `mutation($pk: Int!, $emails: [String!]!) { setCoProposerInvites(proposalPk: $pk, emails: $emails) { id code email claimedAt } }`;
    const ACCEPT = `mutation($code: String!) { acceptInvite(code: $code) { primaryKey users { id } } }`;
    const proposal = await create();
    const pk = proposal.primaryKey;
    const invites = (
      await gql<{ setCoProposerInvites: { id: string; code: string; email: string }[] }>(
        SET,
        { pk, emails: ['New.Colleague@Example.org', 'other@example.org'] },
        pi,
      )
    ).setCoProposerInvites;
    expect(invites.map((i) => i.email)).toEqual(['new.colleague@example.org', 'other@example.org']);
    await refused(SET, { pk, emails: ['not-an-email'] }, pi, userMessages.enterEmail);
    // the invitation e-mail carries the code
    await t.projections.waitFor(await head(), ['send_invite_email_on_co_proposer_invited']);
    // the reaction owes the e-mail with its checkpoint; the queue runs it just after
    const outbox = t.app.get(MailerService).outbox;
    const deadline = Date.now() + 10_000;
    while (!outbox.some((m) => m.to === 'new.colleague@example.org') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const mails = outbox.filter((m) => m.to === 'new.colleague@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(invites[0].code);
    // the same list again changes nothing; leaving one out withdraws it
    const stream = async () => (await t.app.get<EventStore>(EVENT_STORE).readStream(`proposal-${pk}`)).length;
    const before = await stream();
    await gql(SET, { pk, emails: ['new.colleague@example.org', 'other@example.org'] }, pi);
    expect(await stream()).toBe(before);
    await gql(SET, { pk, emails: ['new.colleague@example.org'] }, pi);
    await refused(
      ACCEPT,
      { code: invites[1].code },
      stranger,
      proposalRuleMessages.inviteNotFound,
      'NOT_FOUND',
    );
    const joined = (await gql<{ acceptInvite: Proposal }>(ACCEPT, { code: invites[0].code }, stranger))
      .acceptInvite;
    expect(joined.users.map((u) => u.id)).toEqual([stranger.id]);
    expect(
      (await gql<{ getUserProposals: { primaryKey: number }[] }>(MINE, {}, stranger)).getUserProposals.map(
        (p) => p.primaryKey,
      ),
    ).toContain(pk);
    await refused(ACCEPT, { code: invites[0].code }, coProposer, proposalRuleMessages.inviteClaimed);
    await refused(ACCEPT, { code: 'nonsense' }, coProposer, proposalRuleMessages.inviteNotFound, 'NOT_FOUND');
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const cases: AccessCase[] = [
      { operation: 'createProposal', document: CREATE, variables: { callId: 0 }, allowed: ANY_USER },
      { operation: 'updateProposal', document: UPDATE, variables: { pk: 0 }, allowed: ANY_USER },
      { operation: 'submitProposal', document: SUBMIT, variables: { pk: 0 }, allowed: ANY_USER },
      { operation: 'deleteProposal', document: DELETE, variables: { pk: 0 }, allowed: ANY_USER },
      { operation: 'cloneProposals', document: CLONE, variables: { callId: 0, pks: [] }, allowed: ANY_USER },
      { operation: 'getProposal', document: GET, variables: { pk: 0 }, allowed: ANY_USER },
      { operation: 'getUserProposals', document: MINE, allowed: ANY_USER },
      {
        operation: 'getCallByAnswerId',
        document: BY_ANSWER,
        variables: { answerId: '0:x' },
        allowed: ANY_USER,
      },
      {
        operation: 'administrationProposal',
        document: `mutation($pk: Int!) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED) { primaryKey } }`,
        variables: { pk: 0 },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'notifyProposal',
        document: `mutation($pk: Int!) { notifyProposal(proposalPk: $pk) { primaryKey } }`,
        variables: { pk: 0 },
        allowed: [Role.USER_OFFICER],
      },
    ];
    const apiToken = await apiTokenFor(t);
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    // nothing appended on anyone's behalf (the System's reactions may append meanwhile)
    const appended = await t.app.get<EventStore>(EVENT_STORE).readAll({ after: before, limit: 10_000 });
    expect(appended.filter((e) => e.metadata.actorId !== null)).toEqual([]);
  });
});
