import { Role } from '@user-office/contracts';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import type { SqlClient } from '../../platform/database/sql-client';
import { EVENT_STORE, SQL_CLIENT } from '../../platform/tokens';
import { USERS_PROJECTION } from './read-models/users/users.projection';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey } }`;
const UPDATE = `mutation($pk: Int!, $users: [Int!], $proposerId: Int) {
  updateProposal(proposalPk: $pk, title: "Shared", abstract: "Together", users: $users, proposerId: $proposerId) { primaryKey users { id } } }`;
const INVITE = `mutation($pk: Int!, $emails: [String!]!) { setCoProposerInvites(proposalPk: $pk, emails: $emails) { code } }`;
const ACCEPT = `mutation($code: String!) { acceptInvite(code: $code) { primaryKey } }`;
const COLLABORATORS = `query($userId: Int!, $filter: String, $subtractUsers: [Int!], $first: Int, $offset: Int) {
  getPreviousCollaborators(userId: $userId, filter: $filter, subtractUsers: $subtractUsers, first: $first, offset: $offset) {
    totalCount users { id firstname } } }`;

interface Collaborators {
  getPreviousCollaborators: { totalCount: number; users: { id: number; firstname: string }[] };
}

describe.each<TestStore>(moduleStores())(
  'getPreviousCollaborators from proposal membership (%s)',
  (store) => {
    let t: TestApp;
    let officer: TestUser;
    let pi: TestUser;
    let coProposer: TestUser;
    let stranger: TestUser;
    let invitee: TestUser;
    let callId: number;
    let head: () => Promise<number>;

    beforeAll(async () => {
      t = await createTestApp({ store });
      const events = t.app.get<EventStore>(EVENT_STORE);
      head = () => events.headPosition();
      officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
      pi = await createUser(t, { firstname: 'Pia' });
      coProposer = await createUser(t, { firstname: 'Cole' });
      stranger = await createUser(t, { firstname: 'Stan' });
      invitee = await createUser(t, { firstname: 'Ivy' });
      callId = (await createOpenCall(t, officer.token)).callId;
    });
    afterAll(() => t.close());

    async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
      const res = await t.gql<T>(query, variables, user.token);
      expect(res.errors).toBeUndefined();
      return res.data!;
    }
    /** the collaborators of `userId` once the users projection has caught up */
    async function collaborators(
      userId: number,
      as: TestUser,
      args: { filter?: string; subtractUsers?: number[]; first?: number; offset?: number } = {},
    ) {
      await t.projections.waitFor(await head(), [USERS_PROJECTION]);
      return (await gql<Collaborators>(COLLABORATORS, { userId, ...args }, as)).getPreviousCollaborators;
    }
    const ids = (r: { users: { id: number }[] }) => r.users.map((u) => u.id).sort((a, b) => a - b);
    const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

    it('a PI and the co-proposer set by updateProposal see each other; a third user sees neither', async () => {
      expect((await collaborators(pi.id, pi)).totalCount).toBe(0);
      const { createProposal } = await gql<{ createProposal: { primaryKey: number } }>(
        CREATE,
        { callId },
        pi,
      );
      // creating alone collaborates with nobody (never with oneself)
      expect(await collaborators(pi.id, pi)).toEqual({ totalCount: 0, users: [] });
      await gql(UPDATE, { pk: createProposal.primaryKey, users: [coProposer.id] }, pi);

      expect(await collaborators(pi.id, pi)).toEqual({
        totalCount: 1,
        users: [{ id: coProposer.id, firstname: 'Cole' }],
      });
      expect(await collaborators(coProposer.id, coProposer)).toEqual({
        totalCount: 1,
        users: [{ id: pi.id, firstname: 'Pia' }],
      });
      expect(await collaborators(stranger.id, stranger)).toEqual({ totalCount: 0, users: [] });
      // an officer may look at anyone's; a user only at their own
      expect(ids(await collaborators(pi.id, officer))).toEqual([coProposer.id]);
      const res = await t.gql(COLLABORATORS, { userId: pi.id }, stranger.token);
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    });

    it('records an invitee who joins, a new PI, and keeps a removed co-proposer; filter and subtractUsers still work', async () => {
      const { createProposal } = await gql<{ createProposal: { primaryKey: number } }>(
        CREATE,
        { callId },
        pi,
      );
      const pk = createProposal.primaryKey;
      // an invitation accepted: the invitee joins the PI (and the co-proposers)
      await gql(UPDATE, { pk, users: [coProposer.id] }, pi);
      const inviteeEmail = await emailOf(invitee.id);
      const { setCoProposerInvites } = await gql<{ setCoProposerInvites: { code: string }[] }>(
        INVITE,
        { pk, emails: [inviteeEmail] },
        pi,
      );
      await gql(ACCEPT, { code: setCoProposerInvites[0].code }, invitee);
      expect(ids(await collaborators(invitee.id, invitee))).toEqual(sorted(pi.id, coProposer.id));
      expect(ids(await collaborators(pi.id, pi))).toEqual(sorted(coProposer.id, invitee.id));

      // the user office makes the stranger PI; the old PI and the co-proposer leave the proposal
      await gql(UPDATE, { pk, users: [invitee.id], proposerId: stranger.id }, officer);
      expect(ids(await collaborators(stranger.id, stranger))).toEqual([invitee.id]);
      // everyone who ever shared it stays a previous collaborator
      expect(ids(await collaborators(pi.id, pi))).toEqual(sorted(coProposer.id, invitee.id));
      expect(ids(await collaborators(coProposer.id, coProposer))).toEqual(sorted(pi.id, invitee.id));
      // the removed co-proposer never shared it with the new PI
      expect(ids(await collaborators(coProposer.id, coProposer))).not.toContain(stranger.id);
      expect(ids(await collaborators(invitee.id, invitee))).toEqual(
        sorted(pi.id, coProposer.id, stranger.id),
      );

      // the list's own arguments
      expect(await collaborators(invitee.id, invitee, { filter: 'stan' })).toEqual({
        totalCount: 1,
        users: [{ id: stranger.id, firstname: 'Stan' }],
      });
      expect(ids(await collaborators(invitee.id, invitee, { subtractUsers: [pi.id, stranger.id] }))).toEqual([
        coProposer.id,
      ]);
      const page = await collaborators(invitee.id, invitee, { first: 1, offset: 1 });
      expect(page.totalCount).toBe(3);
      expect(page.users).toHaveLength(1);
    });

    it('rebuilds the collaborations from the events into the same rows', async () => {
      const sql = t.app.get<SqlClient>(SQL_CLIENT);
      const rows = async () => ({
        collaborations: (
          await sql.query('SELECT user_id, collaborator_id FROM user_collaborations ORDER BY 1, 2')
        ).rows,
        members: (await sql.query('SELECT proposal_pk, user_id FROM user_proposal_members ORDER BY 1, 2'))
          .rows,
      });
      const live = await rows();
      expect(live.collaborations.length).toBeGreaterThan(0);
      await t.projections.projections.rebuild(USERS_PROJECTION);
      expect(await rows()).toEqual(live);
    });

    async function emailOf(userId: number): Promise<string> {
      const res = await gql<{ getUser: { email: string } }>(
        `query($id: Int!) { getUser(userId: $id) { email } }`,
        { id: userId },
        officer,
      );
      return res.getUser.email;
    }
  },
);
