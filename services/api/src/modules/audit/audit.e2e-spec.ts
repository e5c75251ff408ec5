import { Role } from '@user-office/contracts';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { SqlClient } from '../../platform/database/sql-client';
import { verifyEventChain } from '../../platform/event-store/event-chain';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE, SQL_CLIENT } from '../../platform/tokens';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String, $abstract: String) {
  updateProposal(proposalPk: $pk, title: $title, abstract: $abstract) { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const AS_OF = `query($pk: Int!, $at: DateTime!) { proposalAsOf(proposalPk: $pk, at: $at) {
  proposalPk existed eventCount title abstract statusId submitted fields { name value question }
  questionary { title answers { questionId question answered value } } } }`;
const CHANGES = `query($pk: Int!, $from: DateTime!, $to: DateTime!) { proposalChanges(proposalPk: $pk, from: $from, to: $to) {
  position at eventType changedById changedBy impersonatedById impersonatedBy field question before after } }`;
const UPDATE_QUESTION = `mutation($id: String!, $question: String!, $config: String) {
  updateQuestion(id: $id, question: $question, config: $config) { id } }`;
const CREATE_TEMPLATE = `mutation($name: String!) { createTemplate(groupId: SAMPLE_DECLARATION, name: $name) {
  templateId steps { topic { id } } } }`;
const CREATE_QUESTION = `mutation($category: TemplateCategoryId!, $type: DataType!) {
  createQuestion(categoryId: $category, dataType: $type) { id } }`;
const PLACE = `mutation($t: Int!, $q: String!, $topic: Int!) {
  createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 5) { templateId } }`;
const SETTINGS = `mutation($t: Int!, $q: String!, $config: String) {
  updateQuestionTemplateRelationSettings(templateId: $t, questionId: $q, config: $config) { templateId } }`;
const CREATE_SAMPLE = `mutation($title: String!, $templateId: Int, $proposalPk: Int, $questionId: String) {
  createSample(title: $title, templateId: $templateId, proposalPk: $proposalPk, questionId: $questionId) { id questionaryId } }`;
const CREATE_INSTRUMENT = `mutation($name: String!, $shortCode: String!) {
  createInstrument(name: $name, shortCode: $shortCode, description: "d") { id } }`;
const ASSIGN_INSTRUMENT = `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`;
const ADD_REVIEW = `mutation($p: Int!, $i: Int!) { addTechnicalReview(proposalPk: $p, instrumentId: $i, status: FEASIBLE,
  timeAllocation: 2, comment: "enough flux", submitted: false) { id } }`;
const VERIFICATION = `{ eventChainVerification { verifiedAt ok eventsChecked headPosition headHash firstBadPosition message } }`;
const LOGS = `query($id: String) { getEventLogs(changedObjectId: $id) { eventType changedById changedBy impersonatedById impersonatedBy } }`;

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

describe('auditors: a proposal as of an instant, what changed, who did it, and the chain (postgres)', () => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let pk: number;
  let beforeEdit: string;
  let afterEdit: string;
  let sampleTemplate: { templateId: number; topicId: number; questionId: string };
  let declarationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true, firstname: 'Olga' });
    pi = await createUser(t, { firstname: 'Pia' });
    call = await createOpenCall(t, officer.token);
    await gql(UPDATE_QUESTION, { id: call.questionId, question: 'What is your aim?' }, officer.token);
    // a SAMPLE_DECLARATION question on the proposal template, its sample template asking "Is it toxic?"
    const made = (
      await gql<{ createTemplate: { templateId: number; steps: { topic: { id: number } }[] } }>(
        CREATE_TEMPLATE,
        { name: 'Sample' },
        officer.token,
      )
    ).createTemplate;
    sampleTemplate = { templateId: made.templateId, topicId: made.steps[0].topic.id, questionId: '' };
    const question = async (category: string, type: string, text: string, config?: string) => {
      const id = (
        await gql<{ createQuestion: { id: string } }>(CREATE_QUESTION, { category, type }, officer.token)
      ).createQuestion.id;
      await gql(UPDATE_QUESTION, { id, question: text, config }, officer.token);
      return id;
    };
    sampleTemplate.questionId = await question('SAMPLE', 'TEXT_INPUT', 'Is it toxic?');
    await gql(
      PLACE,
      { t: sampleTemplate.templateId, q: sampleTemplate.questionId, topic: sampleTemplate.topicId },
      officer.token,
    );
    const config = JSON.stringify({ templateId: made.templateId });
    declarationId = await question('PROPOSAL', 'SAMPLE_DECLARATION', 'Your samples', config);
    await gql(PLACE, { t: call.templateId, q: declarationId, topic: call.topicId }, officer.token);
    await gql(SETTINGS, { t: call.templateId, q: declarationId, config }, officer.token);
  });
  afterAll(() => t.close());

  const gql = async <T>(query: string, variables: Record<string, unknown>, token: string) => {
    const res = await t.gql<T>(query, variables, token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };

  it('shows the proposal as the panel saw it, and the changes since, with the impersonating officer', async () => {
    const created = (
      await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
        CREATE,
        { callId: call.callId },
        pi.token,
      )
    ).createProposal;
    pk = created.primaryKey;
    await gql(UPDATE, { pk, title: 'Magnetic order', abstract: 'We will measure it.' }, pi.token);
    const answer = (value: string) => ({
      q: created.questionaryId,
      topic: call.topicId,
      answers: [{ questionId: call.questionId, value: JSON.stringify({ value }) }],
    });
    await gql(ANSWER, answer('first aim'), pi.token);
    await pause();
    beforeEdit = new Date().toISOString();
    await pause();
    // the officer, impersonating the PI, changes the title and the answer
    const impersonated = t.token({
      id: pi.id,
      roles: [Role.USER],
      currentRole: Role.USER,
      impersonatingUserId: officer.id,
    });
    await gql(UPDATE, { pk, title: 'Magnetic disorder', abstract: 'We will measure it.' }, impersonated);
    await gql(ANSWER, answer('second aim'), impersonated);
    await pause();
    afterEdit = new Date().toISOString();

    const then = (
      await gql<{
        proposalAsOf: {
          title: string;
          existed: boolean;
          fields: { name: string; value: string }[];
          questionary: { title: string | null; answers: Record<string, unknown>[] }[];
        };
      }>(AS_OF, { pk, at: beforeEdit }, officer.token)
    ).proposalAsOf;
    expect(then).toMatchObject({ existed: true, title: 'Magnetic order', submitted: false });
    expect(then.fields).toContainEqual({
      name: `answer.${call.questionId}`,
      value: '"first aim"',
      question: 'What is your aim?',
    });
    expect(then.fields).toContainEqual({ name: 'title', value: '"Magnetic order"', question: null });
    // the answers laid out as the questionary: the template's step, its questions' texts, the answers then
    expect(then.questionary).toHaveLength(1);
    expect(then.questionary[0].answers).toEqual([
      {
        questionId: 'proposal_basis',
        question: 'Proposal basic information',
        answered: true,
        value: JSON.stringify({ title: 'Magnetic order', abstract: 'We will measure it.' }),
      },
      { questionId: call.questionId, question: 'What is your aim?', answered: true, value: '"first aim"' },
      { questionId: declarationId, question: 'Your samples', answered: true, value: '[]' },
    ]);

    const now = (
      await gql<{ proposalAsOf: { title: string; fields: { name: string; value: string }[] } }>(
        AS_OF,
        { pk, at: afterEdit },
        officer.token,
      )
    ).proposalAsOf;
    expect(now.title).toBe('Magnetic disorder');
    expect(now.fields).toContainEqual({
      name: `answer.${call.questionId}`,
      value: '"second aim"',
      question: 'What is your aim?',
    });

    const before = (
      await gql<{ proposalAsOf: { existed: boolean; eventCount: number } }>(
        AS_OF,
        { pk, at: '2000-01-01T00:00:00Z' },
        officer.token,
      )
    ).proposalAsOf;
    expect(before).toMatchObject({ existed: false, eventCount: 0 });

    const changes = (
      await gql<{ proposalChanges: Record<string, unknown>[] }>(
        CHANGES,
        { pk, from: beforeEdit, to: afterEdit },
        officer.token,
      )
    ).proposalChanges;
    expect(
      changes.map((c) => [c.field, c.question, c.before, c.after, c.changedBy, c.impersonatedBy]),
    ).toEqual([
      ['title', null, '"Magnetic order"', '"Magnetic disorder"', 'Pia Tester', 'Olga Tester'],
      [
        `answer.${call.questionId}`,
        'What is your aim?',
        '"first aim"',
        '"second aim"',
        'Pia Tester',
        'Olga Tester',
      ],
    ]);
    expect(changes[0]).toMatchObject({
      eventType: 'ProposalUpdated',
      changedById: pi.id,
      impersonatedById: officer.id,
    });

    // the same as CSV for the audit file
    const csv = await t
      .http()
      .get(
        `/download/csv/proposal-changes/${pk}?from=${encodeURIComponent(beforeEdit)}&to=${encodeURIComponent(afterEdit)}`,
      )
      .set('authorization', `Bearer ${officer.token}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(',Field,Question,Before,After,');
    expect(lines[1]).toContain(
      ',Pia Tester,Olga Tester,ProposalUpdated,title,,"""Magnetic order""","""Magnetic disorder""",',
    );
    expect(lines[2]).toContain(
      `,answer.${call.questionId},What is your aim?,"""first aim""","""second aim""",`,
    );
    const refused = await t
      .http()
      .get(
        `/download/csv/proposal-changes/${pk}?from=${encodeURIComponent(beforeEdit)}&to=${encodeURIComponent(afterEdit)}`,
      )
      .set('authorization', `Bearer ${pi.token}`);
    expect(refused.status).toBe(403);

    // and the event log names both
    await t.projections.waitFor(await t.app.get<EventStore>(EVENT_STORE).headPosition());
    const logs = (
      await gql<{ getEventLogs: Record<string, unknown>[] }>(LOGS, { id: String(pk) }, officer.token)
    ).getEventLogs;
    expect(
      logs.filter((l) => l.eventType === 'ProposalUpdated').map((l) => [l.changedBy, l.impersonatedBy]),
    ).toEqual([
      ['Pia Tester', null],
      ['Pia Tester', 'Olga Tester'],
    ]);
  });

  it("folds the samples' answers and the technical reviews up to the instant, with their questions' texts", async () => {
    const sample = (
      await gql<{ createSample: { id: number; questionaryId: number } }>(
        CREATE_SAMPLE,
        {
          title: 'Crystal',
          templateId: sampleTemplate.templateId,
          proposalPk: pk,
          questionId: declarationId,
        },
        pi.token,
      )
    ).createSample;
    const answerSample = (value: string) =>
      gql(
        ANSWER,
        {
          q: sample.questionaryId,
          topic: sampleTemplate.topicId,
          answers: [{ questionId: sampleTemplate.questionId, value: JSON.stringify({ value }) }],
        },
        pi.token,
      );
    await answerSample('no');
    await pause();
    const middle = new Date().toISOString();
    await pause();
    await answerSample('yes, handle with care');
    const instrumentId = (
      await gql<{ createInstrument: { id: number } }>(
        CREATE_INSTRUMENT,
        { name: 'Beamline', shortCode: 'BL-audit' },
        officer.token,
      )
    ).createInstrument.id;
    await gql(ASSIGN_INSTRUMENT, { p: [pk], i: [instrumentId] }, officer.token);
    const reviewId = (
      await gql<{ addTechnicalReview: { id: number } }>(ADD_REVIEW, { p: pk, i: instrumentId }, officer.token)
    ).addTechnicalReview.id;
    await pause();
    const end = new Date().toISOString();

    type Field = { name: string; value: string; question: string | null };
    const fieldsAt = async (at: string): Promise<Record<string, Field | undefined>> =>
      Object.fromEntries(
        (
          await gql<{ proposalAsOf: { fields: Field[] } }>(AS_OF, { pk, at }, officer.token)
        ).proposalAsOf.fields.map((f) => [f.name, f]),
      );
    const sampleAnswer = `sample.${sample.id}.answer.${sampleTemplate.questionId}`;
    const then = await fieldsAt(middle);
    expect(then[`sample.${sample.id}.title`]?.value).toBe('"Crystal"');
    expect(then[sampleAnswer]).toEqual({ name: sampleAnswer, value: '"no"', question: 'Is it toxic?' });
    expect(then[`technicalReview.${reviewId}.status`]).toBeUndefined();
    // before the sample was declared: no sample
    expect((await fieldsAt(afterEdit))[`sample.${sample.id}.title`]).toBeUndefined();

    const now = await fieldsAt(end);
    expect(now[sampleAnswer]?.value).toBe('"yes, handle with care"');
    expect(now[`technicalReview.${reviewId}.status`]?.value).toBe('"FEASIBLE"');
    expect(now[`technicalReview.${reviewId}.timeAllocation`]?.value).toBe('2');
    expect(now[`technicalReview.${reviewId}.instrument`]?.value).toBe(String(instrumentId));

    const changes = (
      await gql<{ proposalChanges: Record<string, unknown>[] }>(
        CHANGES,
        { pk, from: middle, to: end },
        officer.token,
      )
    ).proposalChanges;
    expect(changes.find((c) => c.field === sampleAnswer)).toMatchObject({
      question: 'Is it toxic?',
      before: '"no"',
      after: '"yes, handle with care"',
      changedBy: 'Pia Tester',
    });
    // the stub the assignment made (UNFEASIBLE), then the review the officer saved
    expect(
      changes
        .filter((c) => c.field === `technicalReview.${reviewId}.status`)
        .map((c) => [c.before, c.after, c.changedBy]),
    ).toEqual([
      [null, '"UNFEASIBLE"', 'Olga Tester'],
      ['"UNFEASIBLE"', '"FEASIBLE"', 'Olga Tester'],
    ]);
  });

  it("shows officers the chain's last verification, and names an edited event", async () => {
    expect(
      (await gql<{ eventChainVerification: null }>(VERIFICATION, {}, officer.token)).eventChainVerification,
    ).toBeNull();
    const sql = t.app.get<SqlClient>(SQL_CLIENT);
    expect((await verifyEventChain(sql)).ok).toBe(true);
    const ok = (
      await gql<{ eventChainVerification: Record<string, unknown> }>(VERIFICATION, {}, officer.token)
    ).eventChainVerification;
    expect(ok).toMatchObject({ ok: true, firstBadPosition: null });
    expect(ok.eventsChecked).toBeGreaterThan(5);

    const victim = Number(
      (
        await sql.query<{ p: string }>(
          `SELECT max(position) AS p FROM events WHERE stream_id = $1 AND type = 'ProposalUpdated'`,
          [`proposal-${pk}`],
        )
      ).rows[0].p,
    );
    await sql.query(`UPDATE events SET data = jsonb_set(data, '{title}', '"Forged"') WHERE position = $1`, [
      victim,
    ]);
    await verifyEventChain(sql);
    const bad = (
      await gql<{ eventChainVerification: Record<string, unknown> }>(VERIFICATION, {}, officer.token)
    ).eventChainVerification;
    expect(bad).toMatchObject({ ok: false, firstBadPosition: victim });
    expect(bad.message).toContain(`event ${victim} (ProposalUpdated, stream proposal-${pk}`);
  });

  it('lets only officers read the history and the verification (the authorization matrix)', async () => {
    const cases: AccessCase[] = [
      {
        operation: 'proposalAsOf',
        document: AS_OF,
        variables: { pk, at: afterEdit },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'proposalChanges',
        document: CHANGES,
        variables: { pk, from: beforeEdit, to: afterEdit },
        allowed: [Role.USER_OFFICER],
      },
      { operation: 'eventChainVerification', document: VERIFICATION, allowed: [Role.USER_OFFICER] },
    ];
    const apiToken = await apiTokenFor(t);
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
  });
});
