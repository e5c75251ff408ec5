import {
  EXPERIMENT_WORKFLOW_EVENT_RECORDED,
  Role,
  shipmentMessages as S,
  shipmentRuleMessages as M,
} from '@user-office/contracts';
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
import { EXPERIMENT_WORKFLOW_ENGINE } from '../experiments';

const ENGINES = ['advance_workflow_on_domain_event', EXPERIMENT_WORKFLOW_ENGINE];

const SHIPMENT = 'id title proposalPk experimentPk status questionaryId creatorId receivedAt sampleIds';
const CREATE = `mutation($t: String, $p: Int, $e: Int) { createShipment(title: $t, proposalPk: $p, experimentPk: $e) { ${SHIPMENT} } }`;
const UPDATE = `mutation($t: String, $s: Int!, $p: Int) { updateShipment(title: $t, shipmentId: $s, proposalPk: $p) { ${SHIPMENT} } }`;
const SAMPLES = `mutation($s: Int!, $ids: [Int!]!) { addSamplesToShipment(shipmentId: $s, sampleIds: $ids) { ${SHIPMENT} samples { id title } } }`;
const SUBMIT = `mutation($s: Int!) { submitShipment(shipmentId: $s) { ${SHIPMENT} } }`;
const RECEIVE = `mutation($s: Int!) { markShipmentReceived(shipmentId: $s) { ${SHIPMENT} } }`;
const DELETE = `mutation($s: Int!) { deleteShipment(shipmentId: $s) { id } }`;
const GET = `query($s: Int!) { getShipment(shipmentId: $s) { ${SHIPMENT} samples { id title } } }`;
const LIST = `query($f: ShipmentsFilter) { shipments(filter: $f) { id } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`;
const CREATE_SAMPLE = `mutation($title: String!, $templateId: Int, $proposalPk: Int, $questionId: String) {
  createSample(title: $title, templateId: $templateId, proposalPk: $proposalPk, questionId: $questionId, isPostProposalSubmission: true) { id } }`;

const day = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

type Shipment = {
  id: number;
  title: string;
  status: string;
  questionaryId: number;
  receivedAt: string | null;
  sampleIds: number[];
  samples?: { id: number; title: string }[];
};

