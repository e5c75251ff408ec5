import { EMAIL_ACTION_ID, Role, WorkflowType } from '@user-office/contracts';
import { UsersService } from '../../src/modules/users';
import { WorkflowsRepository } from '../../src/modules/workflows';
import type { TestApp } from './test-app';

/** Users the tests act as: created through the users module, with a token each. */
export interface TestUser {
  id: number;
  token: string;
}

let counter = 0;

/** A real user (so proposals can name them) and a session token in the given role. */
export async function createUser(
  t: TestApp,
  options: { role?: Role; isInternalUser?: boolean; firstname?: string } = {},
): Promise<TestUser> {
  const role = options.role ?? Role.USER;
  const n = ++counter;
  const { user } = await t.app.get(UsersService).create({
    firstname: options.firstname ?? `User${n}`,
    lastname: 'Tester',
    email: `user${n}.${process.pid}.${Date.now()}@example.org`,
    oidcSub: null,
    placeholder: false,
    roles: [role],
    source: 'login',
  });
  return {
    id: user.id,
    token: t.token({
      id: user.id,
      roles: [role],
      currentRole: role,
      isInternalUser: options.isInternalUser ?? false,
    }),
  };
}

const DAY = 24 * 3600 * 1000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** The required fields of a call (§5), open from yesterday for `openDays`. */
export function callInput(
  templateId: number,
  proposalWorkflowId: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    shortCode: `CALL-${++counter}-${Date.now()}`,
    startCall: iso(-1),
    endCall: iso(30),
    startReview: iso(31),
    endReview: iso(60),
    startNotify: iso(61),
    endNotify: iso(70),
    startCycle: iso(80),
    endCycle: iso(200),
    cycleComment: 'Cycle 1',
    surveyComment: 'Survey',
    allocationTimeUnit: 'Day',
    proposalWorkflowId,
    templateId,
    ...overrides,
  };
}

export const CREATE_CALL = `mutation($input: CreateCallInput!) { createCall(createCallInput: $input) {
  id shortCode isActive isActiveInternal templateId proposalWorkflowId endCall referenceNumberFormat proposalCount } }`;

/** The seeded default proposal workflow. */
export async function defaultProposalWorkflowId(t: TestApp): Promise<number> {
  const id = await t.app.get(WorkflowsRepository).defaultWorkflowId(WorkflowType.PROPOSAL);
  if (id === null) throw new Error('no default proposal workflow was seeded');
  return id;
}

/** A proposal template with its basis question and one required text question on the first step. */
export async function createProposalTemplate(
  t: TestApp,
  officer: string,
): Promise<{ templateId: number; topicId: number; questionId: string }> {
  const gql = async <T>(query: string, variables: Record<string, unknown>) => {
    const res = await t.gql<T>(query, variables, officer);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  const { createTemplate } = await gql<{
    createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
  }>(
    'mutation { createTemplate(groupId: PROPOSAL_QUESTIONARY, name: "Proposal") { templateId steps { topic { id } } } }',
    {},
  );
  const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
    'mutation { createQuestion(categoryId: PROPOSAL, dataType: TEXT_INPUT) { id } }',
    {},
  );
  const topicId = createTemplate.steps[0].topic.id;
  await gql(
    `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 1) { templateId } }`,
    { t: createTemplate.templateId, q: createQuestion.id, topic: topicId },
  );
  await gql(
    `mutation($t: Int!, $q: String!) { updateQuestionTemplateRelationSettings(templateId: $t, questionId: $q, config: "{\\"required\\": true}") { templateId } }`,
    { t: createTemplate.templateId, q: createQuestion.id },
  );
  return { templateId: createTemplate.templateId, topicId, questionId: createQuestion.id };
}

/** An open call on a new proposal template and the default workflow. */
export async function createOpenCall(t: TestApp, officer: string, overrides: Record<string, unknown> = {}) {
  const template = await createProposalTemplate(t, officer);
  const workflowId = await defaultProposalWorkflowId(t);
  const res = await t.gql<{ createCall: { id: number } }>(
    CREATE_CALL,
    { input: callInput(template.templateId, workflowId, overrides) },
    officer,
  );
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return { callId: res.data!.createCall.id, workflowId, ...template };
}

/**
 * A workflow connection's e-mail status action (addConnectionStatusActions' input): each recipient gets its
 * template; `other` are further addresses (the OTHER recipient's); `combineEmails` left out is the default, false.
 */
export function emailAction(
  recipients: { name: string; template: string }[],
  options: { other?: string[]; combineEmails?: boolean } = {},
) {
  return {
    actionId: EMAIL_ACTION_ID,
    actionType: 'EMAIL',
    config: JSON.stringify({
      recipientsWithEmailTemplate: recipients.map((r) => ({
        recipient: { name: r.name },
        emailTemplate: { id: r.template },
      })),
      otherRecipientEmails: options.other ?? [],
      ...(options.combineEmails === undefined ? {} : { combineEmails: options.combineEmails }),
    }),
  };
}

/**
 * A proposal on a new instrument ("Xray", XR) in a new open call: created by `pi` with `coProposers`, titled
 * "Spin", its one question answered, submitted and assigned to the instrument by `officer` (no decision yet).
 */
export async function submittedProposalOnNewInstrument(
  t: TestApp,
  { officer, pi, coProposers = [] }: { officer: TestUser; pi: TestUser; coProposers?: TestUser[] },
): Promise<{ instrumentId: number; proposalPk: number; callId: number }> {
  const gql = async <T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> => {
    const res = await t.gql<T>(query, variables, user.token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  const { createInstrument } = await gql<{ createInstrument: { id: number } }>(
    `mutation { createInstrument(name: "Xray", shortCode: "XR", description: "d") { id } }`,
    {},
    officer,
  );
  const instrumentId = createInstrument.id;
  const call = await createOpenCall(t, officer.token);
  await gql(
    `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
    { c: call.callId, i: [{ instrumentId }] },
    officer,
  );
  const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
    `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
    { c: call.callId },
    pi,
  );
  const proposalPk = createProposal.primaryKey;
  await gql(
    `mutation($pk: Int!, $u: [Int!]) { updateProposal(proposalPk: $pk, title: "Spin", abstract: "Waves", users: $u) { primaryKey } }`,
    { pk: proposalPk, u: coProposers.map((u) => u.id) },
    pi,
  );
  await gql(
    `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
    {
      q: createProposal.questionaryId,
      topic: call.topicId,
      a: [{ questionId: call.questionId, value: '{"value":"x"}' }],
    },
    pi,
  );
  await gql(`mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`, { pk: proposalPk }, pi);
  await gql(
    `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
    { p: [proposalPk], i: [instrumentId] },
    officer,
  );
  return { instrumentId, proposalPk, callId: call.callId };
}
