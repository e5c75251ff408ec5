import {
  COMPATIBLE_INSTRUMENT_MESSAGE_SCHEMA,
  COMPATIBLE_PROPOSAL_MESSAGE_SCHEMA,
  PROPOSAL_STATUS_ACTION_EXECUTED,
  PROPOSAL_STATUS_CHANGED,
  QUEUES,
  RABBITMQ_ACTION_ID,
  Role,
  deadLetterQueueOf,
  type CompatibleProposalMessage,
  type StatusActionJobData,
} from '@user-office/contracts';
import Ajv from 'ajv';
import { connect, type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { eventually } from '../../../test/support/eventually';
import {
  createOpenCall,
  createUser,
  defaultProposalWorkflowId,
  type TestUser,
} from '../../../test/support/fixtures';
import { startTcpProxy, type TcpProxy } from '../../../test/support/tcp-proxy';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createTestDatabase } from '../../../test/support/test-database';
import { pgTemplate } from '../../../test/support/test-templates';
import type { SqlClient } from '../../platform/database/sql-client';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE, SQL_CLIENT } from '../../platform/tokens';
import { ExperimentsRepository } from '../experiments';
import { SchedulerConsumer, type InboxOutcome } from '../scheduler-inbox';
import { WorkflowsRepository } from '../workflows';
import { StatusActionsRunner } from './jobs/status-actions.runner';

