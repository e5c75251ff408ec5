import { EMAIL_ACTION_ID, PROPOSAL_STATUS_CHANGED, Role } from '@user-office/contracts';
import {
  createOpenCall,
  createUser,
  defaultProposalWorkflowId,
  type TestUser,
  emailAction,
} from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { deliverAgain } from '../../../test/support/deliver-again';
import { startDevMailCatcher, type DevMailCatcher, type CaughtMail } from '../../dev-mail/dev-mail-catcher';
import type { EventStore, StoredEvent } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { UsersService } from '../users';
import { WorkflowsRepository } from '../workflows';
import { RunStatusActionsOnProposalStatusChangedReaction } from './reactions/run-status-actions-on-proposal-status-changed.reaction';
import { eventually } from '../../../test/support/eventually';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey proposalId } }`;
const UPDATE = `mutation($pk: Int!, $title: String!) { updateProposal(proposalPk: $pk, title: $title, abstract: "Moves") { primaryKey } }`;
const CHANGE = `mutation($pks: [Int!]!, $statusId: Int) { changeProposalsStatus(proposalPks: $pks, statusId: $statusId) { primaryKey } }`;
const SET_ACTIONS = `mutation($id: Int!, $workflowId: Int!, $actions: [ConnectionStatusActionInput!]!) {
  addConnectionStatusActions(workflowConnectionId: $id, workflowId: $workflowId, actions: $actions) { id } }`;
// the entries that ran (owed jobs not run yet are listed too, PENDING or RUNNING)
const LOGS = `query { getStatusActionsLogs(first: 1000, filter: { states: [SUCCESSFUL, FAILED] }) { statusActionsLogs {
  statusActionsLogId statusId recipient recipientGroup successful message proposals { primaryKey proposalId }
  attempts { jobId successful replay } } } }`;
const REPLAY = `mutation($id: Int!) { replayStatusActionsLog(statusActionsLogId: $id) }`;
const OFFICE = 'beamtime.office@facility.test';

interface Log {
  statusActionsLogId: number;
  statusId: number;
  recipient: string;
  recipientGroup: string;
  successful: boolean;
  message: string;
  proposals: { primaryKey: number; proposalId: string }[];
  attempts: { jobId: string; successful: boolean; replay: boolean }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('combineEmails of EMAIL status actions (PostgreSQL, BullMQ on Redis, the SMTP catcher)', () => {
  let t: TestApp;
  let catcher: DevMailCatcher;
  let store: EventStore;
  let officer: TestUser;
  let pi: TestUser;
  let piEmail: string;
  let callId: number;
  let workflowId: number;
  let approved: { id: number; statusId: number };

  beforeAll(async () => {
    catcher = await startDevMailCatcher({ smtpPort: 0, webPort: 0 });
    t = await createTestApp({ queue: 'redis', config: { smtpUrl: catcher.smtpUrl } });
    store = t.app.get<EventStore>(EVENT_STORE);
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t, { firstname: 'Ada' });
    piEmail = (await t.app.get(UsersService).byId(pi.id))!.email;
    const workflows = t.app.get(WorkflowsRepository);
    const statusId = (await workflows.statuses()).find((s) => s.shortCode === 'APPROVED')!.id;
    workflowId = await defaultProposalWorkflowId(t);
    approved = (await workflows.connections(workflowId)).find((c) => c.statusId === statusId)!;
    callId = (await createOpenCall(t, officer.token)).callId;
  });
  afterAll(async () => {
    await t.close();
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
  /** the APPROVED connection e-mails the PI and OTHER (OFFICE) the proposal-accepted template */
  const configure = (combineEmails: boolean) =>
    gql(SET_ACTIONS, {
      id: approved.id,
      workflowId,
      actions: [
        emailAction(
          [
            { name: 'PI', template: 'proposal-accepted' },
            { name: 'OTHER', template: 'proposal-accepted' },
          ],
          { other: [OFFICE], combineEmails },
        ),
      ],
    });
  let counter = 0;
  async function proposals(n: number) {
    const made: { pk: number; proposalId: string }[] = [];
    for (let i = 0; i < n; i++) {
      const { createProposal } = await gql<{ createProposal: { primaryKey: number; proposalId: string } }>(
        CREATE,
        { callId },
        pi,
      );
      await gql(UPDATE, { pk: createProposal.primaryKey, title: `Batch ${++counter}` }, pi);
      made.push({ pk: createProposal.primaryKey, proposalId: createProposal.proposalId });
    }
    return made;
  }
  /** the accepted e-mails that name any of these references */
  const acceptedMails = (refs: string[]): CaughtMail[] =>
    catcher
      .messages()
      .filter((m) => m.subject.includes('accepted') && refs.some((ref) => m.subject.includes(ref)));
  const approvedLogs = async (pks: number[]) =>
    (
      await gql<{ getStatusActionsLogs: { statusActionsLogs: Log[] } }>(LOGS, {})
    ).getStatusActionsLogs.statusActionsLogs
      .filter((l) => l.statusId === approved.statusId)
      .filter((l) => l.proposals.some((p) => pks.includes(p.primaryKey)));
  const statusChange = async (pk: number): Promise<StoredEvent> =>
    (await store.readStream(`proposal-${pk}`)).filter((e) => e.type === PROPOSAL_STATUS_CHANGED).at(-1)!;

  it('one changeProposalsStatus of 3 proposals: each recipient gets ONE e-mail naming all 3, logged once with the 3', async () => {
    await configure(true);
    const moved = await proposals(3);
    const pks = moved.map((p) => p.pk);
    const refs = moved.map((p) => p.proposalId);
    await gql(CHANGE, { pks, statusId: approved.statusId });

    // one request, one correlation id: the three status changes share it
    const events = await Promise.all(pks.map(statusChange));
    const correlationId = events[0].metadata.correlationId;
    expect(correlationId).toBeTruthy();
    expect(events.map((e) => e.metadata.correlationId)).toEqual([
      correlationId,
      correlationId,
      correlationId,
    ]);

    const logs = await eventually(async () => {
      const found = await approvedLogs(pks);
      return found.length >= 2 && found;
    }, 'the combined e-mails to be logged');
    await sleep(3000); // longer than the collection window: nothing else arrives
    const mails = acceptedMails(refs);
    expect(mails.map((m) => m.envelope.to).sort()).toEqual([[OFFICE], [piEmail]].sort());
    for (const mail of mails) {
      for (const ref of refs) {
        expect(mail.subject).toContain(ref);
        expect(mail.text).toContain(ref);
      }
      expect(mail.text).toContain('"Batch 1; Batch 2; Batch 3"');
    }
    expect(mails.find((m) => m.envelope.to.includes(piEmail))!.text).toContain('Dear Ada Tester,');

    expect(await approvedLogs(pks)).toHaveLength(2);
    const byRecipient = new Map(logs.map((l) => [l.recipient, l]));
    for (const recipient of [piEmail, OFFICE]) {
      const log = byRecipient.get(recipient)!;
      expect(log).toMatchObject({ successful: true, attempts: [{ successful: true, replay: false }] });
      expect(log.proposals.map((p) => p.primaryKey)).toEqual(pks);
      expect(log.proposals.map((p) => p.proposalId)).toEqual(refs);
      // the job id is the batch: request, connection, action, template, address
      expect(log.attempts[0].jobId).toBe(
        `${correlationId}-${approved.id}-${EMAIL_ACTION_ID}-proposal-accepted-${recipient}`,
      );
    }

    // a second delivery of a status change (at-least-once reaction) sends and logs nothing more
    await deliverAgain(t.app, t.app.get(RunStatusActionsOnProposalStatusChangedReaction), events[1]);
    await sleep(3000);
    expect(acceptedMails(refs)).toHaveLength(2);
    expect(await approvedLogs(pks)).toHaveLength(2);

    // replay sends the same combined e-mail again, logged on the same entry
    const piLog = byRecipient.get(piEmail)!;
    expect(await gql(REPLAY, { id: piLog.statusActionsLogId })).toEqual({ replayStatusActionsLog: true });
    const replayed = await eventually(async () => {
      const entry = (await approvedLogs(pks)).find((l) => l.statusActionsLogId === piLog.statusActionsLogId);
      return entry && entry.attempts.length === 2 && entry;
    }, 'the replay to be logged');
    expect(replayed.attempts.map((a) => [a.successful, a.replay])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(replayed.proposals.map((p) => p.primaryKey)).toEqual(pks);
    const toPi = acceptedMails(refs).filter((m) => m.envelope.to.includes(piEmail));
    expect(toPi).toHaveLength(2);
    for (const ref of refs) expect(toPi[1].subject).toContain(ref);
  });

  it('with combineEmails false the same change sends one e-mail per proposal and recipient', async () => {
    await configure(false);
    const moved = await proposals(3);
    const pks = moved.map((p) => p.pk);
    const refs = moved.map((p) => p.proposalId);
    await gql(CHANGE, { pks, statusId: approved.statusId });
    await eventually(async () => {
      const found = await approvedLogs(pks);
      return found.length >= 6 && found;
    }, 'the six e-mails to be logged');
    await sleep(1000);
    const mails = acceptedMails(refs);
    expect(mails).toHaveLength(6);
    const toPi = mails.filter((m) => m.envelope.to.includes(piEmail));
    expect(toPi).toHaveLength(3);
    for (const ref of refs) {
      const mine = toPi.filter((m) => m.subject.includes(ref));
      expect(mine).toHaveLength(1);
      expect(mine[0].subject).toBe(`Your proposal ${ref} has been accepted`);
    }
    const logs = await approvedLogs(pks);
    expect(logs).toHaveLength(6);
    expect(logs.every((l) => l.successful && l.proposals.length === 1)).toBe(true);
  });
});
