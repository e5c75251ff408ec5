import {
  EXPERIMENT_WORKFLOW_EVENT_RECORDED,
  FEEDBACK_REMINDER_JOB,
  feedbackMessages as M,
  proposalRuleMessages,
  QUEUES,
  Role,
} from '@user-office/contracts';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { eventually } from '../../../test/support/eventually';
import { createUser, type TestUser, submittedProposalOnNewInstrument } from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { SqlClient } from '../../platform/database/sql-client';
import type { EventStore } from '../../platform/event-store/event-store.port';
import type { JobQueue } from '../../platform/queue/job-queue.port';
import { EVENT_STORE, JOB_QUEUE, SQL_CLIENT } from '../../platform/tokens';
import { EXPERIMENT_WORKFLOW_ENGINE } from '../experiments';
import { MailerService } from '../notifications';
import { UsersService } from '../users';
import { FeedbackRemindersRunner } from './feedback-reminders.runner';
import { feedbackReminderJobId } from './reactions/plan-feedback-reminders-on-experiment-completed.reaction';

const PLANNER = 'plan_feedback_reminders_on_experiment_completed';
const ENGINES = ['advance_workflow_on_domain_event', EXPERIMENT_WORKFLOW_ENGINE, PLANNER];

const FEEDBACK = 'id experimentPk proposalPk status questionaryId creatorId submittedAt';
const CREATE = `mutation($e: Int!) { createFeedback(experimentPk: $e) { ${FEEDBACK} } }`;
const UPDATE = `mutation($f: Int!, $s: FeedbackStatus!) { updateFeedback(feedbackId: $f, status: $s) { ${FEEDBACK} } }`;
const GET = `query($f: Int!) { getFeedback(feedbackId: $f) { ${FEEDBACK} } }`;
const LIST = `query($f: FeedbacksFilter) { feedbacks(filter: $f) { id creatorId status } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`;
const SETTING = `mutation($i: UpdateSettingsInput!) { updateSettings(input: $i) { id } }`;

const day = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

type Feedback = { id: number; status: string; questionaryId: number; creatorId: number };

