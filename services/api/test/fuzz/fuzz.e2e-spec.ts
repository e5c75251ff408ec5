import { Role } from '@user-office/contracts';
import { createOpenCall, createUser } from '../support/fixtures';
import { expectRefused } from '../support/refused';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { pgDemoTemplate } from '../support/test-templates';
import { createTestApp, type TestApp } from '../support/test-app';
import { appTarget, fuzzCallers } from './app-target';
import { formatFindings, fuzz } from './schema-fuzzer';

/**
 * Hostile input is always a clear refusal. First the edge's rules on a few operations, then the bounded fuzz run
 * of `npm test`: every query and mutation of the served schema (read by introspection, so a new operation is
 * covered without editing this file), as anonymous, an applicant, an officer and an API token, with hostile
 * values per argument type from a fixed seed, on the demo's data. A finding prints the operation, the caller and
 * the values; `npm run fuzz -- --seed <n>` runs a longer campaign.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_521);

describe('hostile input is always a clear refusal', () => {
  let t: TestApp;
  let officer: string;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    // a clone of the run's demo template when there is one (the demo seeded once a run), else seeded here
    const demo = pgDemoTemplate();
    database = demo ? await createTestDatabase('fuzz', { template: demo }) : undefined;
    t = await createTestApp({
      ...(database ? { database } : {}),
      config: { seedDemo: true, logLevel: 'error' },
    });
    officer = t.token();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('refuses a control character in any string argument, nested ones and JSON texts included, naming it; appends nothing', async () => {
    const errors = await expectRefused(
      t,
      {
        query:
          'mutation($n: String!) { createTemplate(groupId: PROPOSAL_QUESTIONARY, name: $n) { templateId } }',
        variables: { n: 'Safety\u0000form' },
        token: officer,
      },
      '"name" may not contain control characters (found U+0000)',
    );
    expect(errors?.[0].extensions?.fieldErrors).toEqual({
      name: '"name" may not contain control characters (found U+0000)',
    });
    await expectRefused(
      t,
      {
        query:
          'mutation($a: [AnswerInput!]!) { answerTopic(questionaryId: 1, topicId: 1, answers: $a) { isCompleted } }',
        variables: { a: [{ questionId: 'title', value: '{"value":"lone \\ud800"}' }] },
        token: officer,
      },
      '"answers[0].value.value" is not valid Unicode text (a lone surrogate U+D800)',
    );
    const res = await t
      .http()
      .post('/graphql')
      .set('authorization', `Bearer ${officer}`)
      .send({ query: '{ getQuestions(filter: { text: "\\u0000" }) { id } }' });
    expect(res.status).toBe(400);
  });

  it("replaces the abstract's control characters with spaces, as §5 says, instead of refusing them", async () => {
    const { callId } = await createOpenCall(t, officer);
    const pi = await createUser(t, { role: Role.USER });
    const created = await t.gql<{ createProposal: { primaryKey: number } }>(
      'mutation($c: Int!) { createProposal(callId: $c) { primaryKey } }',
      { c: callId },
      pi.token,
    );
    const res = await t.gql<{ updateProposal: { abstract: string } }>(
      'mutation($pk: Int!, $a: String, $p: Int) { updateProposal(proposalPk: $pk, title: "Ice", abstract: $a, proposerId: $p) { abstract } }',
      { pk: created.data?.createProposal.primaryKey, a: 'Neutron\u0000scattering\u0007of ice', p: pi.id },
      pi.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateProposal.abstract).toBe('Neutron scattering of ice');
  });

  it('checks a number carried in a string for range before any query (getCallByAnswerId)', async () => {
    await expectRefused(
      t,
      {
        query: 'query($a: String!) { getCallByAnswerId(answerId: $a) { id } }',
        variables: { a: '1234567890123456789012345678901234567890:title' },
        token: officer,
      },
      '"answerId" must hold a questionary id from 0 to 2147483647',
    );
  });

  it('refuses an API token on an operation that needs a signed-in user, before the resolver', async () => {
    const target = await appTarget(t.app);
    const [, , , token] = await fuzzCallers(t.app, target, {
      anonymous: 0,
      applicant: 0,
      officer: 0,
      apiToken: 0,
    });
    const res = await t.gql('{ getUserMe { id } }', {}, token.token);
    expect(res.errors?.[0]).toMatchObject({
      message: 'An API access token cannot call getUserMe: it needs a signed-in user',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('fuzz: every operation as four callers answers no INTERNAL_SERVER_ERROR or 5xx, leaks no SQL or stack, appends nothing when refusing, and leaves the server healthy', async () => {
    const target = await appTarget(t.app);
    const callers = await fuzzCallers(t.app, target, { anonymous: 1, applicant: 1, officer: 1, apiToken: 1 });
    const report = await fuzz(target, { seed: SEED, callers });
    expect(report.operations).toBeGreaterThan(100);
    expect(report.covered).toEqual(
      expect.arrayContaining(['getCallByAnswerId', 'createTemplate', 'answerTopic']),
    );
    expect(report.calls).toBeGreaterThanOrEqual(report.operations * 4);
    if (report.findings.length > 0) console.log(formatFindings(report));
    expect(report.findings.map((f) => `${f.operation} as ${f.caller}: ${f.problem}`)).toEqual([]);
  }, 90_000);
});