const BROKER_PORT = Number(new URL(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672').port || 5672);
const AMQP_URL = process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
const DOWNSTREAM_REACTION = 'publish_downstream_messages_on_events';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const CREATE = `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`;
const CHANGE = `mutation($pks: [Int!]!, $s: Int) { changeProposalsStatus(proposalPks: $pks, statusId: $s) { primaryKey } }`;
const DELETE = `mutation($pk: Int!) { deleteProposal(proposalPk: $pk) { primaryKey } }`;
const LOGS = `{ getStatusActionsLogs(first: 100) { statusActionsLogs {
  actionType profile recipient message state successful proposals { primaryKey } } } }`;
const DOWNSTREAM = `query($filter: DownstreamMessagesFilter) { getDownstreamMessages(filter: $filter, first: 100) {
  totalCount downstreamMessages { messageKey type messageId orderingKey exchanges publishedTo message state successful
  tries timestamp } } }`;
interface DownstreamRow {
  messageKey: string;
  type: string;
  messageId: string;
  orderingKey: string;
  exchanges: string[];
  publishedTo: string[];
  message: string;
  state: string;
  successful: boolean;
  tries: number;
}
const SET_ACTIONS = `mutation($id: Int!, $workflowId: Int!, $actions: [ConnectionStatusActionInput!]!) {
  addConnectionStatusActions(workflowConnectionId: $id, workflowId: $workflowId, actions: $actions) { id } }`;

/** a queue of the test (exclusive, on the real broker) bound to `exchanges`: what they get, in arrival order */
async function collector(channel: Channel, exchanges: string[]) {
  const { queue } = await channel.assertQueue('', { exclusive: true });
  for (const exchange of exchanges) await channel.bindQueue(queue, exchange, '');
  const received: ConsumeMessage[] = [];
  await channel.consume(queue, (msg) => msg && received.push(msg), { noAck: true });
  const body = (m: ConsumeMessage) => JSON.parse(m.content.toString('utf8')) as Record<string, unknown>;
  return { received, body };
}

describe('downstream systems over RabbitMQ: the compatible profile out, the scheduler in (real RabbitMQ)', () => {
  const run = `uo-test-ds-${process.pid}-${Date.now()}`;
  const outA = `${run}.a.fanout`;
  const outB = `${run}.b.fanout`;
  const feed = `${run}.fanout`;
  const schedulerExchange = `${run}.scheduler.fanout`;
  const schedulerQueue = `${run}.scheduler`;
  const ajv = new Ajv({ allErrors: true });
  const validProposal = ajv.compile(COMPATIBLE_PROPOSAL_MESSAGE_SCHEMA);
  const validInstrument = ajv.compile(COMPATIBLE_INSTRUMENT_MESSAGE_SCHEMA);
  let proxy: TcpProxy;
  let t: TestApp;
  let amqp: ChannelModel;
  let channel: Channel;
  let officer: TestUser;
  let pi: TestUser;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let status: Record<string, number>;
  let store: EventStore;
  let instrumentId: number;
  const outcomes: { outcome: InboxOutcome; type: string }[] = [];

  async function gql<T>(
    query: string,
    variables: Record<string, unknown>,
    user: TestUser = officer,
  ): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }
  const proposal = async () =>
    (await gql<{ createProposal: { primaryKey: number } }>(CREATE, { c: call.callId }, pi)).createProposal
      .primaryKey;
  /** a proposal of the call, submitted (the workflow's own move to SUBMITTED_LOCKED waited for) */
  async function submitted(): Promise<number> {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
      { c: call.callId },
      pi,
    );
    const pk = createProposal.primaryKey;
    await gql(
      `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`,
      {
        q: createProposal.questionaryId,
        topic: call.topicId,
        a: [{ questionId: call.questionId, value: '{"value":"x"}' }],
      },
      pi,
    );
    await gql(`mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`, { pk }, pi);
    await eventually(async () => (await statusChanges(pk)).length > 0, 'the submission to move the proposal');
    return pk;
  }
  const downstream = async (filter: Record<string, unknown> = {}) =>
    (await gql<{ getDownstreamMessages: { downstreamMessages: DownstreamRow[] } }>(DOWNSTREAM, { filter }))
      .getDownstreamMessages.downstreamMessages;
  const statusChanges = async (pk: number) =>
    (await store.readStream(`proposal-${pk}`)).filter((e) => e.type === PROPOSAL_STATUS_CHANGED);

  beforeAll(async () => {
    proxy = await startTcpProxy(BROKER_PORT);
    amqp = await connect(AMQP_URL);
    channel = await amqp.createChannel();
    for (const exchange of [outA, outB, feed, schedulerExchange])
      await channel.assertExchange(exchange, 'fanout', { durable: true });
    t = await createTestApp({
      queue: 'redis',
      config: {
        amqpUrl: `amqp://guest:guest@127.0.0.1:${proxy.port}`,
        rabbitmqExchanges: [feed],
        rabbitmqFeedTypes: [],
        rabbitmqOutBackoffMs: 100,
        rabbitmqSchedulerQueue: schedulerQueue,
        rabbitmqSchedulerExchange: schedulerExchange,
        rabbitmqPrefetch: 10,
        owedJobsReconcileMs: 500,
      },
    });
    store = t.app.get<EventStore>(EVENT_STORE);
    t.app.get(SchedulerConsumer).onOutcome((outcome, type) => outcomes.push({ outcome, type }));
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t, { firstname: 'Ada' });
    const workflows = t.app.get(WorkflowsRepository);
    status = Object.fromEntries((await workflows.statuses()).map((s) => [s.shortCode, s.id]));
    const workflowId = await defaultProposalWorkflowId(t);
    const connections = await workflows.connections(workflowId);
    const rabbit = (config: Record<string, unknown>) => [
      { actionId: RABBITMQ_ACTION_ID, actionType: 'RABBITMQ', config: JSON.stringify(config) },
    ];
    // APPROVED publishes the compatible message to two exchanges; UNSUCCESSFUL to one (a second message per proposal)
    for (const [code, config] of [
      ['APPROVED', { profile: 'compatible', exchanges: [outA, outB] }],
      ['UNSUCCESSFUL', { profile: 'compatible', exchanges: [outA] }],
    ] as const) {
      const connection = connections.find((c) => c.statusId === status[code])!;
      await gql(SET_ACTIONS, { id: connection.id, workflowId, actions: rabbit(config) });
    }
    call = await createOpenCall(t, officer.token);
    instrumentId = (
      await gql<{ createInstrument: { id: number } }>(
        `mutation { createInstrument(name: "Larmor", shortCode: "LARMOR-${process.pid}", description: "SANS") { id } }`,
        {},
      )
    ).createInstrument.id;
    await gql(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: call.callId, i: [{ instrumentId }] },
    );
  });
  afterAll(async () => {
    await t?.close();
    for (const exchange of [outA, outB, feed, schedulerExchange])
      await channel.deleteExchange(exchange).catch(() => undefined);
    for (const queue of [schedulerQueue, deadLetterQueueOf(schedulerQueue)])
      await channel.deleteQueue(queue).catch(() => undefined);
    await channel.deleteExchange(`DLX__${schedulerQueue}`).catch(() => undefined);
    await amqp.close();
    await proxy.close();
  });

  it('PROPOSAL_STATUS_ACTION_EXECUTED: once per exchange, the compatible properties, the body of its schema with seconds allocated', async () => {
    const a = await collector(channel, [outA]);
    const b = await collector(channel, [outB]);
    const pk = await submitted();
    await gql(
      `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
      { p: [pk], i: [instrumentId] },
    );
    await gql(
      `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!]) {
        administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementTimeAllocations: $a) { primaryKey } }`,
      { pk, a: [{ instrumentId, value: 3 }] },
    );
    await gql(CHANGE, { pks: [pk], s: status.APPROVED });
    await eventually(async () => a.received.length >= 1 && b.received.length >= 1, 'both exchanges');
    await sleep(300); // nothing more comes
    expect(a.received).toHaveLength(1);
    expect(b.received).toHaveLength(1);
    const [change] = (await statusChanges(pk)).slice(-1);
    for (const msg of [a.received[0], b.received[0]]) {
      expect(msg.fields.routingKey).toBe('');
      expect(msg.properties).toMatchObject({
        type: PROPOSAL_STATUS_ACTION_EXECUTED,
        messageId: change.eventId,
        deliveryMode: 2,
        contentType: 'application/json',
        timestamp: change.createdAt.getTime(),
      });
      expect(msg.properties.headers?.type).toBeUndefined();
      const body = a.body(msg) as unknown as CompatibleProposalMessage;
      expect(validProposal(body) ? [] : validProposal.errors).toEqual([]);
      expect(body).toMatchObject({
        proposalPk: pk,
        callId: call.callId,
        newStatus: 'APPROVED',
        submitted: true,
        proposer: { id: String(pi.id), firstName: 'Ada', lastName: 'Tester' },
        members: [],
        instruments: [{ id: instrumentId, shortCode: `LARMOR-${process.pid}`, allocatedTime: 3 * 86_400 }],
      });
    }
    // the status actions log: the action's profile, its exchanges and its outcome
    type LogRow = {
      actionType: string;
      profile: string | null;
      recipient: string;
      message: string;
      state: string;
    };
    const mine = async () =>
      (
        await gql<{
          getStatusActionsLogs: { statusActionsLogs: (LogRow & { proposals: { primaryKey: number }[] })[] };
        }>(LOGS, {})
      ).getStatusActionsLogs.statusActionsLogs.filter(
        (l) => l.actionType === 'RABBITMQ' && l.proposals.some((p) => p.primaryKey === pk),
      );
    await eventually(async () => (await mine()).some((l) => l.state === 'SUCCESSFUL'), 'the logged outcome');
    expect(await mine()).toEqual([
      expect.objectContaining({
        actionType: 'RABBITMQ',
        profile: 'compatible',
        recipient: `${outA}, ${outB}`,
        state: 'SUCCESSFUL',
        message: `${PROPOSAL_STATUS_ACTION_EXECUTED} published to ${outA}, ${outB} (confirmed by the broker)`,
      }),
    ]);
  });

  it("the console is told the installation's RabbitMQ defaults (RABBITMQ_DEFAULT_PROFILE, RABBITMQ_EXCHANGES)", async () => {
    const { getStatusActions } = await gql<{ getStatusActions: { type: string; defaultConfig: unknown }[] }>(
      '{ getStatusActions { type defaultConfig } }',
      {},
    );
    expect(getStatusActions.find((a) => a.type === 'RABBITMQ')?.defaultConfig).toMatchObject({
      profiles: ['native', 'compatible'],
      defaultProfile: 'native',
      compatibleExchanges: [feed],
    });
  });

  it('PROPOSAL_DELETED and INSTRUMENT_DELETED without any workflow; a feed type only once switched on', async () => {
    const out = await collector(channel, [feed]);
    const caughtUp = () => t.projections.waitForHead([DOWNSTREAM_REACTION]);
    t.config.rabbitmqFeedTypes = [];
    const quiet = await proposal(); // PROPOSAL_CREATED is off
    await caughtUp();
    t.config.rabbitmqFeedTypes = ['PROPOSAL_CREATED'];
    const announced = await proposal();
    await caughtUp();
    t.config.rabbitmqFeedTypes = [];
    await gql(DELETE, { pk: quiet }, pi);
    const { createInstrument } = await gql<{ createInstrument: { id: number } }>(
      `mutation { createInstrument(name: "Gone", shortCode: "GONE-${process.pid}", description: "x") { id } }`,
      {},
    );
    await gql(`mutation($id: Int!) { deleteInstrument(id: $id) { id } }`, { id: createInstrument.id });
    await eventually(async () => out.received.length >= 3, 'the three messages');
    await sleep(300);
    const types = out.received.map((m) => [m.properties.type, out.body(m).proposalPk ?? out.body(m).id]);
    expect(types).toEqual([
      ['PROPOSAL_CREATED', announced],
      ['PROPOSAL_DELETED', quiet],
      ['INSTRUMENT_DELETED', createInstrument.id],
    ]);
    const [created, deleted, instrument] = out.received.map(out.body);
    expect(validProposal(created) ? [] : validProposal.errors).toEqual([]);
    expect(validProposal(deleted) ? [] : validProposal.errors).toEqual([]);
    expect(deleted).toMatchObject({ proposalPk: quiet, instruments: [], newStatus: 'DRAFT' });
    expect(validInstrument(instrument) ? [] : validInstrument.errors).toEqual([]);
    expect(instrument).toMatchObject({
      id: createInstrument.id,
      name: 'Gone',
      shortCode: `GONE-${process.pid}`,
    });

    // officers see each message with its outcome (getDownstreamMessages), newest first
    const published = out.received.map((m) => m.properties.messageId as string);
    const listed = async () =>
      (await downstream()).filter((m) => published.includes(m.messageId) && m.state === 'SUCCESSFUL');
    await eventually(async () => (await listed()).length === 3, 'the three outcomes listed');
    expect((await listed()).reverse()).toEqual(
      [
        ['PROPOSAL_CREATED', `proposal-${announced}`],
        ['PROPOSAL_DELETED', `proposal-${quiet}`],
        ['INSTRUMENT_DELETED', `instrument-${createInstrument.id}`],
      ].map(([type, orderingKey], i) =>
        expect.objectContaining({
          type,
          orderingKey,
          messageKey: `${published[i]}-${type}`,
          exchanges: [feed],
          publishedTo: [feed],
          successful: true,
          tries: 1,
          message: `${type} published to ${feed} (confirmed by the broker)`,
        }),
      ),
    );
    expect((await downstream({ types: ['INSTRUMENT_DELETED'] })).map((m) => m.type)).toEqual(
      expect.arrayContaining(['INSTRUMENT_DELETED']),
    );
    expect(
      (await downstream({ types: ['INSTRUMENT_DELETED'] })).every((m) => m.type === 'INSTRUMENT_DELETED'),
    ).toBe(true);
    // officers only
    const refused = await t.gql(DOWNSTREAM, {}, pi.token);
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
  });

  it('the broker away while proposals move: once it is back, every owed message is published once, in order per proposal', async () => {
    const out = await collector(channel, [outA, feed]);
    const pks = await Promise.all([1, 2, 3, 4, 5].map(() => proposal()));
    await proxy.cut();
    try {
      await gql(CHANGE, { pks, s: status.APPROVED });
      await gql(CHANGE, { pks, s: status.UNSUCCESSFUL });
      // both status changes of each proposal are owed before it is deleted
      const sql = t.app.get<SqlClient>(SQL_CLIENT);
      await eventually(async () => {
        const owed = await sql.query<{ n: string }>(
          `SELECT count(*) AS n FROM owed_jobs WHERE queue = $1 AND (data->'action'->>'proposalPk')::int = ANY($2::int[])`,
          [QUEUES.rabbitmq, pks],
        );
        return Number(owed.rows[0].n) === 10;
      }, 'ten owed messages');
      for (const pk of pks) await gql(DELETE, { pk }, pi);
      await sleep(1500);
      expect(out.received).toHaveLength(0); // nothing got through
      // the deletions are listed as owed, waiting, with why
      const deletions = async () =>
        (await downstream({ types: ['PROPOSAL_DELETED'] })).filter((m) =>
          pks.some((pk) => m.orderingKey === `proposal-${pk}`),
        );
      await eventually(async () => (await deletions()).length === 5, 'the five owed deletions listed');
      for (const m of await deletions()) {
        expect(['PENDING', 'RUNNING']).toContain(m.state);
        expect(m.publishedTo).toEqual([]);
      }
      expect((await deletions()).some((m) => m.message.startsWith('Waiting to try again after: '))).toBe(
        true,
      );
    } finally {
      await proxy.restore();
    }
    await eventually(async () => out.received.length >= 15, 'fifteen messages', 30_000);
    await sleep(1000);
    expect(out.received).toHaveLength(15);
    expect(new Set(out.received.map((m) => m.properties.messageId)).size).toBe(15);
    for (const pk of pks) {
      const mine = out.received.filter((m) => out.body(m).proposalPk === pk);
      expect(mine.map((m) => [m.properties.type, out.body(m).newStatus])).toEqual([
        [PROPOSAL_STATUS_ACTION_EXECUTED, 'APPROVED'],
        [PROPOSAL_STATUS_ACTION_EXECUTED, 'UNSUCCESSFUL'],
        ['PROPOSAL_DELETED', 'UNSUCCESSFUL'],
      ]);
    }
    const deletions = async () =>
      (await downstream({ types: ['PROPOSAL_DELETED'], states: ['SUCCESSFUL'] })).filter((m) =>
        pks.some((pk) => m.orderingKey === `proposal-${pk}`),
      );
    await eventually(async () => (await deletions()).length === 5, 'the five deletions published');
    for (const m of await deletions()) {
      expect(m.publishedTo).toEqual([feed]);
      expect(m.tries).toBeGreaterThan(1);
    }
  });

  it('a message given up after its last try is listed failed with the error (officers see it, not published)', async () => {
    const attempts = t.config.rabbitmqOutAttempts;
    t.config.rabbitmqOutAttempts = 2; // owed with two tries
    await proxy.cut();
    let id: number;
    try {
      ({
        createInstrument: { id },
      } = await gql<{ createInstrument: { id: number } }>(
        `mutation { createInstrument(name: "Lost", shortCode: "LOST-${process.pid}", description: "x") { id } }`,
        {},
      ));
      await gql(`mutation($id: Int!) { deleteInstrument(id: $id) { id } }`, { id });
      const failed = async () =>
        (await downstream({ states: ['FAILED'] })).filter((m) => m.orderingKey === `instrument-${id}`);
      await eventually(async () => (await failed()).length === 1, 'the deletion given up', 20_000);
      expect((await failed())[0]).toMatchObject({
        type: 'INSTRUMENT_DELETED',
        exchanges: [feed],
        publishedTo: [],
        successful: false,
        tries: 2,
        message: expect.stringMatching(/\(after 2 tries\)$/),
      });
    } finally {
      t.config.rabbitmqOutAttempts = attempts;
      await proxy.restore();
    }
  });

  it('two messages of one proposal in one batch, the later first: it waits, the earlier goes once, then the later', async () => {
    const db = await createTestDatabase('ds_batch', { template: pgTemplate() });
    const out = await collector(channel, [outA]);
    const config = { amqpUrl: AMQP_URL, rabbitmqExchanges: [feed], owedJobsReconcileMs: 300 };
    // no worker: the status changes' messages stay owed, for this test to hand them over in one batch
    const api = await createTestApp({ database: db, config: { ...config, mode: 'api' } });
    const projector = await createTestApp({ database: db, config: { ...config, mode: 'projector' } });
    let worker: TestApp | null = null;
    try {
      const chief = await createUser(api, { role: Role.USER_OFFICER, isInternalUser: true });
      const applicant = await createUser(api);
      const as = async <T>(user: TestUser, query: string, variables: Record<string, unknown>) => {
        const res = await api.gql<T>(query, variables, user.token);
        expect(res.errors).toBeUndefined();
        return res.data!;
      };
      const workflows = api.app.get(WorkflowsRepository);
      const workflowId = await defaultProposalWorkflowId(api);
      for (const code of ['APPROVED', 'UNSUCCESSFUL']) {
        const connection = (await workflows.connections(workflowId)).find(
          (c) => c.statusId === status[code],
        )!;
        await as(chief, SET_ACTIONS, {
          id: connection.id,
          workflowId,
          actions: [
            {
              actionId: RABBITMQ_ACTION_ID,
              actionType: 'RABBITMQ',
              config: JSON.stringify({ profile: 'compatible', exchanges: [outA] }),
            },
          ],
        });
      }
      const batchCall = await createOpenCall(api, chief.token);
      const { createProposal } = await as<{ createProposal: { primaryKey: number } }>(applicant, CREATE, {
        c: batchCall.callId,
      });
      const pk = createProposal.primaryKey;
      await as(chief, CHANGE, { pks: [pk], s: status.APPROVED });
      await as(chief, CHANGE, { pks: [pk], s: status.UNSUCCESSFUL });
      const sql = api.app.get<SqlClient>(SQL_CLIENT);
      const owed = async () =>
        (
          await sql.query<{ job_id: string; data: StatusActionJobData }>(
            `SELECT job_id, data FROM owed_jobs WHERE queue = $1 ORDER BY (data->'action'->>'position')::bigint`,
            [QUEUES.rabbitmq],
          )
        ).rows;
      await eventually(async () => (await owed()).length === 2, 'the two owed messages');
      const [earlier, later] = await owed();
      const batch = (rows: (typeof earlier)[]) =>
        projector.app.get(StatusActionsRunner).processBatch(
          rows.map((r) => ({
            data: r.data,
            job: { id: r.job_id, name: 'status-action-rabbitmq', attemptsMade: 0 },
          })),
        );
      const [laterFirst, earlierSecond] = await batch([later, earlier]);
      expect(laterFirst.ok).toBe(false);
      expect(!laterFirst.ok && String(laterFirst.error)).toMatch(
        new RegExp(`Waiting for an earlier message of proposal-${pk} \\(job ${earlier.job_id}\\)`),
      );
      expect(earlierSecond).toEqual({ ok: true, value: { successful: true } });
      await eventually(async () => out.received.length >= 1, 'the earlier message');
      // a worker now: it runs both owed jobs (the reconciler enqueues them): the earlier, logged, is not published
      // again; the later follows it
      worker = await createTestApp({ database: db, config: { ...config, mode: 'worker' } });
      await eventually(async () => out.received.length >= 2, 'the later message', 20_000);
      await eventually(
        async () => (await sql.query(`SELECT 1 FROM owed_jobs WHERE state <> 'done'`)).rows.length === 0,
        'both jobs done',
      );
      await sleep(500);
      expect(out.received.map((m) => [out.body(m).proposalPk, out.body(m).newStatus])).toEqual([
        [pk, 'APPROVED'],
        [pk, 'UNSUCCESSFUL'],
      ]);
      expect(out.received.map((m) => m.properties.messageId)).toEqual(
        [earlier, later].map((r) => r.data.action.sourceEventId),
      );
    } finally {
      await worker?.close();
      await projector.close();
      await api.close();
      await db.drop();
    }
  });

  it('a process gone between the append and the publish: the next one publishes the owed message once', async () => {
    const db = await createTestDatabase('ds_restart', { template: pgTemplate() });
    const out = await collector(channel, [feed]);
    const config = {
      amqpUrl: AMQP_URL,
      rabbitmqExchanges: [feed],
      rabbitmqOutBackoffMs: 100,
      owedJobsReconcileMs: 300,
    };
    // no worker: the message is owed with the deletion (by the projector's reaction), never published by them
    let first: TestApp | null = await createTestApp({ database: db, config: { ...config, mode: 'api' } });
    let projector: TestApp | null = await createTestApp({
      database: db,
      config: { ...config, mode: 'projector' },
    });
    try {
      const chief = await createUser(first, { role: Role.USER_OFFICER, isInternalUser: true });
      const res = await first.gql<{ createInstrument: { id: number } }>(
        `mutation { createInstrument(name: "Once", shortCode: "ONCE-${process.pid}", description: "x") { id } }`,
        {},
        chief.token,
      );
      const id = res.data!.createInstrument.id;
      await first.gql(`mutation($id: Int!) { deleteInstrument(id: $id) { id } }`, { id }, chief.token);
      const sql = first.app.get<SqlClient>(SQL_CLIENT);
      await eventually(async () => {
        const owed = await sql.query(`SELECT 1 FROM owed_jobs WHERE queue = $1`, [QUEUES.downstream]);
        return owed.rows.length === 1;
      }, 'the owed message');
      // both processes gone, the message unpublished (their in-process queue goes with them)
      await first.close();
      first = null;
      await projector.close();
      projector = null;
      await sleep(300);
      expect(out.received).toHaveLength(0);
      const second = await createTestApp({ database: db, config: { ...config, mode: 'all' } });
      try {
        await eventually(async () => out.received.length >= 1, 'the message after the restart');
        await sleep(800);
        expect(out.received).toHaveLength(1);
        expect(out.received[0].properties.type).toBe('INSTRUMENT_DELETED');
        expect(out.body(out.received[0])).toMatchObject({ id });
      } finally {
        await second.close();
      }
    } finally {
      await first?.close();
      await projector?.close();
      await db.drop();
    }
  });

  describe('the scheduler consumer', () => {
    let accepted: number;
    const booking = (type: string, body: unknown, timestamp?: number) =>
      channel.publish(schedulerExchange, '', Buffer.from(JSON.stringify(body)), {
        type,
        persistent: true,
        contentType: 'application/json',
        ...(timestamp !== undefined ? { timestamp } : {}),
      });
    const handled = (n: number) => eventually(async () => outcomes.length >= n, `${n} messages handled`);

    beforeAll(async () => {
      await t.app.get(SchedulerConsumer).ready();
      accepted = await submitted();
      await gql(
        `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
        { p: [accepted], i: [instrumentId] },
      );
      await gql(
        `mutation($pk: Int!) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementDecisionSubmitted: true) { primaryKey } }`,
        { pk: accepted },
      );
    });

    it('declares its queue durable with its dead-letter exchange and queue', async () => {
      const probe = await amqp.createChannel();
      await expect(probe.checkQueue(schedulerQueue)).resolves.toMatchObject({ queue: schedulerQueue });
      await expect(probe.checkQueue(deadLetterQueueOf(schedulerQueue))).resolves.toBeDefined();
      await expect(probe.checkExchange(`DLX__${schedulerQueue}`)).resolves.toBeDefined();
      await probe.close();
    });

    it('booking messages twice and out of order: one experiment, in its latest state', async () => {
      const slot = (startsAt: string, endsAt: string, status = 'DRAFT') => ({
        id: 7001,
        proposalPk: accepted,
        instrumentId,
        startsAt,
        endsAt,
        status,
        localContactId: null,
      });
      const before = outcomes.length;
      const t0 = Date.now();
      booking('PROPOSAL_BOOKING_TIME_SLOT_ADDED', slot('2027-03-01 08:00:00', '2027-03-02 08:00:00'), t0);
      booking('PROPOSAL_BOOKING_TIME_UPDATED', slot('2027-03-03 08:00:00', '2027-03-04 08:00:00'), t0 + 2);
      booking(
        'PROPOSAL_BOOKING_TIME_ACTIVATED',
        slot('2027-03-03T08:00:00Z', '2027-03-04T08:00:00Z', 'ACTIVE'),
        t0 + 3,
      );
      // again, late and out of order
      booking('PROPOSAL_BOOKING_TIME_SLOT_ADDED', slot('2027-03-01 08:00:00', '2027-03-02 08:00:00'), t0);
      booking('PROPOSAL_BOOKING_TIME_UPDATED', slot('2027-03-03 08:00:00', '2027-03-04 08:00:00'), t0 + 2);
      booking(
        'PROPOSAL_BOOKING_TIME_ACTIVATED',
        slot('2027-03-03T08:00:00Z', '2027-03-04T08:00:00Z', 'ACTIVE'),
        t0 + 3,
      );
      booking('PROPOSAL_BOOKING_TIME_UPDATED', slot('2027-03-05 08:00:00', '2027-03-06 08:00:00'), t0 + 1);
      await handled(before + 7);
      expect(outcomes.slice(before).map((o) => o.outcome)).toEqual([
        'applied',
        'applied',
        'applied',
        'stale', // older than what was applied
        'stale',
        'applied', // the same message again: nothing changes
        'stale',
      ]);
      const experiment = await t.app.get(ExperimentsRepository).byScheduledEventId('7001');
      expect(experiment).toMatchObject({
        proposalPk: accepted,
        instrumentId,
        status: 'ACTIVE',
        startsAt: new Date('2027-03-03T08:00:00Z'),
        endsAt: new Date('2027-03-04T08:00:00Z'),
      });
      // removed: gone, and a late message does not bring it back
      booking(
        'PROPOSAL_BOOKING_TIME_SLOTS_REMOVED',
        {
          scheduledevents: [
            {
              id: 7001,
              proposalPk: accepted,
              startsAt: '2027-03-03T08:00:00Z',
              endsAt: '2027-03-04T08:00:00Z',
            },
          ],
        },
        t0 + 4,
      );
      booking('PROPOSAL_BOOKING_TIME_UPDATED', slot('2027-03-05 08:00:00', '2027-03-06 08:00:00'));
      await handled(before + 9);
      expect(outcomes.slice(before + 7).map((o) => o.outcome)).toEqual(['applied', 'stale']);
      expect(await t.app.get(ExperimentsRepository).byScheduledEventId('7001')).toBeNull();
    });

    it('a message that fails its schema or names an unknown proposal ends in DL__<queue> and changes nothing; an unknown type is acknowledged', async () => {
      const before = outcomes.length;
      const head = await store.headPosition();
      booking('PROPOSAL_BOOKING_TIME_SLOT_ADDED', { id: 7002, proposalPk: accepted, startsAt: 'soon' });
      booking('PROPOSAL_BOOKING_TIME_SLOT_ADDED', {
        id: 7003,
        proposalPk: 999_999,
        instrumentId,
        startsAt: '2027-04-01 08:00:00',
        endsAt: '2027-04-01 12:00:00',
      });
      booking('SOMETHING_ELSE', { hello: 1 });
      await handled(before + 3);
      // three slots: handled at once, in any order
      expect(
        outcomes
          .slice(before)
          .map((o) => o.outcome)
          .sort(),
      ).toEqual(['dead-lettered', 'dead-lettered', 'ignored']);
      const dead = await eventually(async () => {
        const { messageCount } = await channel.checkQueue(deadLetterQueueOf(schedulerQueue));
        return messageCount >= 2 && messageCount;
      }, 'two dead letters');
      expect(dead).toBe(2);
      const appended = await store.readAll({ after: head, limit: 100 });
      expect(appended.filter((e) => e.type.startsWith('Experiment'))).toEqual([]);
    });
  });
});
