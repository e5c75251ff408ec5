import { Role } from '@user-office/contracts';
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
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const FIELDS = `id title comment reviewerId technicalReviewId assignedBy createdAt
  files { fileId originalFileName mimeType } reviewer { id firstname } assignedByUser { id }`;
const LIST = `query($filter: InternalReviewsFilter) { internalReviews(filter: $filter) { ${FIELDS} } }`;
const ONE = `query($id: Int!) { internalReview(internalReviewId: $id) { ${FIELDS} } }`;
const CREATE = `mutation($input: CreateInternalReviewInput!) { createInternalReview(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateInternalReviewInput!) { updateInternalReview(input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($input: DeleteInternalReviewInput!) { deleteInternalReview(input: $input) { ${FIELDS} } }`;
const EVENT_LOGS = `query($id: String) { getEventLogs(changedObjectId: $id) { eventType changedById description } }`;
const CREATE_PROPOSAL = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey } }`;
const CREATE_INSTRUMENT = `mutation($name: String!, $shortCode: String!, $managerUserId: Int) {
  createInstrument(name: $name, shortCode: $shortCode, description: "An instrument", managerUserId: $managerUserId) { id } }`;
const ASSIGN = `mutation($pks: [Int!]!, $ids: [Int!]!) { assignProposalsToInstruments(proposalPks: $pks, instrumentIds: $ids) }`;
const TECHNICAL_REVIEWS = `query($pk: Int!) { technicalReviews(proposalPk: $pk) { id instrumentId } }`;
const GET_PROPOSAL = `query($pk: Int!) { getProposal(primaryKey: $pk) { primaryKey title } }`;
const OPERATIONS = [
  'internalReviews',
  'internalReview',
  'createInternalReview',
  'updateInternalReview',
  'deleteInternalReview',
];

interface Review {
  id: number;
  title: string | null;
  comment: string | null;
  reviewerId: number;
  technicalReviewId: number;
  assignedBy: number | null;
  files: { fileId: string; originalFileName: string; mimeType: string }[];
  reviewer: { id: number; firstname: string } | null;
  assignedByUser: { id: number } | null;
}

/** A one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe.each<TestStore>(moduleStores())('internal reviews end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: TestUser;
  let ann: TestUser; // internal reviewer
  let ben: TestUser; // internal reviewer
  let scientist: TestUser;
  let fapReviewer: TestUser;
  let applicant: TestUser;
  let callId: number;
  let instrumentId: number;
  let instruments = 0;

  const gql = async <T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> => {
    const res = await t.gql<T>(query, variables, token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  const upload = async (content: Buffer, filename: string, as: TestUser): Promise<string> => {
    const res = await t
      .http()
      .post('/files/upload')
      .set('authorization', `Bearer ${as.token}`)
      .attach('file', content, { filename, contentType: 'application/octet-stream' });
    expect(res.status).toBe(200);
    return (res.body as { fileId: string }).fileId;
  };
  const downloadStatus = async (fileId: string, as: TestUser) =>
    (await t.http().get(`/files/download/${fileId}`).set('authorization', `Bearer ${as.token}`)).status;
  const create = async (input: Record<string, unknown>) =>
    (await gql<{ createInternalReview: Review }>(CREATE, { input }, officer.token)).createInternalReview;
  const list = async (as: TestUser, filter?: Record<string, unknown>) =>
    (await gql<{ internalReviews: Review[] }>(LIST, filter ? { filter } : {}, as.token)).internalReviews;
  const newInstrument = async (managerUserId: number | null) =>
    (
      await gql<{ createInstrument: { id: number } }>(
        CREATE_INSTRUMENT,
        { name: `Instrument ${++instruments}`, shortCode: `IR${instruments}-${store}`, managerUserId },
        officer.token,
      )
    ).createInstrument.id;
  /** A proposal on the instrument and the id of its technical review (an internal review needs a real one). */
  const newTechnicalReview = async (onInstrument = instrumentId) => {
    const { primaryKey } = (
      await gql<{ createProposal: { primaryKey: number } }>(CREATE_PROPOSAL, { callId }, applicant.token)
    ).createProposal;
    await gql(ASSIGN, { pks: [primaryKey], ids: [onInstrument] }, officer.token);
    const reviews = (
      await gql<{ technicalReviews: { id: number }[] }>(TECHNICAL_REVIEWS, { pk: primaryKey }, officer.token)
    ).technicalReviews;
    return { proposalPk: primaryKey, technicalReviewId: reviews[0].id };
  };
  const newTechnicalReviewId = async () => (await newTechnicalReview()).technicalReviewId;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, firstname: 'Olga' });
    ann = await createUser(t, { role: Role.INTERNAL_REVIEWER, firstname: 'Ann' });
    ben = await createUser(t, { role: Role.INTERNAL_REVIEWER, firstname: 'Ben' });
    scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST, firstname: 'Sci' });
    fapReviewer = await createUser(t, { role: Role.FAP_REVIEWER });
    applicant = await createUser(t, { role: Role.USER });
    callId = (await createOpenCall(t, officer.token)).callId;
    instrumentId = await newInstrument(scientist.id);
  });
  afterAll(() => t.close());

  it('an officer creates a review with a sanitised comment and PDF documents; the reviewer and assigner resolve', async () => {
    const fileId = await upload(PDF, 'beamline.pdf', officer);
    const technicalReviewId = await newTechnicalReviewId();
    const review = await create({
      title: '  Shielding  ',
      comment: '<p onclick="x()">Check the <b>shielding</b></p><script>alert(1)</script>',
      reviewerId: ann.id,
      technicalReviewId,
      files: JSON.stringify([fileId]),
    });
    expect(review).toEqual({
      id: expect.any(Number),
      title: 'Shielding',
      comment: '<p>Check the <b>shielding</b></p>',
      reviewerId: ann.id,
      technicalReviewId,
      assignedBy: officer.id,
      createdAt: expect.any(String),
      files: [{ fileId, originalFileName: 'beamline.pdf', mimeType: 'application/pdf' }],
      reviewer: { id: ann.id, firstname: 'Ann' },
      assignedByUser: { id: officer.id },
    });
  });

  it('finds internal reviewers by surname through getUsers(filter, userRole) (the picker of §5)', async () => {
    const SEARCH = `query($filter: String) { getUsers(filter: $filter, userRole: INTERNAL_REVIEWER) { totalCount users { id } } }`;
    type Found = { getUsers: { totalCount: number; users: { id: number }[] } };
    const found = (await gql<Found>(SEARCH, { filter: 'Tester' }, officer.token)).getUsers.users.map(
      (u) => u.id,
    );
    expect(found).toEqual(expect.arrayContaining([ann.id, ben.id]));
    expect(found).not.toContain(scientist.id);
    expect(
      (await gql<Found>(SEARCH, { filter: 'Nobody-by-that-name' }, officer.token)).getUsers.totalCount,
    ).toBe(0);
  });

  it('refuses bad input with a clear message, appending nothing (§5)', async () => {
    const png = await upload(PNG, 'photo.png', officer);
    const pdfs = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => upload(PDF, `d${n}.pdf`, officer)));
    const input = { title: 'T', reviewerId: ann.id, technicalReviewId: await newTechnicalReviewId() };
    const refused = (variables: Record<string, unknown>, message: string, code?: string) =>
      expectRefused(
        t,
        { query: CREATE, variables: { input: variables }, token: officer.token },
        message,
        code,
      );
    await refused({ ...input, title: ' ' }, 'Title is required');
    await refused({ ...input, reviewerId: null }, 'Internal reviewer is required');
    await refused(
      { ...input, reviewerId: scientist.id },
      'The internal reviewer must be a user with the Internal Reviewer role',
    );
    await refused(
      { ...input, reviewerId: 999999 },
      'The internal reviewer must be a user with the Internal Reviewer role',
    );
    await refused({ ...input, files: JSON.stringify(pdfs) }, 'You can upload at most 5 file(s)');
    await refused(
      { ...input, files: JSON.stringify([pdfs[0], png]) },
      'Internal documents must be PDF files',
    );
    await refused({ ...input, files: '["00000000-0000-4000-8000-000000000000"]' }, 'File not found');
    await refused({ ...input, comment: 'x'.repeat(6001) }, 'Comment must be at most 6000 characters');
    await refused({ ...input, technicalReviewId: 999999 }, 'Technical Review not found', 'NOT_FOUND');
    const mine = await create(input);
    await expectRefused(
      t,
      {
        query: UPDATE,
        variables: { input: { ...input, id: mine.id, technicalReviewId: 999999 } },
        token: officer.token,
      },
      'Technical Review not found',
      'NOT_FOUND',
    );
  });

  it('shows each caller the reviews they may see: internal reviewers see the title, comment and files of their own only (§6)', async () => {
    const tr = await newTechnicalReviewId();
    const otherTr = await newTechnicalReviewId();
    const annFile = await upload(PDF, 'ann.pdf', officer);
    const benFile = await upload(PDF, 'ben.pdf', officer);
    const annsReview = await create({
      title: 'For Ann',
      comment: 'A',
      reviewerId: ann.id,
      technicalReviewId: tr,
      files: `["${annFile}"]`,
    });
    const bensReview = await create({
      title: 'For Ben',
      comment: 'B',
      reviewerId: ben.id,
      technicalReviewId: tr,
      files: `["${benFile}"]`,
    });
    const bensOther = await create({ title: 'Ben only', reviewerId: ben.id, technicalReviewId: otherTr });

    const asAnn = await list(ann, { technicalReviewId: tr });
    expect(asAnn.map((r) => [r.id, r.title, r.comment, r.files.length])).toEqual([
      [annsReview.id, 'For Ann', 'A', 1],
      [bensReview.id, null, null, 0],
    ]);
    expect(asAnn[1].reviewer).toEqual({ id: ben.id, firstname: 'Ben' });
    expect(await list(ann, { technicalReviewId: otherTr })).toEqual([]);
    expect((await list(ann)).map((r) => r.technicalReviewId)).toEqual(expect.not.arrayContaining([otherTr]));
    expect((await list(ann)).every((r) => r.reviewerId === ann.id)).toBe(true);
    // not Ann's to see: refused like a proposal she may not read (issue 38: as a missing id would be)
    const notHers = await t.gql(ONE, { id: bensOther.id }, ann.token);
    expect(notHers.errors?.[0]).toMatchObject({
      message: 'You may not see this proposal',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(
      (await gql<{ internalReview: Review | null }>(ONE, { id: bensReview.id }, ann.token)).internalReview,
    ).toMatchObject({ id: bensReview.id, title: null });

    for (const staff of [officer, scientist]) {
      expect((await list(staff, { technicalReviewId: tr })).map((r) => r.title)).toEqual([
        'For Ann',
        'For Ben',
      ]);
    }
    expect((await list(scientist)).map((r) => r.id)).toEqual(
      expect.arrayContaining([bensOther.id, annsReview.id]),
    );

    // the documents download for those who see the review's content only
    expect(await downloadStatus(annFile, ann)).toBe(200);
    expect(await downloadStatus(annFile, scientist)).toBe(200);
    expect(await downloadStatus(annFile, ben)).toBe(403);
    expect(await downloadStatus(annFile, fapReviewer)).toBe(403);
    expect(await downloadStatus(benFile, ann)).toBe(403);
  });

  it('lets the internal reviewer update only their own review, without handing it over (§6)', async () => {
    const tr = await newTechnicalReviewId();
    const annsReview = await create({ title: 'Ann', reviewerId: ann.id, technicalReviewId: tr });
    const bensReview = await create({ title: 'Ben', reviewerId: ben.id, technicalReviewId: tr });
    const mine = await upload(PDF, 'notes.pdf', ann);
    const updated = await gql<{ updateInternalReview: Review }>(
      UPDATE,
      {
        input: {
          id: annsReview.id,
          technicalReviewId: tr,
          title: 'Ann',
          reviewerId: ann.id,
          comment: '<p>Fine</p>',
          files: `[{"id":"${mine}"}]`,
        },
      },
      ann.token,
    );
    expect(updated.updateInternalReview).toMatchObject({ comment: '<p>Fine</p>', files: [{ fileId: mine }] });

    const input = { id: bensReview.id, technicalReviewId: tr, title: 'Mine now', reviewerId: ben.id };
    await expectRefused(
      t,
      { query: UPDATE, variables: { input }, token: ann.token },
      'You can only update your own internal review',
      'FORBIDDEN',
    );
    await expectRefused(
      t,
      {
        query: UPDATE,
        variables: { input: { id: annsReview.id, technicalReviewId: tr, title: 'Ann', reviewerId: ben.id } },
        token: ann.token,
      },
      'Only a user officer can change the internal reviewer',
      'FORBIDDEN',
    );
    const theirs = await upload(PDF, 'theirs.pdf', ben);
    await expectRefused(
      t,
      {
        query: UPDATE,
        variables: {
          input: {
            id: annsReview.id,
            technicalReviewId: tr,
            title: 'Ann',
            reviewerId: ann.id,
            files: `["${theirs}"]`,
          },
        },
        token: ann.token,
      },
      'You can only attach files you have uploaded yourself',
      'FORBIDDEN',
    );

    // an officer may hand it over
    const moved = await gql<{ updateInternalReview: Review }>(
      UPDATE,
      { input: { id: bensReview.id, technicalReviewId: tr, title: 'Ben', reviewerId: ann.id } },
      officer.token,
    );
    expect(moved.updateInternalReview).toMatchObject({ reviewerId: ann.id, comment: null });
  });

  it('deletes a review (officers) under its technical review; gone from the lists, then not found', async () => {
    const tr = await newTechnicalReviewId();
    const review = await create({ title: 'Old', reviewerId: ann.id, technicalReviewId: tr });
    await expectRefused(
      t,
      {
        query: DELETE,
        variables: { input: { id: review.id, technicalReviewId: tr + 1000 } },
        token: officer.token,
      },
      'Internal review not found',
      'NOT_FOUND',
    );
    const deleted = await gql<{ deleteInternalReview: Review }>(
      DELETE,
      { input: { id: review.id, technicalReviewId: tr } },
      officer.token,
    );
    expect(deleted.deleteInternalReview).toMatchObject({ id: review.id, title: 'Old' });
    expect(await list(officer, { technicalReviewId: tr })).toEqual([]);
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await gql<{
      getEventLogs: { eventType: string; changedById: number; description: string }[];
    }>(EVENT_LOGS, { id: String(review.id) }, officer.token);
    expect(logs.getEventLogs.filter((l) => l.eventType.startsWith('InternalReview'))).toEqual([
      {
        eventType: 'InternalReviewCreated',
        changedById: officer.id,
        description: `Internal review #${review.id} of technical review #${tr} created for reviewer #${ann.id}`,
      },
      {
        eventType: 'InternalReviewDeleted',
        changedById: officer.id,
        description: `Internal review #${review.id} of technical review #${tr} deleted`,
      },
    ]);
    await expectRefused(
      t,
      {
        query: UPDATE,
        variables: { input: { id: review.id, technicalReviewId: tr, title: 'Back', reviewerId: ann.id } },
        token: officer.token,
      },
      'Internal review not found',
      'NOT_FOUND',
    );
  });

  it('lets the scientists of its instruments and the internal reviewers of its technical reviews read a proposal, no other staff (§6)', async () => {
    const other = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST, firstname: 'Otto' });
    const otherInstrument = await newInstrument(other.id);
    const onMine = await newTechnicalReview();
    const onOther = await newTechnicalReview(otherInstrument);
    await create({ title: 'Look', reviewerId: ann.id, technicalReviewId: onMine.technicalReviewId });
    const reads = async (pk: number, as: TestUser) => {
      const res = await t.gql<{ getProposal: { primaryKey: number } | null }>(GET_PROPOSAL, { pk }, as.token);
      return res.errors ? res.errors[0].extensions?.code : res.data!.getProposal!.primaryKey;
    };
    // the scientist manages the first instrument, Otto the other
    expect(await reads(onMine.proposalPk, scientist)).toBe(onMine.proposalPk);
    expect(await reads(onOther.proposalPk, scientist)).toBe('FORBIDDEN');
    expect(await reads(onOther.proposalPk, other)).toBe(onOther.proposalPk);
    expect(await reads(onMine.proposalPk, other)).toBe('FORBIDDEN');
    // Ann has an internal review of the first proposal's technical review; Ben has none there
    expect(await reads(onMine.proposalPk, ann)).toBe(onMine.proposalPk);
    expect(await reads(onOther.proposalPk, ann)).toBe('FORBIDDEN');
    expect(await reads(onMine.proposalPk, ben)).toBe('FORBIDDEN');
    expect(await reads(onMine.proposalPk, fapReviewer)).toBe('FORBIDDEN');
    // reading is not acting: the scientist may not change the proposal they read
    const update = await t.gql(
      `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Mine") { primaryKey } }`,
      { pk: onMine.proposalPk },
      scientist.token,
    );
    expect(update.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('lets exactly the expected callers through each operation; an API token naming them gets through', async () => {
    const [withoutPermission, withPermission] = [await apiTokenFor(t), await apiTokenFor(t, OPERATIONS)];
    const before = await head();
    const readers = [
      Role.USER_OFFICER,
      Role.INSTRUMENT_SCIENTIST,
      Role.INTERNAL_REVIEWER,
      Role.FAP_CHAIR,
      Role.FAP_SECRETARY,
    ];
    const input = { id: 999999, technicalReviewId: 1, title: 't', reviewerId: ann.id };
    const cases: AccessCase[] = [
      {
        operation: 'internalReviews',
        document: LIST,
        variables: { filter: { technicalReviewId: 1 } },
        allowed: readers,
      },
      { operation: 'internalReview', document: ONE, variables: { id: 999999 }, allowed: readers },
      // invalid or unknown inputs: a caller let in gets BAD_USER_INPUT or NOT_FOUND and nothing changes
      {
        operation: 'createInternalReview',
        document: CREATE,
        variables: { input: { title: '', technicalReviewId: 1 } },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'updateInternalReview',
        document: UPDATE,
        variables: { input },
        allowed: [Role.USER_OFFICER, Role.INTERNAL_REVIEWER],
      },
      {
        operation: 'deleteInternalReview',
        document: DELETE,
        variables: { input: { id: 999999, technicalReviewId: 1 } },
        allowed: [Role.USER_OFFICER],
      },
    ];
    expect(await accessMatrix(t, cases, withoutPermission)).toEqual(expectedMatrix(cases, true));
    const withToken = cases.map((c) => ({ ...c, allowed: [...c.allowed, 'API_TOKEN' as const] }));
    expect(await accessMatrix(t, withToken, withPermission)).toEqual(expectedMatrix(withToken, true));
    expect(await head()).toBe(before);
  });
});
