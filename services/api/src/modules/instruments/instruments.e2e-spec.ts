import { Role } from '@user-office/contracts';
import {
  accessMatrix,
  ANY_USER,
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

const FIELDS =
  'id name shortCode description managerUserId selectable instrumentContact manager { id } scientists { id firstname }';
const CREATE = `mutation($name: String!, $shortCode: String!, $description: String!, $managerUserId: Int, $selectable: Boolean, $instrumentContact: String) {
  createInstrument(name: $name, shortCode: $shortCode, description: $description, managerUserId: $managerUserId, selectable: $selectable, instrumentContact: $instrumentContact) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $name: String!, $shortCode: String!, $description: String!, $managerUserId: Int, $selectable: Boolean) {
  updateInstrument(id: $id, name: $name, shortCode: $shortCode, description: $description, managerUserId: $managerUserId, selectable: $selectable) { ${FIELDS} } }`;
const DELETE = `mutation($id: Int!) { deleteInstrument(id: $id) { id name } }`;
const ASSIGN_SCIENTISTS = `mutation($s: [Int!]!, $i: Int!) { assignScientistsToInstrument(scientistIds: $s, instrumentId: $i) }`;
const REMOVE_SCIENTIST = `mutation($s: Int!, $i: Int!) { removeScientistFromInstrument(scientistId: $s, instrumentId: $i) }`;
const CALL_INSTRUMENTS = 'instruments { id name shortCode description availabilityTime submitted fapId }';
const ASSIGN_TO_CALL = `mutation($c: Int!, $l: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $l) { id ${CALL_INSTRUMENTS} } }`;
const REMOVE_FROM_CALL = `mutation($i: Int!, $c: Int!) { removeAssignedInstrumentFromCall(instrumentId: $i, callId: $c) { id ${CALL_INSTRUMENTS} } }`;
const SET_TIME = `mutation($c: Int!, $i: Int!, $t: Float!) { setInstrumentAvailabilityTime(callId: $c, instrumentId: $i, availabilityTime: $t) }`;
const GET_CALL = `query($c: Int!) { getCall(callId: $c) { id ${CALL_INSTRUMENTS} } }`;
const INSTRUMENTS = `query($c: [Int!]) { instruments(callIds: $c) { totalCount instruments { id shortCode } } }`;
const INSTRUMENT = `query($i: Int!) { instrument(instrumentId: $i) { ${FIELDS} } }`;
const BY_IDS = `query($i: [Int!]!) { getInstrumentsByIds(instrumentIds: $i) { id } }`;
const BY_IDS_MINIMAL = `query($i: [Int!]!) { getInstrumentsByIdsMinimal(instrumentIds: $i) { id name } }`;
const MINIMAL = `query($c: [Int!]) { getInstrumentsMinimal(callIds: $c) { id shortCode } }`;
const MINE = `query { getMyInstrumentsMinimal { id shortCode } }`;

const T_FIELDS = 'id name shortCode description instruments { id shortCode } scientists { id }';
const CREATE_T = `mutation($name: String!, $shortCode: String!, $description: String!) { createTechnique(name: $name, shortCode: $shortCode, description: $description) { ${T_FIELDS} } }`;
const UPDATE_T = `mutation($id: Int!, $name: String!, $shortCode: String!, $description: String!) { updateTechnique(id: $id, name: $name, shortCode: $shortCode, description: $description) { ${T_FIELDS} } }`;
const DELETE_T = `mutation($id: Int!) { deleteTechnique(id: $id) { id } }`;
const ASSIGN_T_SCIENTISTS = `mutation($s: [Int!]!, $t: Int!) { assignScientistsToTechnique(scientistIds: $s, techniqueId: $t) }`;
const REMOVE_T_SCIENTIST = `mutation($s: Int!, $t: Int!) { removeScientistFromTechnique(scientistId: $s, techniqueId: $t) }`;
const ASSIGN_T_INSTRUMENTS = `mutation($i: [Int!]!, $t: Int!) { assignInstrumentsToTechnique(instrumentIds: $i, techniqueId: $t) }`;
const REMOVE_T_INSTRUMENTS = `mutation($i: [Int!]!, $t: Int!) { removeInstrumentsFromTechnique(instrumentIds: $i, techniqueId: $t) }`;
const TECHNIQUES = `query { techniques { totalCount techniques { ${T_FIELDS} } } }`;
const TECHNIQUE = `query($t: Int!) { technique(techniqueId: $t) { ${T_FIELDS} } }`;
const T_BY_IDS = `query($t: [Int!]!) { getTechniquesByIds(techniqueIds: $t) { id } }`;
const T_MINIMAL = `query { getTechniquesMinimal { id name shortCode } }`;
const T_BY_SCIENTIST = `query($u: Int!) { getTechniquesByScientist(userId: $u) { id shortCode } }`;

interface Instrument {
  id: number;
  name: string;
  shortCode: string;
  description: string;
  managerUserId: number | null;
  selectable: boolean;
  instrumentContact: string | null;
  scientists: { id: number; firstname: string }[];
}

describe.each<TestStore>(moduleStores())('instruments end to end (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let scientist: TestUser;
  let otherScientist: TestUser;
  let applicant: TestUser;
  const officer = () => t.token({ id: 1 });
  const ok = async <T>(query: string, variables: Record<string, unknown> = {}, token = officer()) => {
    const res = await t.gql<T>(query, variables, token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  let seq = 0;
  const createInstrument = async (overrides: Record<string, unknown> = {}) =>
    (
      await ok<{ createInstrument: Instrument }>(CREATE, {
        name: `Instrument ${++seq}`,
        shortCode: `I${seq}-${store}`,
        description: 'An instrument',
        ...overrides,
      })
    ).createInstrument;

  beforeAll(async () => {
    t = await createTestApp({ store });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST, firstname: 'Sci' });
    otherScientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST, firstname: 'Other' });
    applicant = await createUser(t, { role: Role.USER });
  });
  afterAll(() => t.close());

  it('creates, updates and deletes an instrument with its manager, contact and scientists', async () => {
    const created = await createInstrument({
      name: '  Diffractometer ',
      shortCode: ' DIFF ',
      description: ' Powder diffraction ',
      managerUserId: scientist.id,
      instrumentContact: 'diff@example.org',
    });
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Diffractometer',
      shortCode: 'DIFF',
      description: 'Powder diffraction',
      managerUserId: scientist.id,
      selectable: true,
      instrumentContact: 'diff@example.org',
      manager: { id: scientist.id },
      scientists: [],
    });

    await ok(ASSIGN_SCIENTISTS, { s: [otherScientist.id, scientist.id], i: created.id });
    const read = (await ok<{ instrument: Instrument }>(INSTRUMENT, { i: created.id })).instrument;
    expect(read.scientists.map((s) => s.id)).toEqual([otherScientist.id, scientist.id]);

    await ok(REMOVE_SCIENTIST, { s: otherScientist.id, i: created.id });
    const updated = (
      await ok<{ updateInstrument: Instrument }>(UPDATE, {
        id: created.id,
        name: 'Diffractometer 2',
        shortCode: 'DIFF',
        description: 'Powder',
        managerUserId: null,
        selectable: false,
      })
    ).updateInstrument;
    expect(updated).toMatchObject({ name: 'Diffractometer 2', managerUserId: null, selectable: false });
    expect(updated.scientists.map((s) => s.id)).toEqual([scientist.id]);

    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const logs = await ok<{ getEventLogs: { eventType: string; description: string }[] }>(
      `query($id: String) { getEventLogs(changedObjectId: $id) { eventType description } }`,
      { id: String(created.id) },
    );
    expect(logs.getEventLogs.filter((l) => l.eventType.startsWith('Instrument'))).toEqual([
      { eventType: 'InstrumentCreated', description: 'Instrument "Diffractometer" (DIFF) created' },
      {
        eventType: 'InstrumentScientistsAssigned',
        description: `Scientists #${otherScientist.id}, #${scientist.id} assigned to instrument #${created.id}`,
      },
      {
        eventType: 'InstrumentScientistRemoved',
        description: `Scientist #${otherScientist.id} removed from instrument #${created.id}`,
      },
      { eventType: 'InstrumentUpdated', description: 'Instrument "Diffractometer 2" (DIFF) updated' },
    ]);

    expect(
      (await ok<{ deleteInstrument: { id: number } }>(DELETE, { id: created.id })).deleteInstrument.id,
    ).toBe(created.id);
    expect(
      (await ok<{ instrument: Instrument | null }>(INSTRUMENT, { i: created.id })).instrument,
    ).toBeNull();
    // the short code is free again
    expect((await createInstrument({ shortCode: 'diff' })).shortCode).toBe('diff');
  });

  it('refuses bad input with its message and appends nothing', async () => {
    const taken = await createInstrument({ shortCode: `TAKEN-${store}` });
    const other = await createInstrument();
    const base = { name: 'N', shortCode: 'S', description: 'D' };
    const refuse = (query: string, variables: Record<string, unknown>, message: string, code?: string) =>
      expectRefused(t, { query, variables, token: officer() }, message, code);
    await refuse(CREATE, { ...base, name: ' ' }, 'Name is required');
    await refuse(CREATE, { ...base, shortCode: '' }, 'Short code is required');
    await refuse(CREATE, { ...base, description: '' }, 'Description is required');
    await refuse(
      CREATE,
      { ...base, shortCode: `taken-${store}` },
      'An instrument with this short code exists',
    );
    await refuse(CREATE, { ...base, managerUserId: 999999 }, 'The manager does not exist');
    await refuse(
      UPDATE,
      { ...base, id: other.id, shortCode: taken.shortCode },
      'An instrument with this short code exists',
    );
    await refuse(UPDATE, { ...base, id: 999999 }, 'Instrument not found', 'NOT_FOUND');
    await refuse(DELETE, { id: 999999 }, 'Instrument not found', 'NOT_FOUND');
    await refuse(
      ASSIGN_SCIENTISTS,
      { s: [applicant.id], i: other.id },
      `User #${applicant.id} does not have the Instrument Scientist role`,
    );
    await refuse(ASSIGN_SCIENTISTS, { s: [999999], i: other.id }, 'User #999999 does not exist');
    await refuse(ASSIGN_SCIENTISTS, { s: [], i: other.id }, 'Select at least one scientist');
  });

  it('assigns instruments to a call with availability time; Call.instruments shows them', async () => {
    const { callId } = await createOpenCall(t, officer());
    const a = await createInstrument();
    const b = await createInstrument();
    const assigned = await ok<{ assignInstrumentsToCall: { instruments: unknown[] } }>(ASSIGN_TO_CALL, {
      c: callId,
      l: [{ instrumentId: a.id }, { instrumentId: b.id, fapId: null }],
    });
    expect(assigned.assignInstrumentsToCall.instruments).toEqual([
      {
        id: a.id,
        name: a.name,
        shortCode: a.shortCode,
        description: a.description,
        availabilityTime: null,
        submitted: false,
        fapId: null,
      },
      {
        id: b.id,
        name: b.name,
        shortCode: b.shortCode,
        description: b.description,
        availabilityTime: null,
        submitted: false,
        fapId: null,
      },
    ]);
    expect(await ok(SET_TIME, { c: callId, i: a.id, t: 20 })).toEqual({
      setInstrumentAvailabilityTime: true,
    });
    const call = await ok<{ getCall: { instruments: { id: number; availabilityTime: number | null }[] } }>(
      GET_CALL,
      { c: callId },
      applicant.token,
    );
    expect(call.getCall.instruments.map((i) => [i.id, i.availabilityTime])).toEqual([
      [a.id, 20],
      [b.id, null],
    ]);
    expect(
      (
        await ok<{ getInstrumentsMinimal: { id: number }[] }>(MINIMAL, { c: [callId] }, applicant.token)
      ).getInstrumentsMinimal.map((i) => i.id),
    ).toEqual([a.id, b.id]);

    const refuse = (query: string, variables: Record<string, unknown>, message: string, code?: string) =>
      expectRefused(t, { query, variables, token: officer() }, message, code);
    await refuse(
      SET_TIME,
      { c: callId, i: a.id, t: -1 },
      'Availability time must be greater than or equal to 0',
    );
    await refuse(ASSIGN_TO_CALL, { c: 999999, l: [{ instrumentId: a.id }] }, 'Call not found', 'NOT_FOUND');
    // one unknown instrument: none is assigned
    const c = await createInstrument();
    await refuse(
      ASSIGN_TO_CALL,
      { c: callId, l: [{ instrumentId: c.id }, { instrumentId: 999999 }] },
      'Instrument not found',
      'NOT_FOUND',
    );

    const removed = await ok<{ removeAssignedInstrumentFromCall: { instruments: { id: number }[] } }>(
      REMOVE_FROM_CALL,
      {
        i: a.id,
        c: callId,
      },
    );
    expect(removed.removeAssignedInstrumentFromCall.instruments.map((i) => i.id)).toEqual([b.id]);
    await refuse(SET_TIME, { c: callId, i: a.id, t: 1 }, 'The instrument is not assigned to the call');

    // a deleted instrument leaves the call
    await ok(DELETE, { id: b.id });
    expect(
      (await ok<{ getCall: { instruments: unknown[] } }>(GET_CALL, { c: callId })).getCall.instruments,
    ).toEqual([]);
  });

  it('lists all instruments to officers, FAP roles and users; to the others only their own (§6)', async () => {
    const managed = await createInstrument({ managerUserId: otherScientist.id });
    const worked = await createInstrument();
    await ok(ASSIGN_SCIENTISTS, { s: [otherScientist.id], i: worked.id });
    const foreign = await createInstrument();
    const all = (
      await ok<{ instruments: { totalCount: number; instruments: { id: number }[] } }>(INSTRUMENTS)
    ).instruments;
    expect(all.totalCount).toBe(all.instruments.length);
    expect(all.instruments.map((i) => i.id)).toEqual(
      expect.arrayContaining([managed.id, worked.id, foreign.id]),
    );
    for (const role of [Role.USER, Role.FAP_REVIEWER, Role.FAP_CHAIR, Role.FAP_SECRETARY]) {
      const token = t.token({ id: otherScientist.id, roles: [role], currentRole: role });
      const seen = (await ok<{ instruments: { instruments: { id: number }[] } }>(INSTRUMENTS, {}, token))
        .instruments;
      expect(seen.instruments.length).toBe(all.instruments.length);
    }
    const own = [managed.id, worked.id].sort((x, y) => x - y);
    for (const role of [Role.INSTRUMENT_SCIENTIST, Role.INTERNAL_REVIEWER, Role.EXPERIMENT_SAFETY_REVIEWER]) {
      const token = t.token({ id: otherScientist.id, roles: [role], currentRole: role });
      const seen = (await ok<{ instruments: { instruments: { id: number }[] } }>(INSTRUMENTS, {}, token))
        .instruments;
      expect(seen.instruments.map((i) => i.id).sort((x, y) => x - y)).toEqual(own);
      const byIds = await ok<{ getInstrumentsByIds: { id: number }[] }>(
        BY_IDS,
        { i: [foreign.id, worked.id] },
        token,
      );
      expect(byIds.getInstrumentsByIds.map((i) => i.id)).toEqual([worked.id]);
      expect((await ok<{ instrument: unknown }>(INSTRUMENT, { i: foreign.id }, token)).instrument).toBeNull();
    }
    const mine = await ok<{ getMyInstrumentsMinimal: { id: number }[] }>(MINE, {}, otherScientist.token);
    expect(mine.getMyInstrumentsMinimal.map((i) => i.id).sort((x, y) => x - y)).toEqual(own);
    const officerMine = await ok<{ getMyInstrumentsMinimal: { id: number }[] }>(MINE);
    expect(officerMine.getMyInstrumentsMinimal.length).toBe(all.instruments.length);
  });

  it('keeps techniques with their instruments and scientists', async () => {
    const a = await createInstrument();
    const b = await createInstrument();
    const created = (
      await ok<{ createTechnique: { id: number; shortCode: string } }>(CREATE_T, {
        name: ' Powder ',
        shortCode: `PD-${store}`,
        description: 'Powders',
      })
    ).createTechnique;
    expect(created.shortCode).toBe(`PD-${store}`);
    await ok(ASSIGN_T_INSTRUMENTS, { i: [a.id, b.id], t: created.id });
    await ok(ASSIGN_T_SCIENTISTS, { s: [scientist.id], t: created.id });
    const read = await ok<{ technique: { instruments: { id: number }[]; scientists: { id: number }[] } }>(
      TECHNIQUE,
      {
        t: created.id,
      },
    );
    expect(read.technique.instruments.map((i) => i.id)).toEqual([a.id, b.id]);
    expect(read.technique.scientists).toEqual([{ id: scientist.id }]);
    const byScientist = await ok<{ getTechniquesByScientist: { id: number }[] }>(
      T_BY_SCIENTIST,
      { u: scientist.id },
      scientist.token,
    );
    expect(byScientist.getTechniquesByScientist.map((x) => x.id)).toEqual([created.id]);
    const minimal = await ok<{ getTechniquesMinimal: { id: number }[] }>(T_MINIMAL, {}, applicant.token);
    expect(minimal.getTechniquesMinimal.map((x) => x.id)).toContain(created.id);

    await ok(REMOVE_T_INSTRUMENTS, { i: [a.id], t: created.id });
    await ok(DELETE, { id: b.id }); // a deleted instrument leaves its techniques
    await ok(REMOVE_T_SCIENTIST, { s: scientist.id, t: created.id });
    const after = await ok<{ getTechniquesByIds: { id: number }[] }>(T_BY_IDS, { t: [created.id] });
    expect(after.getTechniquesByIds).toEqual([{ id: created.id }]);
    const emptied = await ok<{ technique: { instruments: unknown[]; scientists: unknown[] } }>(TECHNIQUE, {
      t: created.id,
    });
    expect(emptied.technique).toMatchObject({ instruments: [], scientists: [] });

    const refuse = (query: string, variables: Record<string, unknown>, message: string, code?: string) =>
      expectRefused(t, { query, variables, token: officer() }, message, code);
    await refuse(
      CREATE_T,
      { name: 'X', shortCode: `pd-${store}`, description: 'Y' },
      'A technique with this short code exists',
    );
    await refuse(
      UPDATE_T,
      { id: created.id, name: '', shortCode: 'Z', description: 'Y' },
      'Name is required',
    );
    await refuse(
      ASSIGN_T_INSTRUMENTS,
      { i: [b.id], t: created.id },
      `Instrument(s) #${b.id} not found`,
      'NOT_FOUND',
    );
    await refuse(
      ASSIGN_T_SCIENTISTS,
      { s: [applicant.id], t: created.id },
      `User #${applicant.id} does not have the Instrument Scientist role`,
    );
    await expectRefused(
      t,
      { query: T_BY_SCIENTIST, variables: { u: scientist.id }, token: otherScientist.token },
      'You do not have permission to do this',
      'FORBIDDEN',
    );

    const updated = await ok<{ updateTechnique: { name: string } }>(UPDATE_T, {
      id: created.id,
      name: 'Powder diffraction',
      shortCode: `PD-${store}`,
      description: 'Powders',
    });
    expect(updated.updateTechnique.name).toBe('Powder diffraction');
    await ok(DELETE_T, { id: created.id });
    const list = await ok<{ techniques: { techniques: { id: number }[] } }>(TECHNIQUES);
    expect(list.techniques.techniques.map((x) => x.id)).not.toContain(created.id);
  });

  it("accepts in a picker with no options of its own only the call's instruments and existing techniques", async () => {
    const call = await createOpenCall(t, officer());
    const question = async (dataType: string) => {
      const { createQuestion } = await ok<{ createQuestion: { id: string } }>(
        `mutation { createQuestion(categoryId: PROPOSAL, dataType: ${dataType}) { id } }`,
      );
      await ok(
        `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 5) { templateId } }`,
        { t: call.templateId, q: createQuestion.id, topic: call.topicId },
      );
      return createQuestion.id;
    };
    const instrumentQuestion = await question('INSTRUMENT_PICKER');
    const techniqueQuestion = await question('TECHNIQUE_PICKER');
    const offered = await createInstrument();
    const other = await createInstrument();
    await ok(ASSIGN_TO_CALL, { c: call.callId, l: [{ instrumentId: offered.id }] });
    const technique = (
      await ok<{ createTechnique: { id: number } }>(CREATE_T, {
        name: 'Picked',
        shortCode: `PICK-${store}`,
        description: 'd',
      })
    ).createTechnique;
    const { createProposal } = await ok<{ createProposal: { questionaryId: number } }>(
      'mutation($callId: Int!) { createProposal(callId: $callId) { questionaryId } }',
      { callId: call.callId },
      applicant.token,
    );
    const answer = (instrumentId: number, techniqueIds: number[]) => ({
      q: createProposal.questionaryId,
      topic: call.topicId,
      answers: [
        { questionId: call.questionId, value: JSON.stringify({ value: 'aim' }) },
        {
          questionId: instrumentQuestion,
          value: JSON.stringify({ value: { instrumentId, timeRequested: null } }),
        },
        { questionId: techniqueQuestion, value: JSON.stringify({ value: techniqueIds }) },
      ],
    });
    const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
      answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
    const notOffered = 'Please choose one of the offered options';
    await expectRefused(
      t,
      { query: ANSWER, variables: answer(other.id, [technique.id]), token: applicant.token },
      notOffered,
    );
    await expectRefused(
      t,
      { query: ANSWER, variables: answer(offered.id, [999999]), token: applicant.token },
      notOffered,
    );
    expect(await ok(ANSWER, answer(offered.id, [technique.id]), applicant.token)).toEqual({
      answerTopic: { isCompleted: true },
    });
  });

  it('refuses every instrument operation while INSTRUMENT_MANAGEMENT is off', async () => {
    await ok(
      'mutation { updateFeatures(input: { featureIds: [INSTRUMENT_MANAGEMENT], action: DISABLE }) { id } }',
    );
    try {
      await expectRefused(
        t,
        { query: CREATE, variables: { name: 'N', shortCode: 'OFF', description: 'D' }, token: officer() },
        'The INSTRUMENT_MANAGEMENT feature is not enabled',
        'FORBIDDEN',
      );
      const res = await t.gql(MINIMAL, {}, applicant.token);
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      await ok(
        'mutation { updateFeatures(input: { featureIds: [INSTRUMENT_MANAGEMENT], action: ENABLE }) { id } }',
      );
    }
  });

  it('lets exactly the expected callers through each operation', async () => {
    const apiToken = await apiTokenFor(t);
    const before = await head();
    const officerOnly = [Role.USER_OFFICER];
    const staff = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST];
    const bad = { name: '', shortCode: '', description: '' };
    const cases: AccessCase[] = [
      { operation: 'createInstrument', document: CREATE, variables: bad, allowed: officerOnly },
      {
        operation: 'updateInstrument',
        document: UPDATE,
        variables: { ...bad, id: 999999 },
        allowed: officerOnly,
      },
      { operation: 'deleteInstrument', document: DELETE, variables: { id: 999999 }, allowed: officerOnly },
      {
        operation: 'assignScientistsToInstrument',
        document: ASSIGN_SCIENTISTS,
        variables: { s: [], i: 999999 },
        allowed: officerOnly,
      },
      {
        operation: 'removeScientistFromInstrument',
        document: REMOVE_SCIENTIST,
        variables: { s: 1, i: 999999 },
        allowed: officerOnly,
      },
      {
        operation: 'assignInstrumentsToCall',
        document: ASSIGN_TO_CALL,
        variables: { c: 999999, l: [] },
        allowed: officerOnly,
      },
      {
        operation: 'removeAssignedInstrumentFromCall',
        document: REMOVE_FROM_CALL,
        variables: { i: 999999, c: 999999 },
        allowed: officerOnly,
      },
      {
        operation: 'setInstrumentAvailabilityTime',
        document: SET_TIME,
        variables: { c: 999999, i: 999999, t: -1 },
        allowed: officerOnly,
      },
      { operation: 'instruments', document: INSTRUMENTS, allowed: ANY_USER },
      { operation: 'instrument', document: INSTRUMENT, variables: { i: 999999 }, allowed: ANY_USER },
      { operation: 'getInstrumentsByIds', document: BY_IDS, variables: { i: [999999] }, allowed: ANY_USER },
      {
        operation: 'getInstrumentsByIdsMinimal',
        document: BY_IDS_MINIMAL,
        variables: { i: [999999] },
        allowed: ANY_USER,
      },
      { operation: 'getInstrumentsMinimal', document: MINIMAL, allowed: ANY_USER },
      { operation: 'getMyInstrumentsMinimal', document: MINE, allowed: ANY_USER },
      { operation: 'createTechnique', document: CREATE_T, variables: bad, allowed: officerOnly },
      {
        operation: 'updateTechnique',
        document: UPDATE_T,
        variables: { ...bad, id: 999999 },
        allowed: officerOnly,
      },
      { operation: 'deleteTechnique', document: DELETE_T, variables: { id: 999999 }, allowed: officerOnly },
      {
        operation: 'assignScientistsToTechnique',
        document: ASSIGN_T_SCIENTISTS,
        variables: { s: [], t: 999999 },
        allowed: officerOnly,
      },
      {
        operation: 'removeScientistFromTechnique',
        document: REMOVE_T_SCIENTIST,
        variables: { s: 1, t: 999999 },
        allowed: officerOnly,
      },
      {
        operation: 'assignInstrumentsToTechnique',
        document: ASSIGN_T_INSTRUMENTS,
        variables: { i: [], t: 999999 },
        allowed: officerOnly,
      },
      {
        operation: 'removeInstrumentsFromTechnique',
        document: REMOVE_T_INSTRUMENTS,
        variables: { i: [], t: 999999 },
        allowed: officerOnly,
      },
      { operation: 'techniques', document: TECHNIQUES, allowed: staff },
      { operation: 'technique', document: TECHNIQUE, variables: { t: 999999 }, allowed: staff },
      { operation: 'getTechniquesByIds', document: T_BY_IDS, variables: { t: [999999] }, allowed: staff },
      { operation: 'getTechniquesMinimal', document: T_MINIMAL, allowed: ANY_USER },
      // a scientist asking for their own (the matrix's users have ids 900 +)
      {
        operation: 'getTechniquesByScientist',
        document: T_BY_SCIENTIST,
        variables: { u: 900 + Object.values(Role).indexOf(Role.INSTRUMENT_SCIENTIST) },
        allowed: staff,
      },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);

    // an API token allowed an operation calls it
    const allowed = await apiTokenFor(t, ['getInstrumentsMinimal', 'createInstrument']);
    expect((await t.gql(MINIMAL, {}, allowed)).errors).toBeUndefined();
  });
});