describe('feedback end to end (postgres, BullMQ on Redis)', () => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let instrumentId: number;
  let proposalPk: number;
  let upcoming: number;
  let ended: number;
  let head: () => Promise<number>;
  let piFeedback: Feedback;
  const template = { topicId: 0 };
  const emails: Record<number, string> = {};

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  async function settle() {
    for (let i = 0; i < 3; i++) await t.projections.waitFor(await head(), ENGINES);
  }

  async function appendedSince(position: number): Promise<string[]> {
    const appended = await t.app.get<EventStore>(EVENT_STORE).readAll({ after: position, limit: 100 });
    return appended.map((e) => e.type).filter((type) => !type.startsWith('StatusAction'));
  }

  async function refused(query: string, variables: Record<string, unknown>, user: TestUser, message: string) {
    const errors = await expectRefused(t, { query, variables, token: user.token }, message, null);
    expect(errors?.map((e) => e.message)).toEqual([message]);
  }

  /** retries the expectations until they hold (30 s at most) */
  const until = (check: () => Promise<void>) =>
    eventually(
      async () => {
        await check();
        return true;
      },
      'the expectations',
      30_000,
      { retryOnError: true },
    );

  /** the reminders the outbox holds for a user */
  const remindersTo = (user: TestUser) =>
    t.app
      .get(MailerService)
      .outbox.filter((m) => m.to === emails[user.id] && m.subject.includes('Your feedback on experiment'))
      .map((m) => m.subject);

  const owed = async (user: TestUser) =>
    (
      await t.app
        .get<SqlClient>(SQL_CLIENT)
        .query<{ job_id: string; state: string; run_at: Date }>(
          `SELECT job_id, state, run_at FROM owed_jobs WHERE queue = $1 AND job_id LIKE $2 ORDER BY job_id`,
          [QUEUES.email, `feedback-reminder-${ended}-${user.id}-%`],
        )
    ).rows;

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres', queue: 'redis' });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t);
    coProposer = await createUser(t);
    stranger = await createUser(t);
    for (const user of await t.app.get(UsersService).byIds([pi.id, coProposer.id]))
      emails[user.id] = user.email;
    ({ instrumentId, proposalPk } = await submittedProposalOnNewInstrument(t, {
      officer,
      pi,
      coProposers: [coProposer],
    }));
    await gql(
      `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!]) {
        administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: true) { primaryKey } }`,
      { pk: proposalPk, a: [{ instrumentId, value: 3 }] },
      officer,
    );
    // reminders every day, at most 3, none after 3 days
    for (const [id, value] of [
      ['FEEDBACK_FREQUENCY_DAYS', '1'],
      ['FEEDBACK_MAX_REQUESTS', '3'],
      ['FEEDBACK_EXHAUST_DAYS', '3'],
    ])
      await gql(SETTING, { i: { settingsId: id, settingsValue: value } }, officer);
    const experiment = async (from: number, to: number) =>
      (
        await gql<{ createExperiment: { experimentPk: number } }>(
          `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { experimentPk } }`,
          { i: { proposalPk, instrumentId, startsAt: inDays(from), endsAt: inDays(to) } },
          officer,
        )
      ).createExperiment.experimentPk;
    upcoming = await experiment(10, 11);
    ended = await experiment(-3, -1.5);
  });
  afterAll(() => t.close());

  it('owes the reminders when the experiment completes and sends the due one once to each proposer', async () => {
    await gql(
      `mutation($i: UpdateExperimentInput!) { updateExperiment(input: $i) { status } }`,
      { i: { experimentPk: ended, startsAt: inDays(-3), endsAt: inDays(-1.5), status: 'COMPLETED' } },
      officer,
    );
    await settle();
    // ended 1.5 days ago: reminders 1 (ended) and 2 (a day later) are overdue and collapse into one, due now; 3 is
    // due in half a day, within the 3 days
    for (const user of [pi, coProposer]) {
      await until(async () => expect(remindersTo(user)).toHaveLength(1));
      expect(remindersTo(user)[0]).toContain('(reminder 2)');
      await until(async () =>
        expect((await owed(user)).map((r) => [r.job_id, r.state])).toEqual([
          [feedbackReminderJobId(ended, user.id, 2), 'done'],
          [feedbackReminderJobId(ended, user.id, 3), 'pending'],
        ]),
      );
      const third = (await owed(user))[1];
      expect(new Date(third.run_at).getTime()).toBeGreaterThan(Date.now() + 0.4 * day);
      expect(new Date(third.run_at).getTime()).toBeLessThan(Date.now() + 0.6 * day);
    }
    // the queue lost it and the reconciler adds it again under its id (a restart): it is not sent again
    const queue = t.app.get<JobQueue>(JOB_QUEUE);
    await queue.enqueue(
      QUEUES.email,
      FEEDBACK_REMINDER_JOB,
      { experimentPk: ended, userId: pi.id, number: 2 },
      { jobId: feedbackReminderJobId(ended, pi.id, 2) },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(remindersTo(pi)).toHaveLength(1);
  });

  it('lets each proposer give feedback once, after the experiment is completed', async () => {
    await refused(CREATE, { e: upcoming }, pi, M.notCompleted);
    await refused(CREATE, { e: 999999 }, pi, M.experimentNotFound);
    await refused(CREATE, { e: ended }, stranger, M.onlyMembers);
    await refused(CREATE, { e: ended }, pi, M.noActiveTemplate);
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      `mutation { createTemplate(groupId: FEEDBACK, name: "Feedback") { templateId steps { topic { id } } } }`,
      {},
      officer,
    );
    template.topicId = createTemplate.steps[0].topic.id;
    await gql(
      `mutation($t: Int!) { setActiveTemplate(templateGroupId: FEEDBACK, templateId: $t) }`,
      { t: createTemplate.templateId },
      officer,
    );
    piFeedback = (await gql<{ createFeedback: Feedback }>(CREATE, { e: ended }, pi)).createFeedback;
    expect(piFeedback).toEqual(
      expect.objectContaining({ experimentPk: ended, proposalPk, status: 'DRAFT', creatorId: pi.id }),
    );
    await refused(CREATE, { e: ended }, pi, M.exists);
    // the upcoming experiments row shows each user their own feedback
    const rows = async (user: TestUser) =>
      (
        await gql<{
          getUserExperiments: { experimentPk: number; feedback: { id: number; status: string } | null }[];
        }>(`query { getUserExperiments { experimentPk feedback { id status } } }`, {}, user)
      ).getUserExperiments.find((e) => e.experimentPk === ended)?.feedback;
    expect(await rows(pi)).toEqual({ id: piFeedback.id, status: 'DRAFT' });
    expect(await rows(coProposer)).toBeNull();

    const f = piFeedback.id;
    await refused(UPDATE, { f, s: 'SUBMITTED' }, coProposer, M.onlyCreator);
    await refused(UPDATE, { f, s: 'SUBMITTED' }, pi, M.incomplete);
    await gql(ANSWER, { q: piFeedback.questionaryId, topic: template.topicId, a: [] }, pi);
    const submitted = await gql<{ updateFeedback: Feedback & { submittedAt: string } }>(
      UPDATE,
      { f, s: 'SUBMITTED' },
      pi,
    );
    expect(submitted.updateFeedback).toEqual(
      expect.objectContaining({ status: 'SUBMITTED', submittedAt: expect.any(String) }),
    );
    await refused(UPDATE, { f, s: 'DRAFT' }, pi, M.locked);
    const answer = await t.gql(
      ANSWER,
      { q: piFeedback.questionaryId, topic: template.topicId, a: [] },
      pi.token,
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // another's feedback is refused as the proposal would be, and so is one that does not exist (issue 38)
    for (const id of [f, 987654]) {
      const refusedRead = await t.gql(GET, { f: id }, coProposer.token);
      expect(refusedRead.errors?.[0]).toMatchObject({
        message: proposalRuleMessages.mayNotRead,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    expect((await gql<{ getFeedback: Feedback | null }>(GET, { f: 987654 }, officer)).getFeedback).toBeNull();
    expect((await gql<{ getFeedback: Feedback }>(GET, { f }, officer)).getFeedback.status).toBe('SUBMITTED');
    const { feedbacks } = await gql<{ feedbacks: { id: number }[] }>(
      LIST,
      { f: { experimentPk: ended } },
      officer,
    );
    expect(feedbacks.map((x) => x.id)).toEqual([f]);
  });

  it('sends no reminder once the feedback is submitted (the delayed reminder runs when its time comes)', async () => {
    // the clock reaches reminder 3: what its job runs
    const runner = t.app.get(FeedbackRemindersRunner);
    expect(await runner.remind({ experimentPk: ended, userId: pi.id, number: 3 })).toBe('feedback-submitted');
    expect(remindersTo(pi)).toHaveLength(1);
    expect(await runner.remind({ experimentPk: ended, userId: coProposer.id, number: 3 })).toBe('sent');
    expect(remindersTo(coProposer)).toEqual([
      expect.stringContaining('(reminder 2)'),
      expect.stringContaining('(reminder 3)'),
    ]);
  });

  it('records EXPERIMENT_FEEDBACK_SUBMITTED on the experiment for its workflow', async () => {
    await settle();
    const recorded = await t.app
      .get<EventStore>(EVENT_STORE)
      .readAll({ after: 0, limit: 1000, types: [EXPERIMENT_WORKFLOW_EVENT_RECORDED] });
    expect(
      recorded
        .filter((e) => (e.data as { experimentPk: number }).experimentPk === ended)
        .map((e) => (e.data as { name: string }).name),
    ).toContain('EXPERIMENT_FEEDBACK_SUBMITTED');
  });

  it('lets exactly the expected callers through each operation', async () => {
    const apiToken = await apiTokenFor(t);
    await settle();
    const before = await head();
    const cases: AccessCase[] = [
      { operation: 'createFeedback', document: CREATE, variables: { e: 999999 }, allowed: [Role.USER] },
      {
        operation: 'updateFeedback',
        document: UPDATE,
        variables: { f: 999999, s: 'SUBMITTED' },
        allowed: [Role.USER],
      },
      {
        operation: 'getFeedback',
        document: GET,
        variables: { f: 999999 },
        allowed: [Role.USER, Role.USER_OFFICER],
      },
      {
        operation: 'feedbacks',
        document: LIST,
        variables: { f: { experimentPk: 999999 } },
        allowed: [Role.USER_OFFICER],
      },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await appendedSince(before)).toEqual([]);
    const NEEDS_USER = ['createFeedback', 'updateFeedback'];
    const permitted = await apiTokenFor(
      t,
      cases.map((c) => c.operation),
    );
    const withToken = await head();
    for (const c of cases) {
      const res = await t.gql(c.document, c.variables ?? {}, permitted);
      const message = res.errors?.[0]?.message ?? '';
      const refusedToken = message.includes('may not call') || message.includes('needs a signed-in user');
      expect([c.operation, refusedToken]).toEqual([c.operation, NEEDS_USER.includes(c.operation)]);
    }
    expect(await appendedSince(withToken)).toEqual([]);
  });
});
