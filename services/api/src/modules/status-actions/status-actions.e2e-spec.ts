import { createServer } from 'node:net';
import {
  EMAIL_ACTION_ID,
  PROPOSAL_STATUS_CHANGED,
  PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA,
  QUEUES,
  RABBITMQ_ACTION_ID,
  Role,
  STATUS_ACTION_FAILED,
  STATUS_ACTION_REPLAY_REQUESTED,
  STATUS_ACTION_SUCCEEDED,
  statusActionsLogStreamId,
  statusActionsMessages,
  type StatusActionJobData,
} from '@user-office/contracts';
import Ajv from 'ajv';
import { connect, type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import {
  createOpenCall,
  createUser,
  defaultProposalWorkflowId,
  type TestUser,
  emailAction,
} from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { deliverAgain } from '../../../test/support/deliver-again';
import { startDevMailCatcher, type DevMailCatcher } from '../../dev-mail/dev-mail-catcher';
import type { EventStore, StoredEvent } from '../../platform/event-store/event-store.port';
import type { JobOutcome, JobQueue } from '../../platform/queue/job-queue.port';
import { EVENT_STORE, JOB_QUEUE } from '../../platform/tokens';
import { UsersService } from '../users';
import { WorkflowsRepository } from '../workflows';
import { StatusActionsRunner } from './jobs/status-actions.runner';
import { RABBITMQ_NOT_CONFIGURED } from './rabbitmq/amqp-publisher';
import { RunStatusActionsOnProposalStatusChangedReaction } from './reactions/run-status-actions-on-proposal-status-changed.reaction';
import { eventually } from '../../../test/support/eventually';

const AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey proposalId questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "Moves") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey proposalId } }`;
const CHANGE = `mutation($pks: [Int!]!, $statusId: Int) { changeProposalsStatus(proposalPks: $pks, statusId: $statusId) { primaryKey } }`;
const SET_ACTIONS = `mutation($id: Int!, $workflowId: Int!, $actions: [ConnectionStatusActionInput!]!) {
  addConnectionStatusActions(workflowConnectionId: $id, workflowId: $workflowId, actions: $actions) { id } }`;
const LOG_FIELDS = `statusActionsLogId connectionId statusId actionId actionType emailTemplateId recipientGroup recipient
  message successful timestamp proposals { primaryKey proposalId title callId }
  attempts { jobId successful message timestamp tries replay }`;
const LOGS = `query($filter: StatusActionsLogsFilter, $searchText: String, $sortField: String, $sortDirection: OrderDirection, $first: Int, $offset: Int) {
  getStatusActionsLogs(filter: $filter, searchText: $searchText, sortField: $sortField, sortDirection: $sortDirection, first: $first, offset: $offset) {
    totalCount statusActionsLogs { ${LOG_FIELDS} } } }`;
const REPLAY = `mutation($id: Int!) { replayStatusActionsLog(statusActionsLogId: $id) }`;

interface Log {
  statusActionsLogId: number;
  connectionId: number;
  statusId: number;
  actionId: number;
  actionType: 'EMAIL' | 'RABBITMQ';
  emailTemplateId: string | null;
  recipientGroup: string | null;
  recipient: string;
  message: string;
  successful: boolean;
  timestamp: string;
  proposals: { primaryKey: number; proposalId: string; title: string; callId: number }[];
  attempts: {
    jobId: string;
    successful: boolean;
    message: string;
    timestamp: string;
    tries: number;
    replay: boolean;
  }[];
}
interface LogsResult {
  getStatusActionsLogs: { totalCount: number; statusActionsLogs: Log[] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** polls until `probe` gives something truthy */

/** a loopback port nothing listens on */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** a fanout exchange of this test, with a queue bound to it that collects what is published */
async function testExchange(amqp: ChannelModel, name: string) {
  const channel: Channel = await amqp.createChannel();
  await channel.assertExchange(name, 'fanout', { durable: false });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, name, '');
  const received: ConsumeMessage[] = [];
  await channel.consume(
    queue,
    (msg) => {
      if (msg) received.push(msg);
    },
    { noAck: true },
  );
  return {
    name,
    received,
    bodies: () =>
      received.map(
        (m) =>
          JSON.parse(m.content.toString('utf8')) as { eventId: string; proposal: { primaryKey: number } },
      ),
    close: async () => {
      await channel.deleteExchange(name).catch(() => undefined);
      await channel.close().catch(() => undefined);
    },
  };
}

describe('status actions (PostgreSQL, BullMQ on Redis, RabbitMQ, the SMTP catcher)', () => {
  let t: TestApp;
  let catcher: DevMailCatcher;
  let amqp: ChannelModel;
  let exchange: Awaited<ReturnType<typeof testExchange>>;
  let officer: TestUser;
  let pi: TestUser;
  let piEmail: string;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let status: Record<string, number>;
  let store: EventStore;
  const outcomes: { queue: string; outcome: JobOutcome }[] = [];
  const validateMessage = new Ajv({ allErrors: true }).compile(PROPOSAL_STATUS_CHANGED_MESSAGE_SCHEMA);

  beforeAll(async () => {
    catcher = await startDevMailCatcher({ smtpPort: 0, webPort: 0 });
    t = await createTestApp({
      queue: 'redis',
      config: {
        smtpUrl: catcher.smtpUrl,
        amqpUrl: AMQP_URL,
        statusActionAttempts: 3,
        statusActionBackoffMs: 200,
      },
    });
    store = t.app.get<EventStore>(EVENT_STORE);
    t.app.get<JobQueue>(JOB_QUEUE).onOutcome((queue, outcome) => outcomes.push({ queue, outcome }));
    amqp = await connect(AMQP_URL);
    exchange = await testExchange(amqp, `uo-test-${process.pid}-${Date.now()}`);
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t, { firstname: 'Ada' });
    piEmail = (await t.app.get(UsersService).byId(pi.id))!.email;
    const workflows = t.app.get(WorkflowsRepository);
    status = Object.fromEntries((await workflows.statuses()).map((s) => [s.shortCode, s.id]));
    // the default workflow's APPROVED connection publishes to this test's exchange (and e-mails the PI)
    const workflowId = await defaultProposalWorkflowId(t);
    const approved = (await workflows.connections(workflowId)).find((c) => c.statusId === status.APPROVED)!;
    await gql(SET_ACTIONS, {
      id: approved.id,
      workflowId,
      actions: [
        emailAction([{ name: 'PI', template: 'proposal-accepted' }]),
        {
          actionId: RABBITMQ_ACTION_ID,
          actionType: 'RABBITMQ',
          config: JSON.stringify({ exchanges: [exchange.name] }),
        },
      ],
    });
    call = await createOpenCall(t, officer.token);
  });
  afterAll(async () => {
    await t.close();
    await exchange.close();
    await amqp.close();
    await catcher.close();
  });

  async function gql<T>(
    query: string,
    variables: Record<string, unknown>,
    user: TestUser = officer,
  ): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }
  /** the entries that ran (owed jobs not run yet are listed too, PENDING or RUNNING: see the owed-jobs test) */
  const logs = async (variables: { filter?: Record<string, unknown> } & Record<string, unknown> = {}) =>
    (
      await gql<LogsResult>(LOGS, {
        first: 1000,
        ...variables,
        filter: { states: ['SUCCESSFUL', 'FAILED'], ...variables.filter },
      })
    ).getStatusActionsLogs;
  const logsOf = async (pk: number) =>
    (await logs()).statusActionsLogs.filter((l) => l.proposals.some((p) => p.primaryKey === pk));
  const streamOf = async (log: Log) => {
    const key = log.attempts[0].jobId;
    return (await store.readStream(statusActionsLogStreamId(key))).map((e) => e.type);
  };
  const lastStatusChange = async (pk: number): Promise<StoredEvent> =>
    (await store.readStream(`proposal-${pk}`)).filter((e) => e.type === PROPOSAL_STATUS_CHANGED).at(-1)!;

  /** every job of the proposal has ended: its e-mails (submitted, and accepted when approved) and its RabbitMQ action */
  const allLogged = (pk: number, entries: number) =>
    eventually(async () => {
      const found = await logsOf(pk);
      return found.length === entries && found;
    }, `${entries} entries of proposal ${pk}`);

  let counter = 0;
  /** a proposal of `onCall` by the PI, submitted (the workflow takes it to SUBMITTED_LOCKED) */
  async function submitted(title = `Engine ${++counter}`, onCall = call) {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      CREATE,
      { callId: onCall.callId },
      pi,
    );
    const pk = createProposal.primaryKey;
    await gql(UPDATE, { pk, title }, pi);
    await gql(
      ANSWER,
      {
        q: createProposal.questionaryId,
        topic: onCall.topicId,
        answers: [{ questionId: onCall.questionId, value: '{"value":"x"}' }],
      },
      pi,
    );
    const { submitProposal } = await gql<{ submitProposal: { proposalId: string } }>(SUBMIT, { pk }, pi);
    // the engine (async) takes it to SUBMITTED_LOCKED: wait, so that a status set by hand comes after
    await eventually(
      async () => (await store.readStream(`proposal-${pk}`)).some((e) => e.type === PROPOSAL_STATUS_CHANGED),
      'the submission to reach SUBMITTED_LOCKED',
    );
    return { pk, proposalId: submitProposal.proposalId, title };
  }

  it('e-mails the PI the proposal-submitted template through SMTP when the proposal is submitted, and logs one success', async () => {
    const proposal = await submitted('Analytical engines');
    const mail = await catcher.waitFor(
      (m) => m.envelope.to.includes(piEmail) && m.subject.includes(proposal.proposalId),
    );
    expect(mail.subject).toBe(`Your proposal ${proposal.proposalId} has been submitted`);
    expect(mail.from).toBe('useroffice@facility.local');
    expect(mail.text).toContain('Dear Ada Tester,');
    expect(mail.text).toContain(`your proposal "Analytical engines" (${proposal.proposalId}) to the call`);
    expect(mail.text).toContain(`/ProposalEdit/${proposal.pk}`);
    expect(mail.html).toContain('<p>Dear Ada Tester,</p>');

    const [log] = await eventually(async () => {
      const found = await logsOf(proposal.pk);
      return found.length > 0 && found;
    }, 'the success to be logged');
    expect(log).toMatchObject({
      actionId: EMAIL_ACTION_ID,
      actionType: 'EMAIL',
      statusId: status.SUBMITTED_LOCKED,
      emailTemplateId: 'proposal-submitted',
      recipientGroup: 'PI',
      recipient: piEmail,
      successful: true,
      message: `E-mail "${mail.subject}" (proposal-submitted) sent to ${piEmail}`,
      proposals: [
        {
          primaryKey: proposal.pk,
          proposalId: proposal.proposalId,
          title: 'Analytical engines',
          callId: call.callId,
        },
      ],
      attempts: [{ successful: true, tries: 1, replay: false }],
    });
    const event = await lastStatusChange(proposal.pk);
    expect(log.attempts[0].jobId).toBe(`${event.eventId}-${EMAIL_ACTION_ID}-proposal-submitted-${piEmail}`);
    expect(await streamOf(log)).toEqual([STATUS_ACTION_SUCCEEDED]);
    expect(catcher.messages().filter((m) => m.subject.includes(proposal.proposalId))).toHaveLength(1);
  });

  it('a second delivery of the status change enqueues nothing and logs nothing twice', async () => {
    const proposal = await submitted();
    const [log] = await eventually(async () => {
      const found = await logsOf(proposal.pk);
      return found.length > 0 && found;
    }, 'the success to be logged');
    const event = await lastStatusChange(proposal.pk);
    // the reaction is at least once: handed the event again, it enqueues the same job ids (ignored)
    await deliverAgain(t.app, t.app.get(RunStatusActionsOnProposalStatusChangedReaction), event);
    // and a job run again after its outcome was logged does nothing
    const job = (await t.app.get<JobQueue>(JOB_QUEUE).getJob(QUEUES.email, log.attempts[0].jobId))!;
    const again = await t.app
      .get(StatusActionsRunner)
      .process(job.data as StatusActionJobData, { id: job.id, name: job.name, attemptsMade: 0 });
    expect(again).toEqual({ successful: true, alreadyLogged: true });
    await sleep(500);
    expect(await streamOf(log)).toEqual([STATUS_ACTION_SUCCEEDED]);
    expect(await logsOf(proposal.pk)).toHaveLength(1);
    expect(catcher.messages().filter((m) => m.subject.includes(proposal.proposalId))).toHaveLength(1);
  });

  it('APPROVED publishes a message that validates against the JSON Schema (publisher confirms), and logs it', async () => {
    const proposal = await submitted('Difference engines');
    await gql(CHANGE, { pks: [proposal.pk], statusId: status.APPROVED });
    const message = await eventually(
      async () =>
        exchange.received.find((m) => JSON.parse(m.content.toString()).proposal.primaryKey === proposal.pk),
      'the message on the test exchange',
    );
    const body = JSON.parse(message.content.toString('utf8')) as Record<string, unknown>;
    expect(validateMessage(body)).toBe(true);
    expect(validateMessage.errors ?? null).toBeNull();
    const event = await lastStatusChange(proposal.pk);
    expect(body).toMatchObject({
      type: 'PROPOSAL_STATUS_CHANGED',
      eventId: event.eventId,
      occurredAt: event.createdAt.toISOString(),
      proposal: {
        primaryKey: proposal.pk,
        proposalId: proposal.proposalId,
        title: 'Difference engines',
        callId: call.callId,
        statusId: status.APPROVED,
        statusShortCode: 'APPROVED',
        statusName: 'Approved',
        submitted: true,
        proposer: { id: pi.id, firstname: 'Ada', lastname: 'Tester', email: piEmail },
        members: [],
      },
    });
    expect(message.properties).toMatchObject({
      contentType: 'application/json',
      type: 'PROPOSAL_STATUS_CHANGED',
      messageId: event.eventId,
      deliveryMode: 2,
    });
    const entries = await eventually(async () => {
      const found = (await logsOf(proposal.pk)).filter((l) => l.statusId === status.APPROVED);
      return found.length === 2 && found;
    }, 'both APPROVED actions to be logged');
    const rabbit = entries.find((l) => l.actionType === 'RABBITMQ')!;
    expect(rabbit).toMatchObject({
      actionId: RABBITMQ_ACTION_ID,
      recipient: exchange.name,
      successful: true,
      message: `PROPOSAL_STATUS_CHANGED published to ${exchange.name} (confirmed by the broker)`,
      emailTemplateId: null,
      recipientGroup: null,
    });
    expect(rabbit.attempts[0].jobId).toBe(`${event.eventId}-${RABBITMQ_ACTION_ID}`);
    expect(entries.find((l) => l.actionType === 'EMAIL')).toMatchObject({
      emailTemplateId: 'proposal-accepted',
      successful: true,
    });
    await catcher.waitFor((m) => m.subject === `Your proposal ${proposal.proposalId} has been accepted`);
  });

  it('RabbitMQ unreachable: the attempt is logged failed after its retries; once it is back, replay succeeds', async () => {
    const port = await closedPort();
    t.config.amqpUrl = `amqp://guest:guest@127.0.0.1:${port}`;
    try {
      const proposal = await submitted();
      await gql(CHANGE, { pks: [proposal.pk], statusId: status.APPROVED });
      const failed = await eventually(
        async () => (await logsOf(proposal.pk)).find((l) => l.actionType === 'RABBITMQ'),
        'the failure to be logged',
      );
      expect(failed).toMatchObject({ successful: false, recipient: exchange.name });
      expect(failed.message).toMatch(
        new RegExp(
          `^RabbitMQ is not reachable at amqp://guest:\\*\\*\\*@127\\.0\\.0\\.1:${port}: .*ECONNREFUSED.* \\(after 3 tries\\)$`,
        ),
      );
      expect(failed.attempts).toEqual([
        expect.objectContaining({ successful: false, tries: 3, replay: false }),
      ]);
      expect(exchange.bodies().filter((b) => b.proposal.primaryKey === proposal.pk)).toEqual([]);

      t.config.amqpUrl = AMQP_URL; // the broker "returns"
      const res = await t.gql<{ replayStatusActionsLog: boolean }>(
        REPLAY,
        { id: failed.statusActionsLogId },
        officer.token,
      );
      expect(res).toEqual({ data: { replayStatusActionsLog: true } });
      const replayed = await eventually(async () => {
        const entry = (await logsOf(proposal.pk)).find(
          (l) => l.statusActionsLogId === failed.statusActionsLogId,
        );
        return entry?.successful && entry;
      }, 'the replay to succeed');
      expect(replayed.attempts).toEqual([
        expect.objectContaining({ successful: false, tries: 3, replay: false }),
        expect.objectContaining({ successful: true, tries: 1, replay: true }),
      ]);
      expect(replayed.message).toBe(
        `PROPOSAL_STATUS_CHANGED published to ${exchange.name} (confirmed by the broker)`,
      );
      expect(await streamOf(replayed)).toEqual([
        STATUS_ACTION_FAILED,
        STATUS_ACTION_REPLAY_REQUESTED,
        STATUS_ACTION_SUCCEEDED,
      ]);
      const event = await lastStatusChange(proposal.pk);
      await eventually(
        async () => exchange.bodies().find((b) => b.proposal.primaryKey === proposal.pk),
        'the replayed message',
      );
      expect(exchange.bodies().filter((b) => b.proposal.primaryKey === proposal.pk)).toEqual([
        expect.objectContaining({ eventId: event.eventId }),
      ]);
      await allLogged(proposal.pk, 3);
    } finally {
      t.config.amqpUrl = AMQP_URL;
    }
  });

  it('without AMQP_URL a RabbitMQ action fails at once: "RabbitMQ is not configured"', async () => {
    t.config.amqpUrl = null;
    try {
      const proposal = await submitted();
      await gql(CHANGE, { pks: [proposal.pk], statusId: status.APPROVED });
      const failed = await eventually(
        async () => (await logsOf(proposal.pk)).find((l) => l.actionType === 'RABBITMQ'),
        'the failure to be logged',
      );
      expect(failed).toMatchObject({
        successful: false,
        message: RABBITMQ_NOT_CONFIGURED,
        attempts: [expect.objectContaining({ tries: 1 })],
      });
      await allLogged(proposal.pk, 3);
    } finally {
      t.config.amqpUrl = AMQP_URL;
    }
  });

  it('SMTP down: the e-mail is retried with backoff, then logged failed; replay delivers it once SMTP is back', async () => {
    const port = await closedPort();
    t.config.smtpUrl = `smtp://127.0.0.1:${port}`;
    const before = outcomes.length;
    try {
      const proposal = await submitted();
      const failed = await eventually(async () => (await logsOf(proposal.pk))[0], 'the failure to be logged');
      expect(failed).toMatchObject({
        successful: false,
        recipient: piEmail,
        attempts: [expect.objectContaining({ tries: 3 })],
      });
      expect(failed.message).toMatch(
        new RegExp(`^E-mail to ${piEmail} could not be sent: .*ECONNREFUSED.* \\(after 3 tries\\)$`),
      );
      // three tries on the email queue: two retried (after 200 ms, then 400 ms), the last one failed (other
      // e-mail jobs of earlier tests may complete meanwhile)
      const mine = outcomes
        .slice(before)
        .filter((o) => o.queue === QUEUES.email)
        .map((o) => o.outcome)
        .filter((o) => o !== 'completed');
      expect(mine).toEqual(['retried', 'retried', 'failed']);
      const job = (await t.app.get<JobQueue>(JOB_QUEUE).getJob(QUEUES.email, failed.attempts[0].jobId))!;
      expect(job).toMatchObject({ state: 'failed', attemptsMade: 3 });
      const reached = (await lastStatusChange(proposal.pk)).createdAt.getTime();
      expect(new Date(failed.timestamp).getTime() - reached).toBeGreaterThanOrEqual(600);

      t.config.smtpUrl = catcher.smtpUrl;
      await gql(REPLAY, { id: failed.statusActionsLogId });
      await catcher.waitFor((m) => m.subject === `Your proposal ${proposal.proposalId} has been submitted`);
      const replayed = await eventually(async () => {
        const entry = (await logsOf(proposal.pk))[0];
        return entry?.successful && entry;
      }, 'the replay to succeed');
      expect(replayed.attempts.map((a) => [a.successful, a.replay])).toEqual([
        [false, false],
        [true, true],
      ]);
    } finally {
      t.config.smtpUrl = catcher.smtpUrl;
    }
  });

  it('recipient groups the system does not model yet resolve to nobody, and the log says so', async () => {
    const workflowId = await defaultProposalWorkflowId(t);
    const workflows = t.app.get(WorkflowsRepository);
    const unsuccessful = (await workflows.connections(workflowId)).find(
      (c) => c.statusId === status.UNSUCCESSFUL,
    )!;
    await gql(SET_ACTIONS, {
      id: unsuccessful.id,
      workflowId,
      actions: [
        emailAction(
          [
            { name: 'INSTRUMENT_SCIENTISTS', template: 'proposal-rejected' },
            { name: 'OTHER', template: 'proposal-rejected' },
          ],
          { other: ['panel@facility.example'] },
        ),
      ],
    });
    const proposal = await submitted();
    await gql(CHANGE, { pks: [proposal.pk], statusId: status.UNSUCCESSFUL });
    const entries = await eventually(async () => {
      const found = (await logsOf(proposal.pk)).filter((l) => l.statusId === status.UNSUCCESSFUL);
      return found.length === 2 && found;
    }, 'both recipients to be logged');
    expect(entries.find((l) => l.recipientGroup === 'INSTRUMENT_SCIENTISTS')).toMatchObject({
      successful: false,
      recipient: '(INSTRUMENT_SCIENTISTS)',
      message:
        'No e-mail sent: Recipients INSTRUMENT_SCIENTISTS resolve to nobody: the proposal is on no instrument with a manager or scientist',
      attempts: [expect.objectContaining({ tries: 1 })],
    });
    expect(entries.find((l) => l.recipientGroup === 'OTHER')).toMatchObject({
      successful: true,
      recipient: 'panel@facility.example',
    });
    await catcher.waitFor(
      (m) => m.envelope.to.includes('panel@facility.example') && m.subject.includes(proposal.proposalId),
    );
  });

  it('getStatusActionsLogs filters by outcome, calls and status actions; searches; sorts; pages', async () => {
    const other = await createOpenCall(t, officer.token);
    const a = await submitted('Jacquard looms', other);
    const b = await submitted('Babbage engines', other);
    t.config.amqpUrl = null;
    try {
      await gql(CHANGE, { pks: [a.pk], statusId: status.APPROVED });
      await eventually(async () => {
        const found = await logs({ filter: { callIds: [other.callId] } });
        return found.totalCount === 4 && found;
      }, 'four entries of the call');
    } finally {
      t.config.amqpUrl = AMQP_URL;
    }
    const ofCall = (extra: Record<string, unknown> = {}, variables: Record<string, unknown> = {}) =>
      logs({ filter: { callIds: [other.callId], ...extra }, ...variables });

    const all = await ofCall();
    expect(
      all.statusActionsLogs.map((l) => [l.proposals[0].primaryKey, l.actionType, l.successful]).sort(),
    ).toEqual(
      [
        [a.pk, 'EMAIL', true],
        [a.pk, 'EMAIL', true],
        [a.pk, 'RABBITMQ', false],
        [b.pk, 'EMAIL', true],
      ].sort(),
    );
    // newest first by default
    const times = all.statusActionsLogs.map((l) => l.timestamp);
    expect(times).toEqual([...times].sort().reverse());

    expect(
      (await ofCall({ statusActionsSuccessful: false })).statusActionsLogs.map((l) => l.actionType),
    ).toEqual(['RABBITMQ']);
    expect((await ofCall({ statusActionsSuccessful: true })).totalCount).toBe(3);
    expect((await ofCall({ statusActionIds: [RABBITMQ_ACTION_ID] })).totalCount).toBe(1);
    expect((await ofCall({ statusActionIds: [EMAIL_ACTION_ID, RABBITMQ_ACTION_ID] })).totalCount).toBe(4);
    expect((await logs({ filter: { callIds: [other.callId, call.callId] } })).totalCount).toBeGreaterThan(4);

    const search = async (searchText: string) =>
      (await ofCall({}, { searchText })).statusActionsLogs.map((l) => l.proposals[0].title);
    expect(await search('JACQUARD')).toEqual(['Jacquard looms', 'Jacquard looms', 'Jacquard looms']);
    expect(await search('babbage eng')).toEqual(['Babbage engines']);
    expect(await search('not configured')).toEqual(['Jacquard looms']);
    expect(await search('proposal-accepted')).toEqual(['Jacquard looms']);
    expect(await search('100%_')).toEqual([]);

    const ids = (result: { statusActionsLogs: Log[] }) =>
      result.statusActionsLogs.map((l) => l.statusActionsLogId);
    const ascending = ids(await ofCall({}, { sortField: 'statusActionsLogId', sortDirection: 'ASC' }));
    expect(ascending).toEqual([...ascending].sort((x, y) => x - y));
    expect(ids(await ofCall({}, { sortField: 'statusActionsLogId', sortDirection: 'DESC' }))).toEqual(
      [...ascending].reverse(),
    );
    const bySuccess = (await ofCall({}, { sortField: 'successful', sortDirection: 'ASC' })).statusActionsLogs;
    expect(bySuccess.map((l) => l.successful)).toEqual([false, true, true, true]);
    const page = await ofCall(
      {},
      { sortField: 'statusActionsLogId', sortDirection: 'ASC', first: 2, offset: 1 },
    );
    expect(page.totalCount).toBe(4);
    expect(ids(page)).toEqual(ascending.slice(1, 3));
    expect(
      ids(await ofCall({}, { sortField: 'statusActionsLogId', sortDirection: 'ASC', first: 2, offset: 3 })),
    ).toEqual(ascending.slice(3));

    const refused = async (variables: Record<string, unknown>, message: string) => {
      const res = await t.gql(LOGS, variables, officer.token);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    };
    await refused({ searchText: 'ab' }, statusActionsMessages.searchTooShort);
    await refused({ sortField: 'password' }, statusActionsMessages.unknownSortField);
    await refused({ first: 0 }, statusActionsMessages.pageSize);
    await refused({ first: 5000 }, statusActionsMessages.pageSize);
    await refused({ offset: -1 }, statusActionsMessages.offset);
    await refused({ filter: { callIds: [0] } }, statusActionsMessages.idsInvalid);
  });

  it('replay of an unknown or invalid log is refused with the message, and appends nothing', async () => {
    // refusals are checked by their request's correlation id: status-action jobs append in the background
    await expectRefused(
      t,
      { query: REPLAY, variables: { id: 987654 }, token: officer.token },
      statusActionsMessages.logNotFound,
      'NOT_FOUND',
    );
    const errors = await expectRefused(
      t,
      { query: REPLAY, variables: { id: 0 }, token: officer.token },
      statusActionsMessages.logIdInvalid,
    );
    expect(errors?.[0].extensions?.fieldErrors).toEqual({
      statusActionsLogId: statusActionsMessages.logIdInvalid,
    });
  });

  it('lets officers only read the log and replay', async () => {
    const cases: AccessCase[] = [
      {
        operation: 'getStatusActionsLogs',
        document: '{ getStatusActionsLogs { totalCount } }',
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'replayStatusActionsLog',
        document: 'mutation { replayStatusActionsLog(statusActionsLogId: 987654) }',
        allowed: [Role.USER_OFFICER],
      },
    ];
    const apiToken = await apiTokenFor(t);
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
  });
});

