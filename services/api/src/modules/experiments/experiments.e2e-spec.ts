import { experimentMessages as M, Role } from '@user-office/contracts';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import {
  CREATE_CALL,
  callInput,
  createOpenCall,
  createUser,
  type TestUser,
} from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EXPERIMENT_WORKFLOW_ENGINE } from './reactions/advance-experiment-workflow-on-domain-event.reaction';

/** the proposal and the experiment workflow engines */
const ENGINES = ['advance_workflow_on_domain_event', EXPERIMENT_WORKFLOW_ENGINE];

const EXPERIMENT =
  'experimentPk experimentId proposalPk instrumentId startsAt endsAt status localContactId scheduledEventId';
const CREATE = `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { ${EXPERIMENT} } }`;
const UPDATE = `mutation($i: UpdateExperimentInput!) { updateExperiment(input: $i) { ${EXPERIMENT} } }`;
const DELETE = `mutation($pk: Int!) { deleteExperiment(experimentPk: $pk) { experimentPk } }`;
const LIST = `query($f: ExperimentsFilter, $first: Int, $offset: Int) { experiments(filter: $f, first: $first, offset: $offset) { totalCount experiments { experimentPk instrumentId } } }`;
const USER_LIST = `query($f: UserExperimentsFilter) { getUserExperiments(filter: $f) {
  experimentPk startsAt endsAt status proposal { primaryKey proposalId title } instrument { id name } localContact { id firstname lastname } } }`;
const SUMMARY = `query($i: Int!, $c: Int!) { experimentTimeSummary(instrumentId: $i, callId: $c) {
  allocationTimeUnit availabilityTime scheduledTime proposals { proposalPk allocatedTime scheduledTime } } }`;
const S_CREATE = `mutation($i: ScheduledExperimentInput!) { createScheduledExperiment(input: $i) { ${EXPERIMENT} } }`;
const S_UPDATE = `mutation($i: ScheduledExperimentInput!) { updateScheduledExperiment(input: $i) { ${EXPERIMENT} } }`;
const S_ACTIVATE = `mutation($id: String!) { activateScheduledExperiment(scheduledEventId: $id) { status } }`;
const S_COMPLETE = `mutation($id: String!) { completeScheduledExperiment(scheduledEventId: $id) { status } }`;
const S_REMOVE = `mutation($id: String!) { removeScheduledExperiment(scheduledEventId: $id) }`;

const at = (day: number, hour = 8) => new Date(Date.UTC(2027, 0, day, hour)).toISOString();

