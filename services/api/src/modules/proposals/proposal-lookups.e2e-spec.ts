import { Role } from '@user-office/contracts';
import { createUser, submittedProposalOnNewInstrument, type TestUser } from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const CALLS_OF = `query($s: Int!) { getCallsByInstrumentScientist(scientistId: $s) { id shortCode } }`;
const TO_CLONE = `query($pk: Int!) { getProposalToClone(primaryKey: $pk) { primaryKey title questionary { questionaryId } } }`;
const WITH_ATTACHMENTS = `query($r: [String!]) { getProposalsWithAttachments(filter: { referenceNumbers: $r }) {
  primaryKey proposalId title attachments { questions { id question } files { fileId questionId fileName } } } }`;

/** The last operations of §7 for proposals and calls, each with who may call it. */
describe('getCallsByInstrumentScientist, getProposalToClone, getProposalsWithAttachments', () => {
  let t: TestApp;
  let officer: TestUser;
  let scientist: TestUser;
  let otherScientist: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let proposal: { instrumentId: number; proposalPk: number; callId: number };
  let proposalId: string;

  const gql = async <T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> => {
    const res = await t.gql<T>(query, variables, user.token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  const code = async (query: string, variables: Record<string, unknown>, user: TestUser) =>
    (await t.gql(query, variables, user.token)).errors?.[0]?.extensions?.code;

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres' });
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    otherScientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    pi = await createUser(t);
    coProposer = await createUser(t);
    stranger = await createUser(t);
    proposal = await submittedProposalOnNewInstrument(t, { officer, pi, coProposers: [coProposer] });
    await gql(
      `mutation($s: [Int!]!, $i: Int!) { assignScientistsToInstrument(scientistIds: $s, instrumentId: $i) }`,
      { s: [scientist.id], i: proposal.instrumentId },
      officer,
    );
    proposalId = (
      await gql<{ getProposal: { proposalId: string } }>(
        `query($pk: Int!) { getProposal(primaryKey: $pk) { proposalId } }`,
        { pk: proposal.proposalPk },
        pi,
      )
    ).getProposal.proposalId;
  });
  afterAll(() => t.close());

  it("lists the calls of a scientist's instruments: officers anyone's, a scientist only their own", async () => {
    const of = async (scientistId: number, caller: TestUser) =>
      (await gql<{ getCallsByInstrumentScientist: { id: number }[] }>(CALLS_OF, { s: scientistId }, caller))
        .getCallsByInstrumentScientist;
    expect((await of(scientist.id, scientist)).map((c) => c.id)).toEqual([proposal.callId]);
    expect((await of(scientist.id, officer)).map((c) => c.id)).toEqual([proposal.callId]);
    expect(await of(otherScientist.id, otherScientist)).toEqual([]);
    expect(await code(CALLS_OF, { s: scientist.id }, otherScientist)).toBe('FORBIDDEN');
    expect(await code(CALLS_OF, { s: pi.id }, pi)).toBe('FORBIDDEN');
    expect(await code(CALLS_OF, { s: 999999 }, officer)).toBeUndefined();
  });

  it('gives the proposal to clone to its proposers and officers only; a missing one is null for officers, refused like a foreign one for anyone else', async () => {
    for (const caller of [pi, coProposer, officer])
      expect(
        (
          await gql<{ getProposalToClone: { primaryKey: number; title: string } }>(
            TO_CLONE,
            { pk: proposal.proposalPk },
            caller,
          )
        ).getProposalToClone,
      ).toMatchObject({
        primaryKey: proposal.proposalPk,
        title: 'Spin',
        questionary: { questionaryId: expect.any(Number) },
      });
    expect(await code(TO_CLONE, { pk: proposal.proposalPk }, stranger)).toBe('FORBIDDEN');
    expect(await code(TO_CLONE, { pk: proposal.proposalPk }, scientist)).toBe('FORBIDDEN');
    expect(
      (await gql<{ getProposalToClone: null }>(TO_CLONE, { pk: 999999 }, officer)).getProposalToClone,
    ).toBeNull();
    expect(await code(TO_CLONE, { pk: 999999 }, pi)).toBe('FORBIDDEN');
  });

  it('lists the readable proposals of the reference numbers with their attachments; others are left out', async () => {
    const list = async (caller: TestUser, r: string[] | null = [proposalId, 'NO-SUCH']) =>
      (await gql<{ getProposalsWithAttachments: { primaryKey: number }[] }>(WITH_ATTACHMENTS, { r }, caller))
        .getProposalsWithAttachments;
    for (const caller of [pi, officer, scientist])
      expect(await list(caller)).toEqual([
        {
          primaryKey: proposal.proposalPk,
          proposalId,
          title: 'Spin',
          attachments: { questions: [], files: [] },
        },
      ]);
    expect(await list(stranger)).toEqual([]);
    expect(await list(officer, null)).toEqual([]);
    expect(
      (await t.gql(WITH_ATTACHMENTS, { r: Array.from({ length: 1001 }, (_, i) => `R${i}`) }, officer.token))
        .errors?.[0]?.extensions?.code,
    ).toBe('BAD_USER_INPUT');
    expect((await t.gql(WITH_ATTACHMENTS, { r: [proposalId] })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});