describe('status actions on the embedded defaults (PGlite, in-process queue)', () => {
  let t: TestApp;
  let catcher: DevMailCatcher;

  beforeAll(async () => {
    catcher = await startDevMailCatcher({ smtpPort: 0, webPort: 0 });
    t = await createTestApp({ store: 'pglite', config: { smtpUrl: catcher.smtpUrl, amqpUrl: null } });
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  it('e-mails the PI on submission and logs one success', async () => {
    const officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    const pi = await createUser(t);
    const email = (await t.app.get(UsersService).byId(pi.id))!.email;
    const call = await createOpenCall(t, officer.token);
    const ok = async <T>(query: string, variables: Record<string, unknown>, token: string) => {
      const res = await t.gql<T>(query, variables, token);
      expect(res.errors).toBeUndefined();
      return res.data!;
    };
    const { createProposal } = await ok<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      CREATE,
      { callId: call.callId },
      pi.token,
    );
    const pk = createProposal.primaryKey;
    await ok(UPDATE, { pk, title: 'Embedded' }, pi.token);
    await ok(
      ANSWER,
      {
        q: createProposal.questionaryId,
        topic: call.topicId,
        answers: [{ questionId: call.questionId, value: '{"value":"x"}' }],
      },
      pi.token,
    );
    await ok(SUBMIT, { pk }, pi.token);
    await catcher.waitFor((m) => m.envelope.to.includes(email));
    const result = await eventually(async () => {
      const found = (
        await ok<LogsResult>(LOGS, { filter: { states: ['SUCCESSFUL', 'FAILED'] } }, officer.token)
      ).getStatusActionsLogs;
      return found.totalCount === 1 && found;
    }, 'the success to be logged');
    expect(result.statusActionsLogs[0]).toMatchObject({
      recipient: email,
      successful: true,
      actionType: 'EMAIL',
    });
  });
});