describe('shipments end to end (postgres)', () => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let accepted: number;
  let undecided: number;
  let experimentPk: number;
  let head: () => Promise<number>;
  const samples = { a: 0, b: 0, foreign: 0 };
  const declaration = { templateId: 0, topicId: 0 };
  let shipment: Shipment;

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  async function settle() {
    for (let i = 0; i < 3; i++) await t.projections.waitFor(await head(), ENGINES);
  }

  async function appendedSince(position: number): Promise<string[]> {
    const appended = await t.app.get<EventStore>(EVENT_STORE).readAll({ after: position, limit: 100 });
    return appended.map((e) => e.type).filter((type) => !type.startsWith('StatusAction'));
  }

  /** refused with exactly this message, and nothing appended */
  async function refused(query: string, variables: Record<string, unknown>, user: TestUser, message: string) {
    const errors = await expectRefused(t, { query, variables, token: user.token }, message, null);
    expect(errors?.map((e) => e.message)).toEqual([message]);
  }

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres' });
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t);
    coProposer = await createUser(t);
    stranger = await createUser(t);
    const instrumentId = (
      await gql<{ createInstrument: { id: number } }>(
        `mutation { createInstrument(name: "Xray", shortCode: "XR", description: "d") { id } }`,
        {},
        officer,
      )
    ).createInstrument.id;
    const { createTemplate } = await gql<{ createTemplate: { templateId: number } }>(
      `mutation { createTemplate(groupId: SAMPLE_DECLARATION, name: "Samples") { templateId } }`,
      {},
      officer,
    );
    const call = await createOpenCall(t, officer.token);
    const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
      `mutation { createQuestion(categoryId: PROPOSAL, dataType: SAMPLE_DECLARATION) { id } }`,
      {},
      officer,
    );
    await gql(
      `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 5) { templateId } }`,
      { t: call.templateId, q: createQuestion.id, topic: call.topicId },
      officer,
    );
    await gql(
      `mutation($t: Int!, $q: String!, $c: String) { updateQuestionTemplateRelationSettings(templateId: $t, questionId: $q, config: $c) { templateId } }`,
      {
        t: call.templateId,
        q: createQuestion.id,
        c: JSON.stringify({ templateId: createTemplate.templateId, addEntryButtonLabel: 'Add sample' }),
      },
      officer,
    );
    await gql(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: call.callId, i: [{ instrumentId }] },
      officer,
    );
    const proposal = async (submitted: boolean) => {
      const created = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
        `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
        { c: call.callId },
        pi,
      );
      const pk = created.createProposal.primaryKey;
      await gql(
        `mutation($pk: Int!, $u: [Int!]) { updateProposal(proposalPk: $pk, title: "Spin", abstract: "Waves", users: $u) { primaryKey } }`,
        { pk, u: [coProposer.id] },
        pi,
      );
      await gql(
        ANSWER,
        {
          q: created.createProposal.questionaryId,
          topic: call.topicId,
          a: [{ questionId: call.questionId, value: '{"value":"x"}' }],
        },
        pi,
      );
      await gql(`mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey } }`, { pk }, pi);
      await gql(
        `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
        { p: [pk], i: [instrumentId] },
        officer,
      );
      await gql(
        `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!], $s: Boolean) {
          administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: $s) { primaryKey } }`,
        { pk, a: [{ instrumentId, value: 3 }], s: submitted },
        officer,
      );
      return pk;
    };
    accepted = await proposal(true);
    undecided = await proposal(false);
    experimentPk = (
      await gql<{ createExperiment: { experimentPk: number } }>(
        `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { experimentPk } }`,
        { i: { proposalPk: accepted, instrumentId, startsAt: inDays(10), endsAt: inDays(11) } },
        officer,
      )
    ).createExperiment.experimentPk;
    const sample = async (title: string, proposalPk: number) =>
      (
        await gql<{ createSample: { id: number } }>(
          CREATE_SAMPLE,
          { title, templateId: createTemplate.templateId, proposalPk, questionId: createQuestion.id },
          pi,
        )
      ).createSample.id;
    samples.a = await sample('Crystal A', accepted);
    samples.b = await sample('Crystal B', accepted);
    samples.foreign = await sample('Powder', undecided);
  });
  afterAll(() => t.close());

  it('declares a shipment of an accepted proposal, with the §5 messages', async () => {
    const ok = { t: 'Crystals', p: accepted, e: experimentPk };
    await refused(CREATE, { ...ok, t: ' ' }, pi, S.titleRequired);
    await refused(CREATE, { ...ok, t: 'x'.repeat(151) }, pi, S.titleMax);
    await refused(CREATE, { ...ok, p: null }, pi, S.proposalRequired);
    await refused(CREATE, { ...ok, p: 999999 }, pi, M.proposalNotFound);
    await refused(CREATE, { ...ok, e: 999999 }, pi, M.experimentNotFound);
    await refused(CREATE, ok, pi, M.noActiveTemplate);
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      `mutation { createTemplate(groupId: SHIPMENT_DECLARATION, name: "Shipment") { templateId steps { topic { id } } } }`,
      {},
      officer,
    );
    declaration.templateId = createTemplate.templateId;
    declaration.topicId = createTemplate.steps[0].topic.id;
    await gql(
      `mutation($t: Int!) { setActiveTemplate(templateGroupId: SHIPMENT_DECLARATION, templateId: $t) }`,
      { t: declaration.templateId },
      officer,
    );
    await refused(CREATE, ok, stranger, M.onlyMembers);
    await refused(CREATE, { ...ok, p: undecided, e: null }, pi, M.notAccepted);
    await refused(CREATE, { ...ok, p: undecided }, coProposer, M.notAccepted);

    shipment = (await gql<{ createShipment: Shipment }>(CREATE, ok, coProposer)).createShipment;
    expect(shipment).toEqual(
      expect.objectContaining({
        title: 'Crystals',
        proposalPk: accepted,
        experimentPk,
        status: 'DRAFT',
        creatorId: coProposer.id,
        receivedAt: null,
        sampleIds: [],
      }),
    );
    expect(shipment.questionaryId).toEqual(expect.any(Number));
  });

  it('edits a draft: title, samples of the proposal only; then submission locks it', async () => {
    const s = shipment.id;
    await refused(UPDATE, { t: '', s, p: accepted }, pi, S.titleRequired);
    await refused(UPDATE, { t: 'Powders', s, p: undecided }, pi, M.proposalChanged);
    await refused(UPDATE, { t: 'Powders', s, p: accepted }, stranger, M.onlyMembers);
    expect(
      (await gql<{ updateShipment: Shipment }>(UPDATE, { t: 'Two crystals', s, p: accepted }, pi))
        .updateShipment.title,
    ).toBe('Two crystals');
    await refused(SAMPLES, { s, ids: [samples.a, samples.foreign] }, pi, M.sampleNotOfProposal);
    const withSamples = await gql<{ addSamplesToShipment: Shipment }>(
      SAMPLES,
      { s, ids: [samples.a, samples.b] },
      pi,
    );
    expect(withSamples.addSamplesToShipment.samples?.map((x) => x.title)).toEqual(['Crystal A', 'Crystal B']);

    await refused(SUBMIT, { s }, pi, M.incomplete);
    await gql(ANSWER, { q: shipment.questionaryId, topic: declaration.topicId, a: [] }, pi);
    const submitted = await gql<{ submitShipment: Shipment }>(SUBMIT, { s }, pi);
    expect(submitted.submitShipment.status).toBe('SUBMITTED');

    await refused(UPDATE, { t: 'Powders', s, p: accepted }, pi, M.locked);
    await refused(SAMPLES, { s, ids: [samples.a] }, coProposer, M.locked);
    await refused(SUBMIT, { s }, pi, M.locked);
    await refused(DELETE, { s }, pi, M.locked);
    const answer = await t.gql(
      ANSWER,
      { q: shipment.questionaryId, topic: declaration.topicId, a: [] },
      pi.token,
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('lets the user office mark it received, once', async () => {
    const s = shipment.id;
    const received = await gql<{ markShipmentReceived: Shipment }>(RECEIVE, { s }, officer);
    expect(received.markShipmentReceived).toEqual(
      expect.objectContaining({ status: 'SUBMITTED', receivedAt: expect.any(String) }),
    );
    await settle();
    const before = await head();
    await gql(RECEIVE, { s }, officer);
    expect(await appendedSince(before)).toEqual([]);
    const draft = (await gql<{ createShipment: Shipment }>(CREATE, { t: 'Later', p: accepted }, pi))
      .createShipment;
    await refused(RECEIVE, { s: draft.id }, officer, M.notSubmitted);
    await gql(DELETE, { s: draft.id }, coProposer);
    // a deleted shipment is refused like a proposal the caller may not read (issue 38: a missing id tells nothing)
    expect((await t.gql(GET, { s: draft.id }, pi.token)).errors?.[0]).toMatchObject({
      message: 'You may not see this proposal',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('lists shipments: staff all, users their proposals’', async () => {
    const ids = (r: { shipments: { id: number }[] }) => r.shipments.map((x) => x.id);
    expect(ids(await gql(LIST, {}, pi))).toEqual([shipment.id]);
    expect(ids(await gql(LIST, {}, stranger))).toEqual([]);
    expect(ids(await gql(LIST, { f: { status: 'SUBMITTED' } }, officer))).toEqual([shipment.id]);
    expect((await t.gql(GET, { s: shipment.id }, stranger.token)).errors?.[0]).toMatchObject({
      message: 'You may not see this proposal',
      extensions: { code: 'FORBIDDEN' },
    });
    const read = await gql<{ getShipment: Shipment }>(GET, { s: shipment.id }, officer);
    expect(read.getShipment.samples?.map((x) => x.id)).toEqual([samples.a, samples.b]);
  });

  it('offers EXPERIMENT_SHIPMENT_SUBMITTED to the experiment workflow and records it', async () => {
    await settle();
    const recorded = await t.app
      .get<EventStore>(EVENT_STORE)
      .readAll({ after: 0, limit: 1000, types: [EXPERIMENT_WORKFLOW_EVENT_RECORDED] });
    expect(
      recorded
        .filter((e) => (e.data as { experimentPk: number }).experimentPk === experimentPk)
        .map((e) => (e.data as { name: string }).name),
    ).toEqual(['EXPERIMENT_SHIPMENT_SUBMITTED']);
  });

  it('lets exactly the expected callers through each operation', async () => {
    const apiToken = await apiTokenFor(t);
    await settle();
    const before = await head();
    const BOTH = [Role.USER, Role.USER_OFFICER];
    const cases: AccessCase[] = [
      { operation: 'createShipment', document: CREATE, variables: { t: '', p: 999999 }, allowed: BOTH },
      {
        operation: 'updateShipment',
        document: UPDATE,
        variables: { t: 'x', s: 999999, p: 1 },
        allowed: BOTH,
      },
      {
        operation: 'addSamplesToShipment',
        document: SAMPLES,
        variables: { s: 999999, ids: [] },
        allowed: BOTH,
      },
      { operation: 'submitShipment', document: SUBMIT, variables: { s: 999999 }, allowed: BOTH },
      { operation: 'deleteShipment', document: DELETE, variables: { s: 999999 }, allowed: BOTH },
      {
        operation: 'markShipmentReceived',
        document: RECEIVE,
        variables: { s: 999999 },
        allowed: [Role.USER_OFFICER],
      },
      { operation: 'getShipment', document: GET, variables: { s: 999999 }, allowed: BOTH },
      { operation: 'shipments', document: LIST, variables: { f: { proposalPk: 999999 } }, allowed: BOTH },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await appendedSince(before)).toEqual([]);
    // with the permission, an API token is let through each (acting as the user office)
    const permitted = await apiTokenFor(
      t,
      cases.map((c) => c.operation),
    );
    const withToken = await head();
    for (const c of cases) {
      const res = await t.gql(c.document, c.variables ?? {}, permitted);
      const message = res.errors?.[0]?.message ?? '';
      const refusedToken = message.includes('may not call') || message.includes('needs a signed-in user');
      expect([c.operation, refusedToken]).toEqual([c.operation, false]);
    }
    expect(await appendedSince(withToken)).toEqual([]);
  });
});
