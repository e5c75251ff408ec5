import {
  experimentMessages as M,
  experimentSafetyMessages as S,
  proposalRuleMessages,
  questionaryMessages,
  Role,
  subTemplateMessages,
  WorkflowType,
} from '@user-office/contracts';
import {
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import type { Response as ParsedResponse } from 'superagent';
import { eventually } from '../../../test/support/eventually';
import {
  CREATE_CALL,
  callInput,
  createOpenCall,
  createUser,
  emailAction,
  type TestUser,
} from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { expectRefused } from '../../../test/support/refused';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { MailerService } from '../notifications';
import { UsersService } from '../users';
import { WorkflowsRepository } from '../workflows';
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

const SAFETY = `experimentSafetyPk experimentPk esiQuestionaryId esiVersion status esiQuestionarySubmittedAt
  instrumentScientistDecision experimentSafetyReviewerDecision reviewedBy changesRequestedComment riskLevel
  samples { sampleId isEsiSubmitted sampleEsiQuestionaryId sample { title } }`;
const CREATE_ESI = `mutation($pk: Int!) { createExperimentSafety(experimentPk: $pk) { ${SAFETY} } }`;
const GET_ESI = `query($pk: Int!) { getExperimentSafety(experimentSafetyPk: $pk) { experimentSafetyPk status } }`;
const SUBMIT_ESI = `mutation($pk: Int!, $s: Boolean) { submitExperimentSafety(experimentSafetyPk: $pk, isSubmitted: $s) { ${SAFETY} } }`;
const ADD_SAMPLE = `mutation($e: Int!, $s: Int!) { addSampleToExperiment(experimentPk: $e, sampleId: $s) { sampleId isEsiSubmitted sampleEsiQuestionaryId } }`;
const REMOVE_SAMPLE = `mutation($e: Int!, $s: Int!) { removeSampleFromExperiment(experimentPk: $e, sampleId: $s) { sampleId } }`;
const CLONE_SAMPLE = `mutation($e: Int!, $s: Int!, $t: String) { cloneExperimentSample(experimentPk: $e, sampleId: $s, newSampleTitle: $t) { sampleId isEsiSubmitted sample { title isPostProposalSubmission } } }`;
const UPDATE_SAMPLE = `mutation($e: Int!, $s: Int!, $b: Boolean!) { updateExperimentSample(experimentPk: $e, sampleId: $s, isSubmitted: $b) { sampleId isEsiSubmitted } }`;
const GET_SAMPLE = `query($e: Int!, $s: Int!) { getExperimentSample(experimentPk: $e, sampleId: $s) { sampleId } }`;
const QUEUE = `query { experimentSafetyReviews { experimentSafetyPk experimentPk } }`;
const READ_SAMPLE = `query($id: Int!) { getSample(sampleId: $id) { id safetyStatus } }`;
const EVALUATE_SAMPLE = `mutation($id: Int!, $st: SafetyStatus, $c: String) {
  updateSample(sampleId: $id, safetyStatus: $st, safetyComment: $c) { id safetyStatus safetyComment } }`;
const SCIENTIST_DECISION = `mutation($pk: Int!, $v: Int!, $d: ExperimentSafetyDecision!, $c: String) {
  submitInstrumentScientistDecision(experimentSafetyPk: $pk, esiVersion: $v, decision: $d, comment: $c) { ${SAFETY} } }`;
const REVIEWER_DECISION = `mutation($pk: Int!, $v: Int!, $d: ExperimentSafetyDecision!, $c: String) {
  submitExperimentSafetyReviewerDecision(experimentSafetyPk: $pk, esiVersion: $v, decision: $d, comment: $c) { ${SAFETY} } }`;
const REQUEST_CHANGES = `mutation($pk: Int!, $v: Int!, $c: String!) { requestExperimentSafetyChanges(experimentSafetyPk: $pk, esiVersion: $v, comment: $c) { ${SAFETY} } }`;
const RISK = `mutation($pk: Int!, $r: SafetyStatus!) { setExperimentRiskLevel(experimentSafetyPk: $pk, riskLevel: $r) { riskLevel } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`;
const CREATE_SAMPLE = `mutation($title: String!, $templateId: Int, $proposalPk: Int, $questionId: String) {
  createSample(title: $title, templateId: $templateId, proposalPk: $proposalPk, questionId: $questionId, isPostProposalSubmission: true) { id } }`;
const answer = (questionId: string, value: unknown) => ({ questionId, value: JSON.stringify({ value }) });

/** a response body as bytes, whatever its type */
const binary = (res: ParsedResponse, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

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
  let safetyReviewer: TestUser;
  /** the ESI template, the sample ESI template and the sample declaration template: each one required text */
  const esi = { templateId: 0, topicId: 0, textId: '' };
  const sampleEsi = { templateId: 0, topicId: 0, textId: '' };
  const sampleDeclaration = { templateId: 0, questionId: '' };
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
    await expectRefused(t, { query, variables, token: user.token }, message, null);
  }

  /** the events appended since `position`, but the status actions' log of e-mails sent meanwhile (not a request's doing) */
  async function appendedSince(position: number): Promise<string[]> {
    const appended = await t.app.get<EventStore>(EVENT_STORE).readAll({ after: position, limit: 100 });
    return appended.map((e) => e.type).filter((type) => !type.startsWith('StatusAction'));
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
    safetyReviewer = await createUser(t, { role: Role.EXPERIMENT_SAFETY_REVIEWER });
    const template = async (groupId: string, categoryId: string) => {
      const { createTemplate } = await gql<{
        createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
      }>(
        `mutation { createTemplate(groupId: ${groupId}, name: "${groupId}") { templateId steps { topic { id } } } }`,
        {},
        officer,
      );
      const topicId = createTemplate.steps[0].topic.id;
      const textId = await place(categoryId, 'TEXT_INPUT', createTemplate.templateId, topicId, {
        required: true,
      });
      return { templateId: createTemplate.templateId, topicId, textId };
    };
    const place = async (
      categoryId: string,
      dataType: string,
      templateId: number,
      topicId: number,
      config: Record<string, unknown>,
    ) => {
      const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
        `mutation { createQuestion(categoryId: ${categoryId}, dataType: ${dataType}) { id } }`,
        {},
        officer,
      );
      await gql(
        `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 5) { templateId } }`,
        { t: templateId, q: createQuestion.id, topic: topicId },
        officer,
      );
      await gql(
        `mutation($t: Int!, $q: String!, $c: String) { updateQuestionTemplateRelationSettings(templateId: $t, questionId: $q, config: $c) { templateId } }`,
        { t: templateId, q: createQuestion.id, c: JSON.stringify(config) },
        officer,
      );
      return createQuestion.id;
    };
    Object.assign(esi, await template('PROPOSAL_ESI', 'PROPOSAL_ESI'));
    Object.assign(sampleEsi, await template('SAMPLE_ESI', 'SAMPLE_ESI'));
    sampleDeclaration.templateId = (await template('SAMPLE_DECLARATION', 'SAMPLE')).templateId;
    call = await createOpenCall(t, officer.token, { esiTemplateId: esi.templateId });
    sampleDeclaration.questionId = await place(
      'PROPOSAL',
      'SAMPLE_DECLARATION',
      call.templateId,
      call.topicId,
      {
        templateId: sampleDeclaration.templateId,
        esiTemplateId: sampleEsi.templateId,
        addEntryButtonLabel: 'Add sample',
      },
    );
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
    // a drag on the timeline sends the times only: the instrument, status and local contact stay
    const dragged = await gql<{
      updateExperiment: { status: string; instrumentId: number; startsAt: string };
    }>(UPDATE, { i: { experimentPk: moved.experimentPk, startsAt: at(15), endsAt: at(16) } }, officer);
    expect(dragged.updateExperiment).toEqual(
      expect.objectContaining({ status: 'ACTIVE', instrumentId, startsAt: at(15) }),
    );
    await gql(UPDATE, { i: moved }, officer);
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

  it('lets exactly one of several concurrent overlapping staff saves land', async () => {
    await settle();
    const before = await head();
    // six creates at once, each overlapping all the others (the read model's check before the append sees none)
    const results = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        t.gql<{ createExperiment: { experimentPk: number; experimentId: string } }>(
          CREATE,
          { i: { proposalPk: accepted, instrumentId, startsAt: at(60, 8 + i), endsAt: at(60, 20) } },
          officer.token,
        ),
      ),
    );
    const landed = results.filter((r) => !r.errors);
    expect(landed).toHaveLength(1);
    const winner = landed[0].data!.createExperiment;
    const refusals = results.filter((r) => r.errors).map((r) => r.errors![0].message);
    expect(refusals).toHaveLength(5);
    for (const message of refusals)
      expect(message).toMatch(new RegExp(`^The experiment overlaps experiment ${winner.experimentId} \\(`));
    expect((await appendedSince(before)).filter((type) => type === 'ExperimentCreated')).toHaveLength(1);
    const listed = await gql<{ experiments: { experiments: { experimentPk: number }[] } }>(
      LIST,
      { f: { instrumentId, startsAfter: at(59), endsBefore: at(61) } },
      officer,
    );
    expect(listed.experiments.experiments.map((e) => e.experimentPk)).toEqual([winner.experimentPk]);
    // two experiments moved at once onto the same free slot: one lands
    const pks: number[] = [];
    for (const day of [62, 64])
      pks.push(
        (
          await gql<{ createExperiment: { experimentPk: number } }>(
            CREATE,
            { i: { proposalPk: accepted, instrumentId, startsAt: at(day), endsAt: at(day, 12) } },
            officer,
          )
        ).createExperiment.experimentPk,
      );
    await settle();
    const beforeMoves = await head();
    const moves = await Promise.all(
      pks.map((experimentPk) =>
        t.gql(UPDATE, { i: { experimentPk, startsAt: at(70), endsAt: at(71) } }, officer.token),
      ),
    );
    expect(moves.filter((r) => !r.errors)).toHaveLength(1);
    expect(moves.filter((r) => r.errors?.[0]?.message.startsWith('The experiment overlaps'))).toHaveLength(1);
    expect((await appendedSince(beforeMoves)).filter((type) => type === 'ExperimentUpdated')).toHaveLength(1);
  });

  it('makes one experiment of one scheduled event delivered several times at once', async () => {
    await settle();
    const before = await head();
    const input = {
      scheduledEventId: 'twice-at-once',
      proposalPk: accepted,
      instrumentId: otherInstrumentId,
      startsAt: at(120),
      endsAt: at(121),
    };
    const results = await Promise.all(
      [0, 1, 2, 3].map(() =>
        gql<{ createScheduledExperiment: { experimentPk: number } }>(S_CREATE, { i: input }, officer),
      ),
    );
    expect(new Set(results.map((r) => r.createScheduledExperiment.experimentPk)).size).toBe(1);
    expect((await appendedSince(before)).filter((type) => type === 'ExperimentCreated')).toHaveLength(1);
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

  it('takes the ESI with samples from the applicant, locks it, and through both pinned decisions moves the experiment', async () => {
    const { createExperiment } = await gql<{ createExperiment: { experimentPk: number } }>(
      CREATE,
      { i: { proposalPk: accepted, instrumentId, startsAt: at(25), endsAt: at(26) } },
      officer,
    );
    const experimentPk = createExperiment.experimentPk;
    // the default experiment workflow e-mails the safety reviewers on submission and the PI on approval
    const workflows = t.app.get(WorkflowsRepository);
    const workflowId = (await workflows.defaultWorkflowId(WorkflowType.EXPERIMENT))!;
    const statusIds = Object.fromEntries(
      (await workflows.statuses(WorkflowType.EXPERIMENT)).map((st) => [st.shortCode, st.id]),
    );
    const connections = await workflows.connections(workflowId);
    const into = (shortCode: string) => connections.find((c) => c.statusId === statusIds[shortCode])!.id;
    for (const [shortCode, recipient, template] of [
      ['ESF_IS_REVIEW', 'EXPERIMENT_SAFETY_REVIEWERS', 'experiment-esf-submitted'],
      ['ESF_APPROVED', 'PI', 'experiment-esf-approved'],
    ])
      await gql(
        `mutation($id: Int!, $w: Int!, $a: [ConnectionStatusActionInput!]!) {
          addConnectionStatusActions(workflowConnectionId: $id, workflowId: $w, actions: $a) { id } }`,
        { id: into(shortCode), w: workflowId, a: [emailAction([{ name: recipient, template }])] },
        officer,
      );
    const outbox = t.app.get(MailerService).outbox;
    const mailsBefore = outbox.length;
    await refused(CREATE_ESI, { pk: experimentPk }, stranger, S.onlyMembers);
    const created = (
      await gql<{ createExperimentSafety: Record<string, unknown> }>(
        CREATE_ESI,
        { pk: experimentPk },
        coProposer,
      )
    ).createExperimentSafety;
    expect(created).toEqual(
      expect.objectContaining({ experimentPk, esiVersion: 1, status: 'DRAFT', samples: [] }),
    );
    const pk = created.experimentSafetyPk as number;
    await refused(CREATE_ESI, { pk: experimentPk }, pi, S.exists);
    // two of the proposal's samples, each with its sample ESI (red until confirmed)
    const sample = async (title: string) =>
      (
        await gql<{ createSample: { id: number } }>(
          CREATE_SAMPLE,
          {
            title,
            templateId: sampleDeclaration.templateId,
            proposalPk: accepted,
            questionId: sampleDeclaration.questionId,
          },
          pi,
        )
      ).createSample.id;
    const quartz = await sample('Quartz');
    const salt = await sample('Salt');
    const added = [];
    for (const id of [quartz, salt])
      added.push(
        (
          await gql<{
            addSampleToExperiment: {
              sampleId: number;
              isEsiSubmitted: boolean;
              sampleEsiQuestionaryId: number;
            };
          }>(ADD_SAMPLE, { e: experimentPk, s: id }, pi)
        ).addSampleToExperiment,
      );
    expect(added.map((a) => [a.sampleId, a.isEsiSubmitted])).toEqual([
      [quartz, false],
      [salt, false],
    ]);
    await refused(ADD_SAMPLE, { e: experimentPk, s: quartz }, pi, S.sampleAlreadyAdded);
    // a clone of a sample joins the experiment (red); deselected, it is gone from it
    const { cloneExperimentSample } = await gql<{
      cloneExperimentSample: {
        sampleId: number;
        isEsiSubmitted: boolean;
        sample: { title: string; isPostProposalSubmission: boolean };
      };
    }>(CLONE_SAMPLE, { e: experimentPk, s: quartz, t: 'Quartz, second piece' }, coProposer);
    expect(cloneExperimentSample).toEqual(
      expect.objectContaining({
        isEsiSubmitted: false,
        sample: { title: 'Quartz, second piece', isPostProposalSubmission: true },
      }),
    );
    await gql(REMOVE_SAMPLE, { e: experimentPk, s: cloneExperimentSample.sampleId }, pi);
    // before the ESI is submitted a safety reviewer neither reads its samples nor evaluates or rates them: the
    // write is refused as the read is (§6 "Experiment Safety only": they review submitted ESIs)
    await refused(READ_SAMPLE, { id: quartz }, safetyReviewer, proposalRuleMessages.mayNotRead);
    await refused(
      EVALUATE_SAMPLE,
      { id: quartz, st: 'LOW_RISK', c: 'Inert' },
      safetyReviewer,
      proposalRuleMessages.mayNotRead,
    );
    await refused(RISK, { pk, r: 'LOW_RISK' }, safetyReviewer, S.notSubmitted);
    // "All experiment safety inputs must be completed", on the server
    await refused(SUBMIT_ESI, { pk }, pi, S.incomplete);
    await gql(
      ANSWER,
      { q: created.esiQuestionaryId, topic: esi.topicId, a: [answer(esi.textId, 'liquid nitrogen')] },
      pi,
    );
    await refused(SUBMIT_ESI, { pk }, pi, S.incomplete);
    await refused(UPDATE_SAMPLE, { e: experimentPk, s: quartz, b: true }, pi, S.sampleIncomplete);
    await gql(
      ANSWER,
      {
        q: added[0].sampleEsiQuestionaryId,
        topic: sampleEsi.topicId,
        a: [answer(sampleEsi.textId, 'inert')],
      },
      pi,
    );
    await gql(UPDATE_SAMPLE, { e: experimentPk, s: quartz, b: true }, pi);
    await gql(
      ANSWER,
      {
        q: added[1].sampleEsiQuestionaryId,
        topic: sampleEsi.topicId,
        a: [answer(sampleEsi.textId, 'salty')],
      },
      coProposer,
    );
    await gql(UPDATE_SAMPLE, { e: experimentPk, s: salt, b: true }, coProposer);
    const submitted = (await gql<{ submitExperimentSafety: Record<string, unknown> }>(SUBMIT_ESI, { pk }, pi))
      .submitExperimentSafety;
    expect(submitted).toEqual(expect.objectContaining({ status: 'SUBMITTED', esiVersion: 1 }));
    expect(submitted.esiQuestionarySubmittedAt).not.toBeNull();
    // locked: samples and answers refused
    await refused(REMOVE_SAMPLE, { e: experimentPk, s: salt }, pi, S.locked);
    await refused(
      ANSWER,
      { q: created.esiQuestionaryId, topic: esi.topicId, a: [answer(esi.textId, 'helium')] },
      pi,
      questionaryMessages.mayNotAnswer,
    );
    // the queue: the experiment's scientist and the safety reviewer see it, another scientist does not
    const queue = async (user: TestUser) =>
      (
        await gql<{ experimentSafetyReviews: { experimentSafetyPk: number }[] }>(QUEUE, {}, user)
      ).experimentSafetyReviews.map((q) => q.experimentSafetyPk);
    expect(await queue(scientist)).toContain(pk);
    expect(await queue(safetyReviewer)).toContain(pk);
    expect(await queue(otherScientist)).not.toContain(pk);
    // a single read of what the caller may not see is refused like its proposal (issue 38)
    await refused(GET_ESI, { pk }, otherScientist, proposalRuleMessages.mayNotRead);
    // submitted: the safety reviewer reads the ESI's samples and evaluates them
    expect(
      (await gql<{ getSample: { id: number } }>(READ_SAMPLE, { id: quartz }, safetyReviewer)).getSample.id,
    ).toBe(quartz);
    expect(
      (
        await gql<{ updateSample: Record<string, unknown> }>(
          EVALUATE_SAMPLE,
          { id: quartz, st: 'LOW_RISK', c: 'Inert' },
          safetyReviewer,
        )
      ).updateSample,
    ).toEqual({ id: quartz, safetyStatus: 'LOW_RISK', safetyComment: 'Inert' });
    // the proposal's sample taken off the experiment is readable with the proposal, but no ESI's to evaluate
    const offEsi = cloneExperimentSample.sampleId;
    expect(
      (await gql<{ getSample: { id: number } }>(READ_SAMPLE, { id: offEsi }, safetyReviewer)).getSample.id,
    ).toBe(offEsi);
    await refused(
      EVALUATE_SAMPLE,
      { id: offEsi, st: 'HIGH_RISK' },
      safetyReviewer,
      subTemplateMessages.notOnSubmittedEsi,
    );
    // officers evaluate any sample
    await gql(EVALUATE_SAMPLE, { id: offEsi, st: 'HIGH_RISK', c: 'Checked by the office' }, officer);
    // two decisions in turn, by the experiment's own scientist, pinned to the version
    await refused(REVIEWER_DECISION, { pk, v: 1, d: 'ACCEPTED' }, safetyReviewer, S.scientistFirst);
    await refused(SCIENTIST_DECISION, { pk, v: 1, d: 'ACCEPTED' }, otherScientist, S.notInstrumentScientist);
    await refused(SCIENTIST_DECISION, { pk, v: 2, d: 'ACCEPTED' }, scientist, S.stale(2, 1));
    // a question reopens it to the applicant; its version moves on
    const reopened = (
      await gql<{ requestExperimentSafetyChanges: Record<string, unknown> }>(
        REQUEST_CHANGES,
        { pk, v: 1, c: 'How much nitrogen?' },
        scientist,
      )
    ).requestExperimentSafetyChanges;
    expect(reopened).toEqual(
      expect.objectContaining({
        status: 'CHANGES_REQUESTED',
        esiVersion: 2,
        changesRequestedComment: 'How much nitrogen?',
        esiQuestionarySubmittedAt: null,
      }),
    );
    // the applicant is told the question (an e-mail to each proposer)
    const piAddress = (await t.app.get(UsersService).byId(pi.id))!.email;
    await eventually(
      async () =>
        outbox.slice(mailsBefore).some((m) => m.to === piAddress && m.text.includes('How much nitrogen?')),
      'the changes request e-mail',
      15_000,
    );
    await gql(
      ANSWER,
      {
        q: created.esiQuestionaryId,
        topic: esi.topicId,
        a: [answer(esi.textId, '5 litres of liquid nitrogen')],
      },
      pi,
    );
    await gql(SUBMIT_ESI, { pk }, pi);
    await refused(SCIENTIST_DECISION, { pk, v: 1, d: 'ACCEPTED' }, scientist, S.stale(1, 2));
    await gql(SCIENTIST_DECISION, { pk, v: 2, d: 'ACCEPTED', c: 'Fine' }, scientist);
    await gql(RISK, { pk, r: 'LOW_RISK' }, safetyReviewer);
    const decided = (
      await gql<{ submitExperimentSafetyReviewerDecision: Record<string, unknown> }>(
        REVIEWER_DECISION,
        { pk, v: 2, d: 'ACCEPTED', c: 'Safe' },
        safetyReviewer,
      )
    ).submitExperimentSafetyReviewerDecision;
    expect(decided).toEqual(
      expect.objectContaining({
        status: 'ACCEPTED',
        instrumentScientistDecision: 'ACCEPTED',
        experimentSafetyReviewerDecision: 'ACCEPTED',
        reviewedBy: safetyReviewer.id,
        riskLevel: 'LOW_RISK',
      }),
    );
    expect(await queue(safetyReviewer)).not.toContain(pk);
    // the decisions moved the experiment on the default experiment workflow: AWAITING_ESF → ESF_IS_REVIEW → ESF_APPROVED
    await settle();
    const { getStatuses } = await gql<{ getStatuses: { id: number; shortCode: string }[] }>(
      '{ getStatuses(entityType: EXPERIMENT) { id shortCode } }',
      {},
      officer,
    );
    const { experiments } = await gql<{
      experiments: { experiments: { experimentPk: number; workflowStatusId: number }[] };
    }>(
      `query($f: ExperimentsFilter) { experiments(filter: $f) { experiments { experimentPk workflowStatusId } } }`,
      { f: { proposalPk: accepted } },
      officer,
    );
    const status = experiments.experiments.find((e) => e.experimentPk === experimentPk)?.workflowStatusId;
    expect(getStatuses.find((st) => st.id === status)?.shortCode).toBe('ESF_APPROVED');
    // the sample's PDF with its sample ESI answers: the proposal's members, officers and safety reviewers
    const pdf = (user: TestUser) =>
      t
        .http()
        .get(`/download/pdf/sample/${quartz}`)
        .set('authorization', `Bearer ${user.token}`)
        .buffer(true)
        .parse(binary);
    for (const user of [pi, safetyReviewer]) {
      const res = await pdf(user);
      expect([res.status, (res.body as Buffer).subarray(0, 5).toString('latin1')]).toEqual([200, '%PDF-']);
    }
    expect((await pdf(stranger)).status).toBe(403);
    // the status actions of the experiment workflow: the safety reviewers were told of the submissions, the PI of
    // the approval
    const email = async (user: TestUser) => (await t.app.get(UsersService).byId(user.id))!.email;
    const [reviewerEmail, piEmail] = [await email(safetyReviewer), await email(pi)];
    await eventually(
      async () => {
        const sent = outbox.slice(mailsBefore);
        return (
          sent.some((m) => m.to === reviewerEmail && m.subject.includes('submitted')) &&
          sent.some((m) => m.to === piEmail && m.subject.includes('approved'))
        );
      },
      'the experiment workflow e-mails',
      15_000,
    );
    // their experiment and instrument placeholders are filled from the experiment the status is of
    const submittedMail = outbox
      .slice(mailsBefore)
      .find((m) => m.to === reviewerEmail && m.subject.includes('submitted'))!;
    expect(submittedMail.subject).toBe(`Experiment safety form of ${experimentPk} submitted`);
    expect(submittedMail.text).toMatch(
      new RegExp(
        `experiment ${experimentPk} on Xray \\(proposal "Spin", starting 2[56] Jan 2027, \\d\\d:00\\)`,
      ),
    );
    const approvedMail = outbox
      .slice(mailsBefore)
      .find((m) => m.to === piEmail && m.subject.includes('approved'))!;
    expect(approvedMail.text).toContain(`your experiment ${experimentPk} on Xray, starting `);
  });

  it("starts a new experiment on its call's experiment workflow (the default one when the call names none)", async () => {
    const workflows = t.app.get(WorkflowsRepository);
    const defaultId = (await workflows.defaultWorkflowId(WorkflowType.EXPERIMENT))!;
    const { createWorkflow } = await gql<{ createWorkflow: { id: number } }>(
      'mutation { createWorkflow(name: "Beamtime", description: "d", entityType: EXPERIMENT) { id } }',
      {},
      officer,
    );
    const updateCall = (experimentWorkflowId: number | null) =>
      gql(
        `mutation($input: UpdateCallInput!) { updateCall(updateCallInput: $input) { id } }`,
        {
          input: {
            ...callInput(call.templateId, call.workflowId, {
              esiTemplateId: esi.templateId,
              experimentWorkflowId,
            }),
            id: call.callId,
          },
        },
        officer,
      );
    const EXPERIMENT_WORKFLOW = 'experimentPk workflowId workflowStatusId';
    const startsOn = async () => {
      const staff = await gql<{ createExperiment: { workflowId: number; workflowStatusId: number } }>(
        `mutation($i: CreateExperimentInput!) { createExperiment(input: $i) { ${EXPERIMENT_WORKFLOW} } }`,
        {
          i: {
            proposalPk: accepted,
            instrumentId: otherInstrumentId,
            startsAt: at(80 + day),
            endsAt: at(80 + day, 12),
          },
        },
        officer,
      );
      const scheduled = await gql<{ createScheduledExperiment: { workflowId: number } }>(
        `mutation($i: ScheduledExperimentInput!) { createScheduledExperiment(input: $i) { ${EXPERIMENT_WORKFLOW} } }`,
        {
          i: {
            scheduledEventId: `workflow-${day}`,
            proposalPk: accepted,
            instrumentId: otherInstrumentId,
            startsAt: at(90 + day),
            endsAt: at(90 + day, 12),
          },
        },
        officer,
      );
      day++;
      expect(staff.createExperiment.workflowStatusId).not.toBeNull();
      return [staff.createExperiment.workflowId, scheduled.createScheduledExperiment.workflowId];
    };
    let day = 0;
    await updateCall(createWorkflow.id);
    expect(await startsOn()).toEqual([createWorkflow.id, createWorkflow.id]);
    await updateCall(null);
    expect(await startsOn()).toEqual([defaultId, defaultId]);
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

  it('refuses the hostile filters and pages the fuzzer found (dates Date.parse takes and SQL does not, negative pages)', async () => {
    const refused = (
      variables: Record<string, unknown>,
      message: string,
      query = LIST,
      token = officer.token,
    ) => expectRefused(t, { query, variables, token }, message);
    // each of these was an INTERNAL_SERVER_ERROR: PostgreSQL refused the text or the LIMIT/OFFSET
    for (const bad of ['2024-02-30', '1', '-1', '$1', '+275760-09-13T00:00:00.000Z', '0000-01-01'])
      await refused({ f: { startsAfter: bad } }, M.invalidFilterDate('startsAfter'));
    await refused({ f: { endsBefore: '2023-02-29T10:00:00Z' } }, M.invalidFilterDate('endsBefore'));
    await refused({ f: { endsAfter: '1' } }, M.invalidFilterDate('endsAfter'), USER_LIST, pi.token);
    await refused({ first: -1 }, M.firstNotNegative);
    await refused({ first: -2147483648, offset: 1 }, M.firstNotNegative);
    await refused({ first: 3, offset: -2147483648 }, M.offsetNotNegative);
    // what is right still answers: ISO dates with or without a time or zone, an empty page, a page past the end
    const list = async (variables: Record<string, unknown>) =>
      (await gql<{ experiments: { totalCount: number } }>(LIST, variables, officer)).experiments;
    expect(
      await list({ f: { startsAfter: '2024-02-29', endsBefore: '9999-12-31T23:59:59+01:00' } }),
    ).toMatchObject({
      totalCount: expect.any(Number),
    });
    expect(await list({ first: 0, offset: 2147483647 })).toMatchObject({ totalCount: expect.any(Number) });
  });

  it('lists to a scientist only experiments of proposals they read, also once the instrument is taken off the proposal (issue 38)', async () => {
    const pk = await submittedProposal();
    await decide(pk, true);
    const { createExperiment } = await gql<{ createExperiment: { experimentPk: number } }>(
      CREATE,
      // a day of its own (a retried attempt's experiment stays)
      { i: { proposalPk: pk, instrumentId, startsAt: at(400 + pk), endsAt: at(400 + pk, 12) } },
      officer,
    );
    const PROPOSAL = `query($pk: Int!) { getProposal(primaryKey: $pk) { primaryKey } }`;
    const listed = async (user: TestUser) =>
      (
        await gql<{ experiments: { experiments: { experimentPk: number }[] } }>(
          LIST,
          { f: { proposalPk: pk } },
          user,
        )
      ).experiments.experiments.map((e) => e.experimentPk);
    // the proposal taken off both its instruments: the experiment stays on the scientist's instrument
    await gql(
      `mutation($p: [Int!]!) { removeProposalsFromInstrument(proposalPks: $p, instrumentId: null) }`,
      { p: [pk] },
      officer,
    );
    expect(await listed(scientist)).toEqual([createExperiment.experimentPk]);
    // what the list shows, the one read rule lets them read: the proposal of their instrument's experiment
    expect(
      (await gql<{ getProposal: { primaryKey: number } }>(PROPOSAL, { pk }, scientist)).getProposal
        .primaryKey,
    ).toBe(pk);
    // the scientist of the instrument it was taken off, with no experiment on theirs, neither lists nor reads it
    expect(await listed(otherScientist)).toEqual([]);
    await refused(PROPOSAL, { pk }, otherScientist, proposalRuleMessages.mayNotRead);
  });

  it('lets exactly the expected callers through each operation', async () => {
    const apiToken = await apiTokenFor(t);
    await settle();
    const before = await head();
    const STAFF = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST];
    const READERS = [Role.USER_OFFICER, Role.INSTRUMENT_SCIENTIST, Role.EXPERIMENT_SAFETY_REVIEWER];
    const APPLICANT = [Role.USER, Role.USER_OFFICER];
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
      {
        operation: 'createExperimentSafety',
        document: CREATE_ESI,
        variables: { pk: 999999 },
        allowed: [Role.USER],
      },
      {
        operation: 'getExperimentSafety',
        document: GET_ESI,
        variables: { pk: 999999 },
        allowed: [Role.USER, ...READERS],
      },
      {
        operation: 'getExperimentSample',
        document: GET_SAMPLE,
        variables: { e: 999999, s: 1 },
        allowed: [Role.USER, ...READERS],
      },
      { operation: 'experimentSafetyReviews', document: QUEUE, allowed: READERS },
      {
        operation: 'submitExperimentSafety',
        document: SUBMIT_ESI,
        variables: { pk: 999999 },
        allowed: APPLICANT,
      },
      {
        operation: 'addSampleToExperiment',
        document: ADD_SAMPLE,
        variables: { e: 999999, s: 1 },
        allowed: APPLICANT,
      },
      {
        operation: 'removeSampleFromExperiment',
        document: REMOVE_SAMPLE,
        variables: { e: 999999, s: 1 },
        allowed: APPLICANT,
      },
      {
        operation: 'updateExperimentSample',
        document: UPDATE_SAMPLE,
        variables: { e: 999999, s: 1, b: true },
        allowed: APPLICANT,
      },
      {
        operation: 'submitInstrumentScientistDecision',
        document: SCIENTIST_DECISION,
        variables: { pk: 999999, v: 1, d: 'ACCEPTED' },
        allowed: STAFF,
      },
      {
        operation: 'submitExperimentSafetyReviewerDecision',
        document: REVIEWER_DECISION,
        variables: { pk: 999999, v: 1, d: 'ACCEPTED' },
        allowed: [Role.USER_OFFICER, Role.EXPERIMENT_SAFETY_REVIEWER],
      },
      {
        operation: 'requestExperimentSafetyChanges',
        document: REQUEST_CHANGES,
        variables: { pk: 999999, v: 1, c: 'why?' },
        allowed: READERS,
      },
      {
        operation: 'setExperimentRiskLevel',
        document: RISK,
        variables: { pk: 999999, r: 'LOW_RISK' },
        allowed: [Role.USER_OFFICER, Role.EXPERIMENT_SAFETY_REVIEWER],
      },
    ];
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await appendedSince(before)).toEqual([]);
    // with the permission, an API token is let through each (acting as the user office), but the user's own list
    const NEEDS_USER = ['getUserExperiments', 'createExperimentSafety', 'cloneExperimentSample'];
    const permitted = await apiTokenFor(
      t,
      cases.map((c) => c.operation),
    );
    const withToken = await head();
    for (const c of cases) {
      const res = await t.gql(c.document, c.variables ?? {}, permitted);
      const message = res.errors?.[0]?.message ?? '';
      const refusedToken = message.includes('may not call') || message.includes('needs a signed-in user');
      expect([c.operation, refusedToken]).toEqual([c.operation, NEEDS_USER.includes(c.operation)]);
    }
    expect(await appendedSince(withToken)).toEqual([]);
  });
});