describe('experiments end to end (postgres)', () => {
  let t: TestApp;
  let officer: TestUser;
  let scientist: TestUser;
  let otherScientist: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let instrumentId: number;
  let otherInstrumentId: number;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let accepted: number;
  let undecided: number;
  let head: () => Promise<number>;

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  /** the workflow engines (asynchronous reactions) have caught up with everything appended so far */
  async function settle() {
    for (let i = 0; i < 3; i++) await t.projections.waitFor(await head(), ENGINES);
  }

  /** the call refuses it with this message and nothing is appended */
  async function refused(query: string, variables: Record<string, unknown>, user: TestUser, message: string) {
    await settle();
    const before = await head();
    const res = await t.gql(query, variables, user.token);
    expect(res.errors?.[0]?.message).toBe(message);
    expect(await head()).toBe(before);
  }

  /** a submitted proposal of the call, by the PI with a co-proposer, on the instrument */
  async function submittedProposal(): Promise<number> {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
      { c: call.callId },
      pi,
    );
    const pk = createProposal.primaryKey;
    await gql(
      `mutation($pk: Int!, $u: [Int!]) { updateProposal(proposalPk: $pk, title: "Spin", abstract: "Waves", users: $u) { primaryKey } }`,
      { pk, u: [coProposer.id] },
      pi,
    );
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
    await gql(
      `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
      { p: [pk], i: [instrumentId, otherInstrumentId] },
      officer,
    );
    return pk;
  }

  const decide = (pk: number, submitted: boolean) =>
    gql(
      `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!], $s: Boolean) {
        administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: $s) { primaryKey } }`,
      { pk, a: [{ instrumentId, value: 3 }], s: submitted },
      officer,
    );

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres' });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST, firstname: 'Ada' });
    otherScientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST });
    pi = await createUser(t);
    coProposer = await createUser(t);
    stranger = await createUser(t);
    const made = async (name: string) =>
      (
        await gql<{ createInstrument: { id: number } }>(
          `mutation($n: String!) { createInstrument(name: $n, shortCode: $n, description: "d") { id } }`,
          { n: name },
          officer,
        )
      ).createInstrument.id;
    instrumentId = await made('Xray');
    otherInstrumentId = await made('Neutron');
    await gql(
      `mutation($s: [Int!]!, $i: Int!) { assignScientistsToInstrument(scientistIds: $s, instrumentId: $i) }`,
      { s: [scientist.id], i: instrumentId },
      officer,
    );
    await gql(
      `mutation($s: [Int!]!, $i: Int!) { assignScientistsToInstrument(scientistIds: $s, instrumentId: $i) }`,
      { s: [otherScientist.id], i: otherInstrumentId },
      officer,
    );
    call = await createOpenCall(t, officer.token);
    await gql(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: call.callId, i: [{ instrumentId }] },
      officer,
    );
    await gql(
      `mutation($c: Int!, $i: Int!) { setInstrumentAvailabilityTime(callId: $c, instrumentId: $i, availabilityTime: 40) }`,
      { c: call.callId, i: instrumentId },
      officer,
    );
    accepted = await submittedProposal();
    await decide(accepted, true);
    undecided = await submittedProposal();
    await decide(undecided, false);
  });
  afterAll(() => t.close());

  it('schedules experiments of an accepted proposal, refuses overlaps and the proposals not ready, and lists them', async () => {
    const first = await gql<{ createExperiment: Record<string, unknown> }>(
      CREATE,
      {
        i: {
          proposalPk: accepted,
          instrumentId,
          startsAt: at(10),
          endsAt: at(12),
          localContactId: scientist.id,
        },
      },
      scientist,
    );
    expect(first.createExperiment).toEqual(
      expect.objectContaining({
        proposalPk: accepted,
        instrumentId,
        status: 'DRAFT',
        localContactId: scientist.id,
        scheduledEventId: null,
      }),
    );
    const firstPk = first.createExperiment.experimentPk as number;
    const firstId = first.createExperiment.experimentId as string;
    // the rules reach the user, and nothing is appended when refused
    const overlap = M.overlaps(firstId, at(10), at(12));
    await refused(
      CREATE,
      { i: { proposalPk: accepted, instrumentId, startsAt: at(11), endsAt: at(13) } },
      officer,
      overlap,
    );
    await refused(
      CREATE,
      { i: { proposalPk: accepted, instrumentId, startsAt: at(13), endsAt: at(12) } },
      officer,
      M.endsBeforeStart,
    );
    await refused(
      CREATE,
      { i: { proposalPk: accepted, instrumentId, startsAt: 'soon', endsAt: at(12) } },
      officer,
      M.invalidDate('Start'),
    );
    await refused(
      CREATE,
      { i: { proposalPk: undecided, instrumentId, startsAt: at(20), endsAt: at(21) } },
      officer,
      M.decisionNotSubmitted,
    );
    await refused(
      CREATE,
      { i: { proposalPk: 999999, instrumentId, startsAt: at(20), endsAt: at(21) } },
      officer,
      M.proposalNotFound,
    );
    await refused(
      CREATE,
      { i: { proposalPk: accepted, instrumentId, startsAt: at(20), endsAt: at(21) } },
      otherScientist,
      M.mayNotManage,
    );
    await refused(
      CREATE,
      { i: { proposalPk: accepted, instrumentId, startsAt: at(20), endsAt: at(21), localContactId: 999999 } },
      officer,
      M.localContactNotFound,
    );
    // back to back is no overlap; on the other instrument the same time is free
    const second = await gql<{ createExperiment: { experimentPk: number } }>(
      CREATE,
      { i: { proposalPk: accepted, instrumentId, startsAt: at(12), endsAt: at(13) } },
      officer,
    );
    await gql(
      CREATE,
      { i: { proposalPk: accepted, instrumentId: otherInstrumentId, startsAt: at(10), endsAt: at(12) } },
      otherScientist,
    );
    // a move onto the first is refused; a move elsewhere is saved; the same move again appends nothing
    await refused(
      UPDATE,
      {
        i: {
          experimentPk: second.createExperiment.experimentPk,
          instrumentId,
          startsAt: at(11),
          endsAt: at(13),
        },
      },
      officer,
      overlap,
    );
    const moved = {
      experimentPk: second.createExperiment.experimentPk,
      instrumentId,
      startsAt: at(14),
      endsAt: at(15),
      status: 'ACTIVE',
    };
    expect(
      (await gql<{ updateExperiment: { status: string; startsAt: string } }>(UPDATE, { i: moved }, scientist))
        .updateExperiment,
    ).toEqual(expect.objectContaining({ status: 'ACTIVE', startsAt: at(14) }));
    await settle();
    const before = await head();
    await gql(UPDATE, { i: moved }, scientist);
    expect(await head()).toBe(before);
    // the staff list: officers all, each scientist their instrument's
    const list = async (user: TestUser, f: Record<string, unknown> = {}) =>
      (
        await gql<{
          experiments: { totalCount: number; experiments: { experimentPk: number; instrumentId: number }[] };
        }>(LIST, { f: { proposalPk: accepted, ...f } }, user)
      ).experiments;
    expect((await list(officer)).totalCount).toBe(3);
    expect((await list(scientist)).experiments.map((e) => e.instrumentId)).toEqual([
      instrumentId,
      instrumentId,
    ]);
    expect((await list(otherScientist)).experiments.map((e) => e.instrumentId)).toEqual([otherInstrumentId]);
    expect((await list(officer, { status: ['ACTIVE'] })).experiments.map((e) => e.experimentPk)).toEqual([
      second.createExperiment.experimentPk,
    ]);
    const page = await gql<{ experiments: { totalCount: number; experiments: unknown[] } }>(
      LIST,
      { f: { proposalPk: accepted }, first: 1, offset: 1 },
      officer,
    );
    expect([page.experiments.totalCount, page.experiments.experiments.length]).toEqual([3, 1]);
    // the applicants' upcoming experiments table: PI and co-proposer; a stranger sees none
    const mine = async (user: TestUser, f: Record<string, unknown> = {}) =>
      (
        await gql<{
          getUserExperiments: {
            experimentPk: number;
            proposal: { primaryKey: number; title: string };
            instrument: { name: string };
            localContact: { firstname: string } | null;
          }[];
        }>(USER_LIST, { f }, user)
      ).getUserExperiments;
    const rows = await mine(coProposer, { instrumentId });
    expect(rows.map((r) => [r.proposal.title, r.instrument.name, r.localContact?.firstname ?? null])).toEqual(
      [
        ['Spin', 'Xray', 'Ada'],
        ['Spin', 'Xray', null],
      ],
    );
    expect((await mine(pi, { status: ['ACTIVE'], endsAfter: at(13) })).map((r) => r.experimentPk)).toEqual([
      second.createExperiment.experimentPk,
    ]);
    expect(await mine(stranger)).toEqual([]);
    // the timeline's summary: 3 days allocated, 3 days scheduled on the X-ray (2 + 1)
    expect(
      (await gql<{ experimentTimeSummary: unknown }>(SUMMARY, { i: instrumentId, c: call.callId }, scientist))
        .experimentTimeSummary,
    ).toEqual({
      allocationTimeUnit: 'Day',
      availabilityTime: 40,
      scheduledTime: 3,
      proposals: expect.arrayContaining([{ proposalPk: accepted, allocatedTime: 3, scheduledTime: 3 }]),
    });
    // delete: gone from the lists; a second delete is refused
    expect(
      (await gql<{ deleteExperiment: { experimentPk: number } }>(DELETE, { pk: firstPk }, officer))
        .deleteExperiment.experimentPk,
    ).toBe(firstPk);
    expect((await list(officer)).totalCount).toBe(2);
    await refused(DELETE, { pk: firstPk }, officer, M.experimentNotFound);
  });

  it('applies the scheduler messages once each, refuses them out of order or for an unknown proposal', async () => {
    const event = `ev-${Date.now()}`;
    const input = {
      scheduledEventId: event,
      proposalPk: accepted,
      instrumentId,
      startsAt: at(20),
      endsAt: at(22),
    };
    await refused(S_UPDATE, { i: input }, officer, M.scheduledEventUnknown(event));
    await refused(S_ACTIVATE, { id: event }, officer, M.scheduledEventUnknown(event));
    await settle();
    const nothing = await head();
    expect(
      (await gql<{ removeScheduledExperiment: boolean }>(S_REMOVE, { id: event }, officer))
        .removeScheduledExperiment,
    ).toBe(false);
    expect(await head()).toBe(nothing);
    await refused(S_CREATE, { i: { ...input, proposalPk: 999999 } }, officer, M.proposalNotFound);
    const created = (
      await gql<{ createScheduledExperiment: { experimentPk: number; scheduledEventId: string } }>(
        S_CREATE,
        { i: input },
        officer,
      )
    ).createScheduledExperiment;
    expect(created.scheduledEventId).toBe(event);
    // each message twice: the second appends nothing
    for (const [document, variables] of [
      [S_CREATE, { i: input }],
      [S_UPDATE, { i: { ...input, endsAt: at(23) } }],
      [S_ACTIVATE, { id: event }],
      [S_COMPLETE, { id: event }],
    ] as const) {
      await gql(document, variables, officer);
      await settle();
      const once = await head();
      await gql(document, variables, officer);
      expect([document, await head()]).toEqual([document, once]);
    }
    const listed = await gql<{ experiments: { experiments: { experimentPk: number }[] } }>(
      LIST,
      { f: { proposalPk: accepted, status: ['COMPLETED'] } },
      officer,
    );
    expect(listed.experiments.experiments.map((e) => e.experimentPk)).toEqual([created.experimentPk]);
    expect(
      (await gql<{ removeScheduledExperiment: boolean }>(S_REMOVE, { id: event }, officer))
        .removeScheduledExperiment,
    ).toBe(true);
    await settle();
    const removed = await head();
    expect(
      (await gql<{ removeScheduledExperiment: boolean }>(S_REMOVE, { id: event }, officer))
        .removeScheduledExperiment,
    ).toBe(false);
    expect(await head()).toBe(removed);
  });

  it("accepts only an ESI template as a call's esiTemplateId", async () => {
    const res = await t.gql(
      CREATE_CALL,
      { input: callInput(call.templateId, call.workflowId, { esiTemplateId: call.templateId }) },
      officer.token,
    );
    expect(res.errors?.[0]?.message).toBe('ESI template must be a PROPOSAL_ESI template');
    const { createTemplate } = await gql<{ createTemplate: { templateId: number } }>(
      'mutation { createTemplate(groupId: PROPOSAL_ESI, name: "ESI") { templateId } }',
      {},
      officer,
    );
    await gql(
      CREATE_CALL,
      { input: callInput(call.templateId, call.workflowId, { esiTemplateId: createTemplate.templateId }) },
      officer,
    );
  });

  it('lets exactly the expected callers through each operation', async () => {
    const apiToken = await apiTokenFor(t);
    await settle();
    const before = await head();
    const STAFF = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST];
    const nothing = { proposalPk: 999999, instrumentId: 999999, startsAt: at(1), endsAt: at(2) };
    const cases: AccessCase[] = [
      { operation: 'createExperiment', document: CREATE, variables: { i: nothing }, allowed: STAFF },
      {
        operation: 'updateExperiment',
        document: UPDATE,
        variables: { i: { instrumentId: 1, startsAt: at(1), endsAt: at(2), experimentPk: 999999 } },
        allowed: STAFF,
      },
      { operation: 'deleteExperiment', document: DELETE, variables: { pk: 999999 }, allowed: STAFF },
      { operation: 'experiments', document: LIST, variables: { f: { proposalPk: 999999 } }, allowed: STAFF },
      { operation: 'getUserExperiments', document: USER_LIST, allowed: [Role.USER] },
      {
        operation: 'experimentTimeSummary',
        document: SUMMARY,
        variables: { i: 999999, c: 999999 },
        allowed: STAFF,
      },
      {
        operation: 'createScheduledExperiment',
        document: S_CREATE,
        variables: { i: { ...nothing, scheduledEventId: 'x' } },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'updateScheduledExperiment',
        document: S_UPDATE,
        variables: { i: { ...nothing, scheduledEventId: 'x' } },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'activateScheduledExperiment',
        document: S_ACTIVATE,
        variables: { id: 'x' },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'completeScheduledExperiment',
        document: S_COMPLETE,
        variables: { id: 'x' },
        allowed: [Role.USER_OFFICER],
      },
      {
        operation: 'removeScheduledExperiment',
        document: S_REMOVE,
        variables: { id: 'x' },
        allowed: [Role.USER_OFFICER],
      },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
    // with the permission, an API token is let through each (acting as the user office), but the user's own list
    const permitted = await apiTokenFor(
      t,
      cases.map((c) => c.operation),
    );
    const withToken = await head();
    for (const c of cases) {
      const res = await t.gql(c.document, c.variables ?? {}, permitted);
      const message = res.errors?.[0]?.message ?? '';
      const refusedToken = message.includes('may not call') || message.includes('needs a signed-in user');
      expect([c.operation, refusedToken]).toEqual([c.operation, c.operation === 'getUserExperiments']);
    }
    expect(await head()).toBe(withToken);
  });
});
