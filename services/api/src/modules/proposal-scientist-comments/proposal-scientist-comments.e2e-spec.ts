import { proposalScientistCommentStreamId, Role } from '@user-office/contracts';
import {
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

const FIELDS = 'commentId proposalPk comment lastModifiedBy dateModified';
const GET = `query($pk: Int!) { proposalScientistComment(proposalPk: $pk) { ${FIELDS} } }`;
const CREATE = `mutation($pk: Int!, $comment: String!) { createProposalScientistComment(proposalPk: $pk, comment: $comment) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $comment: String!) { updateProposalScientistComment(commentId: $id, comment: $comment) { ${FIELDS} } }`;
const DELETE = `mutation($id: Int!) { deleteProposalScientistComment(commentId: $id) { ${FIELDS} } }`;
const CREATE_PROPOSAL = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey } }`;
const OPERATIONS = [
  'proposalScientistComment',
  'createProposalScientistComment',
  'updateProposalScientistComment',
  'deleteProposalScientistComment',
];

interface Comment {
  commentId: number;
  proposalPk: number;
  comment: string;
  lastModifiedBy: number | null;
}

describe.each<TestStore>(moduleStores())('proposal scientist comments end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: TestUser;
  let scientist: TestUser;
  let applicant: TestUser;
  let callId: number;

  const gql = async <T>(query: string, variables: Record<string, unknown>, as: TestUser): Promise<T> => {
    const res = await t.gql<T>(query, variables, as.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  let instrumentId: number;
  /** a proposal on the scientist's instrument (the comment is the business of its scientists) */
  const newProposal = async () => {
    const pk = (await gql<{ createProposal: { primaryKey: number } }>(CREATE_PROPOSAL, { callId }, applicant))
      .createProposal.primaryKey;
    await gql(
      'mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }',
      { p: [pk], i: [instrumentId] },
      officer,
    );
    return pk;
  };
  const read = async (pk: number, as: TestUser = scientist) =>
    (await gql<{ proposalScientistComment: Comment | null }>(GET, { pk }, as)).proposalScientistComment;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    applicant = await createUser(t);
    callId = (await createOpenCall(t, officer.token)).callId;
    instrumentId = (
      await gql<{ createInstrument: { id: number } }>(
        `mutation($s: String!) { createInstrument(name: "Comments", shortCode: $s, description: "d") { id } }`,
        { s: `COMMENTS-${store}` },
        officer,
      )
    ).createInstrument.id;
    await gql(
      'mutation($s: [Int!]!, $i: Int!) { assignScientistsToInstrument(scientistIds: $s, instrumentId: $i) }',
      { s: [scientist.id], i: instrumentId },
      officer,
    );
  });

  it('refuses a scientist the comment of a proposal not on their instruments or techniques', async () => {
    const pk = await newProposal();
    const stranger = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    const stream = proposalScientistCommentStreamId(pk);
    for (const [query, variables] of [
      [GET, { pk }],
      [CREATE, { pk, comment: 'Not mine' }],
    ] as const) {
      const res = await t.gql(query, variables, stranger.token);
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    // nothing written (the workflow engine may still record the proposal's instrument meanwhile)
    expect(await t.app.get<EventStore>(EVENT_STORE).readStream(stream)).toEqual([]);
  });
  afterAll(() => t.close());

  it('a scientist writes the one comment of a proposal (sanitised); an officer changes it; then it is deleted', async () => {
    const pk = await newProposal();
    expect(await read(pk)).toBeNull();
    const created = (
      await gql<{ createProposalScientistComment: Comment }>(
        CREATE,
        { pk, comment: ' <p>Needs a <i>cryostat</i></p><img src=x onerror=alert(1)> ' },
        scientist,
      )
    ).createProposalScientistComment;
    expect(created).toMatchObject({
      commentId: expect.any(Number),
      proposalPk: pk,
      comment: '<p>Needs a <i>cryostat</i></p>',
      lastModifiedBy: scientist.id,
    });
    expect(await read(pk, officer)).toEqual(created);

    await expectRefused(
      t,
      { query: CREATE, variables: { pk, comment: 'A second one' }, token: officer.token },
      'The proposal already has a scientist comment: update it instead',
      'CONFLICT',
    );

    const updated = (
      await gql<{ updateProposalScientistComment: Comment }>(
        UPDATE,
        { id: created.commentId, comment: '<p>Needs a magnet</p>' },
        officer,
      )
    ).updateProposalScientistComment;
    expect(updated).toMatchObject({
      commentId: created.commentId,
      comment: '<p>Needs a magnet</p>',
      lastModifiedBy: officer.id,
    });

    const deleted = (
      await gql<{ deleteProposalScientistComment: Comment }>(DELETE, { id: created.commentId }, scientist)
    ).deleteProposalScientistComment;
    expect(deleted).toMatchObject({ commentId: created.commentId, comment: '<p>Needs a magnet</p>' });
    expect(await read(pk)).toBeNull();
    await expectRefused(
      t,
      { query: DELETE, variables: { id: created.commentId }, token: officer.token },
      'Proposal scientist comment not found',
      'NOT_FOUND',
    );

    const again = (
      await gql<{ createProposalScientistComment: Comment }>(CREATE, { pk, comment: 'Fresh' }, scientist)
    ).createProposalScientistComment;
    expect(again.commentId).not.toBe(created.commentId);
  });

  it('refuses a missing, blank or too long comment and an unknown proposal, appending nothing (§5)', async () => {
    const pk = await newProposal();
    for (const comment of ['', '   ', '<p> </p>', '<script>alert(1)</script>']) {
      await expectRefused(
        t,
        { query: CREATE, variables: { pk, comment }, token: scientist.token },
        'Comment is required',
      );
    }
    await expectRefused(
      t,
      { query: CREATE, variables: { pk, comment: 'x'.repeat(6001) }, token: scientist.token },
      'Comment must be at most 6000 characters',
    );
    await expectRefused(
      t,
      { query: CREATE, variables: { pk: 999999, comment: 'x' }, token: scientist.token },
      'Proposal not found',
      'NOT_FOUND',
    );
    const { createProposalScientistComment: c } = await gql<{ createProposalScientistComment: Comment }>(
      CREATE,
      { pk, comment: 'Kept' },
      scientist,
    );
    await expectRefused(
      t,
      { query: UPDATE, variables: { id: c.commentId, comment: ' ' }, token: scientist.token },
      'Comment is required',
    );
    expect((await read(pk))?.comment).toBe('Kept');
  });

  it('lets exactly the expected callers through each operation (hidden from users and safety reviewers); an API token naming them gets through', async () => {
    const [withoutPermission, withPermission] = [await apiTokenFor(t), await apiTokenFor(t, OPERATIONS)];
    const before = await head();
    const staff = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST];
    const cases: AccessCase[] = [
      { operation: 'proposalScientistComment', document: GET, variables: { pk: 999999 }, allowed: staff },
      // invalid or unknown inputs: a caller let in gets BAD_USER_INPUT or NOT_FOUND and nothing changes
      {
        operation: 'createProposalScientistComment',
        document: CREATE,
        variables: { pk: 999999, comment: '' },
        allowed: staff,
      },
      {
        operation: 'updateProposalScientistComment',
        document: UPDATE,
        variables: { id: 999999, comment: 'x' },
        allowed: staff,
      },
      {
        operation: 'deleteProposalScientistComment',
        document: DELETE,
        variables: { id: 999999 },
        allowed: staff,
      },
    ];
    expect(await accessMatrix(t, cases, withoutPermission)).toEqual(expectedMatrix(cases, true));
    const withToken = cases.map((c) => ({ ...c, allowed: [...c.allowed, 'API_TOKEN' as const] }));
    expect(await accessMatrix(t, withToken, withPermission)).toEqual(expectedMatrix(withToken, true));
    expect(await head()).toBe(before);
  });
});
