import { fapMessages, proposalRuleMessages, proposalStreamId, Role } from '@user-office/contracts';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { expectRefused } from '../../../test/support/refused';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { statusNotInWorkflow } from './proposals.service';

const CHANGE = `mutation($p: [Int!]!, $s: Int) { changeProposalsStatus(proposalPks: $p, statusId: $s) { primaryKey } }`;
const STATUS_OF = `query($pk: Int!) { getProposal(primaryKey: $pk) { proposalId status { shortCode } } }`;
const CLONE = `mutation($c: Int!, $p: [Int!]!) { cloneProposals(callId: $c, proposalsToClonePk: $p) { primaryKey title } }`;
const AUTO = `mutation($c: Int!, $f: Int!, $p: [AutomaticAssignmentPairInput!]!) { applyAutomaticAssignment(callId: $c, fapId: $f, pairs: $p) { id } }`;

/**
 * The bulk actions' all-or-nothing rule (issue 39): a bulk action is one decision and one append over every stream;
 * one refused item appends nothing and the refusal names it. And two bulk actions over overlapping proposals: one
 * decides again on the other's result, neither loses its change. One app for the whole file.
 */
describe('bulk actions: all or nothing, named refusals, overlapping bulk actions', () => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let stranger: TestUser;
  let events: EventStore;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let status: Record<string, number>;

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  async function draft(callId: number, owner = pi): Promise<{ pk: number; proposalId: string }> {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; proposalId: string } }>(
      `mutation($c: Int!) { createProposal(callId: $c) { primaryKey proposalId } }`,
      { c: callId },
      owner,
    );
    await gql(
      `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Spin", abstract: "Waves") { primaryKey } }`,
      { pk: createProposal.primaryKey },
      owner,
    );
    return { pk: createProposal.primaryKey, proposalId: createProposal.proposalId };
  }

  const statusOf = async (pk: number) =>
    (await gql<{ getProposal: { status: { shortCode: string } } }>(STATUS_OF, { pk }, officer)).getProposal
      .status.shortCode;

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres' });
    events = t.app.get<EventStore>(EVENT_STORE);
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t);
    stranger = await createUser(t);
    call = await createOpenCall(t, officer.token);
    const { getStatuses } = await gql<{ getStatuses: { id: number; shortCode: string }[] }>(
      `{ getStatuses(entityType: PROPOSAL) { id shortCode } }`,
      {},
      officer,
    );
    status = Object.fromEntries(getStatuses.map((s) => [s.shortCode, s.id]));
  }, 120_000);
  afterAll(() => t?.close());

  it('changeProposalsStatus: a proposal whose workflow lacks the status changes nothing, and is named', async () => {
    const a = await draft(call.callId);
    const b = await draft(call.callId);
    const { createWorkflow } = await gql<{ createWorkflow: { id: number } }>(
      'mutation { createWorkflow(name: "Bare", description: "d", entityType: PROPOSAL) { id } }',
      {},
      officer,
    );
    const bare = await createOpenCall(t, officer.token, { proposalWorkflowId: createWorkflow.id });
    const c = await draft(bare.callId);
    await expectRefused(
      t,
      { query: CHANGE, variables: { p: [a.pk, b.pk, c.pk], s: status.UNDER_REVIEW }, token: officer.token },
      statusNotInWorkflow(status.UNDER_REVIEW, c.proposalId),
    );
    expect(await statusOf(a.pk)).toBe('DRAFT');
    expect(await statusOf(b.pk)).toBe('DRAFT');
    // without the refused one, one append moves both
    const before = await events.headPosition();
    await gql(CHANGE, { p: [a.pk, b.pk], s: status.UNDER_REVIEW }, officer);
    expect(await statusOf(a.pk)).toBe('UNDER_REVIEW');
    const appended = (await events.readAll({ after: before, limit: 1000 })).filter(
      (e) =>
        e.type === 'ProposalStatusChanged' &&
        [a.pk, b.pk].includes((e.data as { proposalPk: number }).proposalPk),
    );
    const manual = appended.filter((e) => (e.data as { changedBy: string }).changedBy === 'user');
    expect(manual).toHaveLength(2);
    // one transaction: consecutive positions
    expect(Math.abs(manual[1].position - manual[0].position)).toBe(1);
  });

  it('cloneProposals: one proposal the caller may not clone clones nothing', async () => {
    const mine = await draft(call.callId, stranger);
    const theirs = await draft(call.callId);
    await expectRefused(
      t,
      { query: CLONE, variables: { c: call.callId, p: [mine.pk, theirs.pk] }, token: stranger.token },
      proposalRuleMessages.mayNotRead,
      'FORBIDDEN',
    );
    const { cloneProposals } = await gql<{ cloneProposals: { primaryKey: number; title: string }[] }>(
      CLONE,
      { c: call.callId, p: [mine.pk, theirs.pk] },
      officer,
    );
    expect(cloneProposals.map((p) => p.title)).toEqual(['Copy of Spin', 'Copy of Spin']);
  });

  it('applyAutomaticAssignment: one pair with a non-member assigns no review, and names the user', async () => {
    const a = await draft(call.callId);
    const b = await draft(call.callId);
    const member = await createUser(t, { role: Role.FAP_REVIEWER });
    const outsider = await createUser(t);
    const { createFap } = await gql<{ createFap: { id: number } }>(
      'mutation { createFap(code: "BULK", description: "d", numberRatingsRequired: 2, active: true) { id } }',
      {},
      officer,
    );
    const fapId = createFap.id;
    await gql(
      `mutation($f: Int!, $m: [Int!]!) { assignReviewersToFap(fapId: $f, memberIds: $m) { id } }`,
      { f: fapId, m: [member.id] },
      officer,
    );
    await gql(
      `mutation($p: [Int!]!, $f: [FapInstrumentInput!]!) { assignProposalsToFaps(proposalPks: $p, fapInstruments: $f) }`,
      { p: [a.pk, b.pk], f: [{ fapId }] },
      officer,
    );
    const pairs = [
      { proposalPk: a.pk, userId: member.id },
      { proposalPk: b.pk, userId: member.id },
      { proposalPk: b.pk, userId: outsider.id },
    ];
    const errors = await expectRefused(
      t,
      { query: AUTO, variables: { c: call.callId, f: fapId, p: pairs }, token: officer.token },
      fapMessages.notMember(outsider.id, fapId),
    );
    expect(errors?.[0].extensions).toMatchObject({ item: `Proposal ${b.pk}` });
    const { applyAutomaticAssignment } = await gql<{ applyAutomaticAssignment: { id: number }[] }>(
      AUTO,
      { c: call.callId, f: fapId, p: pairs.slice(0, 2) },
      officer,
    );
    expect(applyAutomaticAssignment).toHaveLength(2);
  });

  it('two bulk status changes over overlapping proposals: both land, neither loses the other’s change', async () => {
    const ps = await Promise.all(Array.from({ length: 6 }, () => draft(call.callId)));
    const left = ps.slice(0, 4).map((p) => p.pk);
    const right = ps.slice(2).map((p) => p.pk);
    const send = (pks: number[], statusId: number, correlationId: string) =>
      t
        .http()
        .post('/graphql')
        .set('content-type', 'application/json')
        .set('authorization', `Bearer ${officer.token}`)
        .set('x-correlation-id', correlationId)
        .send({ query: CHANGE, variables: { p: pks, s: statusId } });
    const tag = `overlap-${process.pid}-${Date.now()}`;
    const [l, r] = await Promise.all([
      send(left, status.UNDER_REVIEW, `${tag}-left`),
      send(right, status.APPROVED, `${tag}-right`),
    ]);
    expect((l.body as { errors?: unknown }).errors).toBeUndefined();
    expect((r.body as { errors?: unknown }).errors).toBeUndefined();
    for (const p of ps) {
      const stream = await events.readStream(proposalStreamId(p.pk));
      const mine = (side: string) =>
        stream.filter(
          (e) => e.type === 'ProposalStatusChanged' && e.metadata.correlationId === `${tag}-${side}`,
        );
      expect(mine('left')).toHaveLength(left.includes(p.pk) ? 1 : 0);
      expect(mine('right')).toHaveLength(right.includes(p.pk) ? 1 : 0);
    }
  });
});
