import { createServer, type AddressInfo } from 'node:net';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import {
  DataType,
  DEMO_SEED_STREAM_ID,
  DEMO_SEEDED,
  DEV_ACCOUNTS,
  questionType,
  Role,
  TemplateGroupId,
} from '@user-office/contracts';
import { type TestStore } from '../../../test/support/stores';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { pgDemoTemplate } from '../../../test/support/test-templates';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { MailerService } from '../notifications';
import { TemplatesService } from '../templates';
import { UsersService } from '../users';
import { prepareDbRefused } from './commands/prepare-db/prepare-db.service';
import { DemoSeeder } from './demo-seeder';
import {
  DEMO_CALL_SHORT_CODE,
  DEMO_FAP,
  DEMO_EXPERIMENTS,
  DEMO_INSTRUMENT,
  DEMO_INTERNAL_REVIEW,
  DEMO_OPTIONS,
  DEMO_SUBMITTED_PROPOSALS,
  DEMO_TECHNIQUE,
} from './domain/demo-content';
import { DEMO_FACILITY_ADDRESS, DEMO_SUBMITTED_SHIPMENT } from './demo-shipments';

const ENGINE = 'advance_workflow_on_domain_event';
const CALLS = `{ getCalls(filter: { isActive: true }) { id shortCode isActive templateId pdfTemplateId proposalWorkflowId referenceNumberFormat submissionMessage } }`;
const ACTIVE = `{ getActiveTemplateId(templateGroupId: PROPOSAL_QUESTIONARY) }`;
const STEPS = `topic { id title } isCompleted fields { question { id naturalKey dataType } config dependencies { dependencyNaturalKey condition { condition params } } }`;
const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId questionary { steps { ${STEPS} } } } }`;
const UPDATE = `mutation($pk: Int!) { updateProposal(proposalPk: $pk, title: "Magnetic order in a demo crystal", abstract: "We will measure it with neutrons.") { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const OPTIONS = `query($id: String!) { getDynamicMultipleChoiceOptions(questionId: $id) }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { proposalId submitted questionary { isCompleted } } }`;
const GET = `query($pk: Int!) { getProposal(primaryKey: $pk) { status { shortCode } } }`;

interface Field {
  question: { id: string; naturalKey: string; dataType: DataType };
  config: Record<string, unknown>;
  dependencies: { dependencyNaturalKey: string; condition: { condition: string; params: unknown } }[];
}
interface Step {
  topic: { id: number; title: string };
  isCompleted: boolean;
  fields: Field[];
}

/** a port free now, so the app can listen where its PUBLIC_URL (the demo's options URL) says */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const devAccount = (username: string) => DEV_ACCOUNTS.find((a) => a.username === username)!;

const NON_BASIS_TYPES = Object.values(DataType).filter((dataType) => !questionType(dataType).isBasis);

/** GraphQL through the file's app, expecting no errors; the open call DEMO */
function helpers(app: () => TestApp, officer: () => string) {
  async function gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
    const res = await app().gql<T>(query, variables, token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }
  const demoCall = async () => {
    const { getCalls } = await gql<{
      getCalls: {
        id: number;
        shortCode: string;
        templateId: number;
        pdfTemplateId: number | null;
        referenceNumberFormat: string;
        submissionMessage: string;
      }[];
    }>(CALLS, {}, officer());
    const call = getCalls.find((c) => c.shortCode === DEMO_CALL_SHORT_CODE);
    if (!call) throw new Error('no open DEMO call');
    return call;
  };
  return { gql, demoCall };
}

/**
 * The demo as `npm start` seeds it, on the embedded store. On PostgreSQL the same seeder builds the run's demo
 * template (global-setup-demo.js), which the read-access and browser tests clone and use throughout; the whole file
 * runs there too with UO_TEST_ALL_STORES=1.
 */
const seedStores = (): readonly TestStore[] =>
  process.env.UO_TEST_ALL_STORES ? ['postgres', 'pglite'] : ['pglite'];

describe.each<TestStore>(seedStores())('demo seed (%s)', (store) => {
  let t: TestApp;
  let head: () => Promise<number>;
  let officer: string;

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      store,
      config: {
        seedDemo: true,
        publicUrl: `http://127.0.0.1:${port}`,
        dynamicOptionsAllowedHosts: [`127.0.0.1:${port}`],
      },
    });
    await t.app.listen(port, '127.0.0.1');
    const events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = t.token();
  });
  afterAll(() => t.close());

  const { gql, demoCall } = helpers(
    () => t,
    () => officer,
  );

  it('seeds on the first start: the open call DEMO on the default workflow, recorded once', async () => {
    const call = await demoCall();
    expect(call).toMatchObject({ referenceNumberFormat: 'DEMO-{digits:4}' });
    expect(call.pdfTemplateId).toEqual(expect.any(Number));
    expect(call.submissionMessage).toContain('Thank you');
    expect((await gql<{ getActiveTemplateId: number }>(ACTIVE, {}, officer)).getActiveTemplateId).toBe(
      call.templateId,
    );
    const recorded = await t.app.get<EventStore>(EVENT_STORE).readStream(DEMO_SEED_STREAM_ID);
    expect(recorded.map((e) => e.type)).toEqual([DEMO_SEEDED]);
    expect(recorded[0]).toMatchObject({
      data: { callId: call.id, templateId: call.templateId },
      metadata: { actorId: null },
    });
  });

  it('submits the demo proposals of the seeded applicants, so the staff have work on a fresh start', async () => {
    const call = await demoCall();
    const { getProposalsCore } = await gql<{
      getProposalsCore: { proposalViews: { title: string; submitted: boolean; proposalId: string }[] };
    }>(
      `query($callId: Int) { getProposalsCore(filter: { callId: $callId }) { proposalViews { title submitted proposalId } } }`,
      { callId: call.id },
      officer,
    );
    expect(getProposalsCore.proposalViews.map((p) => p.title).sort()).toEqual(
      DEMO_SUBMITTED_PROPOSALS.map((p) => p.title).sort(),
    );
    for (const p of getProposalsCore.proposalViews) {
      expect(p.submitted).toBe(true);
      expect(p.proposalId).toMatch(/^DEMO-\d{4}$/);
    }
  });

  it('gives the applicant an experiment next week to fill the safety input of, and safety a submitted one', async () => {
    const as = async (username: string, role: Role) => {
      const user = await t.app.get(UsersService).byOidcSub(devAccount(username).sub);
      return t.token({ id: user!.id, roles: [role], currentRole: role });
    };
    const { getUserExperiments } = await gql<{
      getUserExperiments: {
        proposalPk: number;
        startsAt: string;
        status: string;
        proposal: { title: string };
        instrument: { shortCode: string };
        localContact: { id: number } | null;
        experimentSafety: { status: string } | null;
      }[];
    }>(
      `{ getUserExperiments(filter: { endsAfter: "${new Date().toISOString()}" }) { proposalPk startsAt status proposal { title }
          instrument { shortCode } localContact { id } experimentSafety { status } } }`,
      {},
      await as('applicant', Role.USER),
    );
    // the applicant is the PI of the first and a co-proposer of the second
    expect(
      getUserExperiments.map((e) => [
        e.proposal.title,
        e.instrument.shortCode,
        e.status,
        e.experimentSafety?.status ?? null,
      ]),
    ).toEqual([
      [
        DEMO_SUBMITTED_PROPOSALS[DEMO_EXPERIMENTS[0].proposalIndex].title,
        DEMO_INSTRUMENT.shortCode,
        'ACTIVE',
        null,
      ],
      [
        DEMO_SUBMITTED_PROPOSALS[DEMO_EXPERIMENTS[1].proposalIndex].title,
        DEMO_INSTRUMENT.shortCode,
        'ACTIVE',
        'SUBMITTED',
      ],
    ]);
    // the applicant's experiment's proposal declared two samples, complete, to bring to it (its ESI)
    const { getSamplesWithQuestionaryStatus } = await gql<{
      getSamplesWithQuestionaryStatus: { title: string; isCompleted: boolean }[];
    }>(
      `query($pk: Int!) { getSamplesWithQuestionaryStatus(filter: { proposalPk: $pk }) { title isCompleted } }`,
      { pk: getUserExperiments[0].proposalPk },
      await as('applicant', Role.USER),
    );
    expect(getSamplesWithQuestionaryStatus).toEqual(
      (DEMO_SUBMITTED_PROPOSALS[DEMO_EXPERIMENTS[0].proposalIndex].samples ?? []).map((sample) => ({
        title: sample.title,
        isCompleted: true,
      })),
    );
    expect(getSamplesWithQuestionaryStatus).toHaveLength(2);
    const nextWeek = Date.parse(getUserExperiments[0].startsAt) - Date.now();
    expect(nextWeek).toBeGreaterThan(5 * 24 * 3600 * 1000);
    expect(nextWeek).toBeLessThan(8 * 24 * 3600 * 1000);
    const { experimentSafetyReviews } = await gql<{
      experimentSafetyReviews: {
        esiVersion: number;
        instrumentScientistDecision: string;
        experimentSafetyReviewerDecision: string;
      }[];
    }>(
      `{ experimentSafetyReviews { esiVersion instrumentScientistDecision experimentSafetyReviewerDecision } }`,
      {},
      await as('safety', Role.EXPERIMENT_SAFETY_REVIEWER),
    );
    expect(experimentSafetyReviews).toEqual([
      { esiVersion: 1, instrumentScientistDecision: 'ACCEPTED', experimentSafetyReviewerDecision: 'UNSET' },
    ]);
  });

  it('gives the experiments a shipment to declare: the active declaration template, one submitted shipment to receive', async () => {
    const { getActiveTemplateId } = await gql<{ getActiveTemplateId: number | null }>(
      `{ getActiveTemplateId(templateGroupId: SHIPMENT_DECLARATION) }`,
      {},
      officer,
    );
    expect(getActiveTemplateId).toEqual(expect.any(Number));
    const { shipments } = await gql<{
      shipments: { title: string; status: string; experimentPk: number | null; receivedAt: string | null }[];
    }>(`{ shipments { title status experimentPk receivedAt } }`, {}, officer);
    expect(shipments).toEqual([
      {
        title: DEMO_SUBMITTED_SHIPMENT.title,
        status: 'SUBMITTED',
        experimentPk: expect.any(Number),
        receivedAt: null,
      },
    ]);
    const { getSettings } = await gql<{ getSettings: { id: string; settingsValue: string }[] }>(
      `{ getSettings { id settingsValue } }`,
      {},
      officer,
    );
    expect(getSettings.find((s) => s.id === 'FACILITY_ADDRESS')?.settingsValue).toBe(DEMO_FACILITY_ADDRESS);
  });

  it("gives applicant and coproposer a visit to register: the protein experiment's team, both drafted", async () => {
    const as = async (username: string) => {
      const user = await t.app.get(UsersService).byOidcSub(devAccount(username).sub);
      return { id: user!.id, token: t.token({ id: user!.id, roles: [Role.USER], currentRole: Role.USER }) };
    };
    const applicant = await as('applicant');
    const coproposer = await as('coproposer');
    const { getUserExperiments } = await gql<{
      getUserExperiments: {
        proposal: { title: string };
        visit: { teamLeadUserId: number; registrations: { userId: number; status: string }[] } | null;
      }[];
    }>(
      `{ getUserExperiments { proposal { title } visit { teamLeadUserId registrations { userId status } } } }`,
      {},
      applicant.token,
    );
    expect(
      getUserExperiments.map((e) => [
        e.proposal.title,
        e.visit && {
          lead: e.visit.teamLeadUserId,
          registrations: e.visit.registrations.map((r) => [r.userId, r.status]).sort(),
        },
      ]),
    ).toEqual([
      // the upcoming one (its safety input to fill) and the completed one (awaiting feedback): no visit
      ['Lithium diffusion in solid electrolytes', null],
      ['Lithium diffusion in solid electrolytes', null],
      [
        'Protein hydration water dynamics',
        {
          lead: coproposer.id,
          registrations: [
            [applicant.id, 'DRAFTED'],
            [coproposer.id, 'DRAFTED'],
          ].sort(),
        },
      ],
    ]);
    // the active visit registration template lets each visitor start their registration
    const protein = await gql<{ visits: { id: number }[] }>(`{ visits { id } }`, {}, coproposer.token);
    const { createVisitRegistration } = await gql<{
      createVisitRegistration: { registrationQuestionaryId: number | null; status: string };
    }>(
      `mutation($v: Int!, $u: Int!) { createVisitRegistration(visitId: $v, userId: $u) { registrationQuestionaryId status } }`,
      { v: protein.visits[0].id, u: coproposer.id },
      coproposer.token,
    );
    expect(createVisitRegistration).toEqual({
      registrationQuestionaryId: expect.any(Number),
      status: 'DRAFTED',
    });
  });

  it('gives the scientist and the internal reviewer work: the instrument, the technique, the reviews to fill', async () => {
    const call = await demoCall();
    const scientist = await t.app.get(UsersService).byOidcSub(devAccount('scientist').sub);
    const internal = await t.app.get(UsersService).byOidcSub(devAccount('internal').sub);
    const asScientist = t.token({
      id: scientist!.id,
      roles: [Role.INSTRUMENT_SCIENTIST],
      currentRole: Role.INSTRUMENT_SCIENTIST,
    });
    const { getCall } = await gql<{
      getCall: {
        technicalReviewTemplateId: number | null;
        instruments: { shortCode: string; availabilityTime: number }[];
      };
    }>(
      `query($id: Int!) { getCall(callId: $id) { technicalReviewTemplateId instruments { shortCode availabilityTime } } }`,
      { id: call.id },
      officer,
    );
    expect(getCall.instruments).toEqual([
      { shortCode: DEMO_INSTRUMENT.shortCode, availabilityTime: DEMO_INSTRUMENT.availabilityTime },
    ]);
    expect(getCall.technicalReviewTemplateId).toEqual(expect.any(Number));
    const { getInstrumentScientistProposals } = await gql<{
      getInstrumentScientistProposals: {
        totalCount: number;
        proposalViews: {
          technicalReviews: {
            status: string;
            submitted: boolean;
            technicalReviewAssignee: { id: number } | null;
          }[];
          techniques: { name: string }[];
        }[];
      };
    }>(
      `{ getInstrumentScientistProposals(filter: { reviewer: ME }) { totalCount proposalViews {
          technicalReviews { status submitted technicalReviewAssignee { id } } techniques { name } } } }`,
      {},
      asScientist,
    );
    expect(getInstrumentScientistProposals.totalCount).toBe(DEMO_SUBMITTED_PROPOSALS.length);
    for (const row of getInstrumentScientistProposals.proposalViews) {
      expect(row.technicalReviews).toEqual([
        { status: 'UNFEASIBLE', submitted: false, technicalReviewAssignee: { id: scientist!.id } },
      ]);
      expect(row.techniques).toEqual([{ name: DEMO_TECHNIQUE.name }]);
    }
    const asInternal = t.token({
      id: internal!.id,
      roles: [Role.INTERNAL_REVIEWER],
      currentRole: Role.INTERNAL_REVIEWER,
    });
    const { internalReviews } = await gql<{ internalReviews: { title: string; reviewerId: number }[] }>(
      `{ internalReviews { title reviewerId } }`,
      {},
      asInternal,
    );
    expect(internalReviews).toEqual([{ title: DEMO_INTERNAL_REVIEW.title, reviewerId: internal!.id }]);
  });

  it('gives the chair, secretary and reviewer work: the panel DEMO-FAP, its proposals, the reviews to grade', async () => {
    const call = await demoCall();
    const users = t.app.get(UsersService);
    const [chair, secretary, reviewer] = await Promise.all(
      ['chair', 'secretary', 'reviewer'].map(
        async (name) => (await users.byOidcSub(devAccount(name).sub))!.id,
      ),
    );
    const as = (id: number, role: Role) => t.token({ id, roles: [role], currentRole: role });
    const { getUserFaps } = await gql<{
      getUserFaps: {
        id: number;
        code: string;
        fapChairs: { id: number }[];
        fapSecretaries: { id: number }[];
      }[];
    }>(`{ getUserFaps { id code fapChairs { id } fapSecretaries { id } } }`, {}, as(chair, Role.FAP_CHAIR));
    expect(getUserFaps).toEqual([
      {
        id: expect.any(Number),
        code: DEMO_FAP.code,
        fapChairs: [{ id: chair }],
        fapSecretaries: [{ id: secretary }],
      },
    ]);
    const { fapProposals } = await gql<{
      fapProposals: { proposalPk: number; assignments: { fapMemberUserId: number }[] }[];
    }>(
      `query($f: Int!, $c: Int) { fapProposals(fapId: $f, callId: $c) { proposalPk assignments { fapMemberUserId } } }`,
      { f: getUserFaps[0].id, c: call.id },
      as(secretary, Role.FAP_SECRETARY),
    );
    expect(fapProposals).toHaveLength(DEMO_SUBMITTED_PROPOSALS.length);
    for (const row of fapProposals) expect(row.assignments).toEqual([{ fapMemberUserId: reviewer }]);
    const { userWithReviews } = await gql<{
      userWithReviews: { reviews: { status: string; proposal: { callShortCode: string } }[] };
    }>(
      `{ userWithReviews { reviews { status proposal { callShortCode } } } }`,
      {},
      as(reviewer, Role.FAP_REVIEWER),
    );
    expect(userWithReviews.reviews).toEqual(
      DEMO_SUBMITTED_PROPOSALS.map(() => ({
        status: 'DRAFT',
        proposal: { callShortCode: DEMO_CALL_SHORT_CODE },
      })),
    );
  });

  it("holds every non-basis question type in the proposal template's topics, with the hazard dependency", async () => {
    const call = await demoCall();
    const structure = await t.app.get(TemplatesService).existingStructure(call.templateId);
    expect(structure).toMatchObject({ groupId: TemplateGroupId.PROPOSAL_QUESTIONARY, name: 'Demo proposal' });
    expect(structure.steps.map((s) => s.topic.title)).toEqual(['Proposal', 'Science', 'Practicalities']);
    expect(structure.steps[0].fields.map((f) => f.question.dataType)).toEqual([DataType.PROPOSAL_BASIS]);
    const fields = structure.steps.flatMap((s) => s.fields);
    const types = new Set(fields.map((f) => f.question.dataType));
    for (const dataType of NON_BASIS_TYPES) expect([dataType, types.has(dataType)]).toEqual([dataType, true]);
    const byKey = new Map(fields.map((f) => [f.question.naturalKey, f]));
    expect(byKey.get('demo_aim')).toMatchObject({ config: { required: true, max: 200 } });
    expect(byKey.get('demo_hazard_description')?.dependencies).toEqual([
      expect.objectContaining({
        dependencyId: byKey.get('demo_hazardous')?.question.id,
        condition: { condition: 'eq', params: true },
      }),
    ]);
    const thickness = byKey.get('demo_sample_thickness')?.config as { units: { id: string }[] };
    expect(thickness.units.map((u) => u.id)).toEqual(['micrometer', 'millimeter', 'centimeter', 'meter']);
    const publications = byKey.get('demo_publications')?.config as { templateId: number };
    const samples = byKey.get('demo_samples')?.config as { templateId: number };
    const templates = t.app.get(TemplatesService);
    expect(await templates.existingTemplate(publications.templateId)).toMatchObject({
      groupId: TemplateGroupId.GENERIC_TEMPLATE,
      name: 'Demo sub-template',
    });
    expect(await templates.existingTemplate(samples.templateId)).toMatchObject({
      groupId: TemplateGroupId.SAMPLE_DECLARATION,
      name: 'Demo sample',
    });
    expect(await templates.existingTemplate(call.pdfTemplateId as number)).toMatchObject({
      groupId: TemplateGroupId.PDF,
      name: 'Demo PDF',
    });
  });

  it('creates the development accounts with their roles, found by their OIDC subject at login', async () => {
    const users = t.app.get(UsersService);
    for (const account of DEV_ACCOUNTS) {
      const user = await users.byOidcSub(account.sub);
      expect(user).toMatchObject({
        email: account.email,
        firstname: account.firstname,
        lastname: account.lastname,
        roles: [...account.roles],
        placeholder: false,
      });
    }
  });

  it('seeds once: seed() again appends nothing', async () => {
    const call = await demoCall();
    const before = await head();
    expect(await t.app.get(DemoSeeder).seed()).toEqual({
      seeded: false,
      callId: call.id,
      templateId: call.templateId,
    });
    expect(await head()).toBe(before);
  });

  it('serves the options of the dynamic question itself', async () => {
    const res = await t.http().get('/demo/options.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEMO_OPTIONS);
  });

  it('lets the seeded applicant answer every step and submit at once: SUBMITTED_LOCKED, and an e-mail', async () => {
    const call = await demoCall();
    const account = DEV_ACCOUNTS.find((a) => a.username === 'applicant')!;
    const applicant = (await t.app.get(UsersService).byOidcSub(account.sub))!;
    const token = t.token({
      id: applicant.id,
      roles: [Role.USER],
      currentRole: Role.USER,
      isInternalUser: false,
    });
    const { createProposal } = await gql<{
      createProposal: { primaryKey: number; questionaryId: number; questionary: { steps: Step[] } };
    }>(CREATE, { callId: call.id }, token);
    const pk = createProposal.primaryKey;
    await gql(UPDATE, { pk }, token);

    const upload = await t
      .http()
      .post('/files/upload')
      .set('authorization', `Bearer ${token}`)
      .attach('file', PNG, { filename: 'setup.png', contentType: 'image/png' });
    expect(upload.status).toBe(200);
    const fileId = (upload.body as { fileId: string }).fileId;

    const valueOf = async (field: Field): Promise<unknown> => {
      const config = field.config as { units?: unknown[] };
      switch (field.question.naturalKey) {
        case 'demo_aim':
          return 'Determine the magnetic structure of the demo crystal.';
        case 'demo_background':
          return '<p>The demo crystal orders <strong>antiferromagnetically</strong> below 40 K.</p>';
        case 'demo_research_field':
          return ['Physics'];
        case 'demo_methods':
          return ['Diffraction', 'Imaging'];
        case 'demo_facilities_used': {
          const options = (
            await gql<{ getDynamicMultipleChoiceOptions: string[] }>(
              OPTIONS,
              { id: field.question.id },
              token,
            )
          ).getDynamicMultipleChoiceOptions;
          expect(options).toEqual(['ISIS', 'ESS', 'ILL']);
          return [options[1]];
        }
        case 'demo_documents':
          return [{ id: fileId, caption: 'Sample environment', figure: null }];
        case 'demo_start_date':
          return '2030-01-15';
        case 'demo_sample_thickness':
          return { value: 2.5, unit: config.units?.[1] };
        case 'demo_temperature_range':
          return { min: 2, max: 300, unit: config.units?.[0] };
        case 'demo_hazardous':
          return true;
        case 'demo_hazard_description':
          return 'A small amount of a toxic compound, sealed in a vanadium can.';
        default:
          // the basis question (title and abstract), the introduction, the sub-template and sample entries,
          // the instrument and technique pickers (none offered yet): nothing to answer here
          return undefined;
      }
    };
    for (const step of createProposal.questionary.steps) {
      const answers: { questionId: string; value: string }[] = [];
      for (const field of step.fields) {
        const value = await valueOf(field);
        if (value !== undefined)
          answers.push({ questionId: field.question.id, value: JSON.stringify({ value }) });
      }
      const saved = await gql<{ answerTopic: { isCompleted: boolean } }>(
        ANSWER,
        { q: createProposal.questionaryId, topic: step.topic.id, answers },
        token,
      );
      expect([step.topic.title, saved.answerTopic.isCompleted]).toEqual([step.topic.title, true]);
    }

    const mailsBefore = t.app.get(MailerService).outbox.length;
    const { submitProposal } = await gql<{
      submitProposal: { proposalId: string; submitted: boolean; questionary: { isCompleted: boolean } };
    }>(SUBMIT, { pk }, token);
    expect(submitProposal).toMatchObject({ submitted: true, questionary: { isCompleted: true } });
    expect(submitProposal.proposalId).toMatch(/^DEMO-\d{4}$/);
    for (let i = 0; i < 3; i++) await t.projections.waitFor(await head(), [ENGINE]);
    expect(
      (await gql<{ getProposal: { status: { shortCode: string } } }>(GET, { pk }, officer)).getProposal.status
        .shortCode,
    ).toBe('SUBMITTED_LOCKED');

    // the e-mail action of the default workflow's SUBMITTED_LOCKED connection runs with the status-actions module
    const statusActions = t.app
      .get(GraphQLSchemaHost)
      .schema.getQueryType()
      ?.getFields().getStatusActionsLogs;
    if (!statusActions) return; // not in this build yet: nothing sends the e-mail
    const outbox = t.app.get(MailerService).outbox;
    const deadline = Date.now() + 15_000;
    while (!outbox.slice(mailsBefore).some((m) => m.to === account.email) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outbox.slice(mailsBefore).map((m) => m.to)).toContain(account.email);
  });
});

describe("prepareDB (PostgreSQL, from the run's demo template)", () => {
  let t: TestApp;
  let demo: TestDatabase;
  let officer: string;
  beforeAll(async () => {
    demo = await createTestDatabase('prepare', { template: pgDemoTemplate() });
    t = await createTestApp({ database: demo, config: { seedDemo: !pgDemoTemplate() } });
    officer = t.token();
  });
  afterAll(async () => {
    await t.close();
    await demo.drop();
  });
  const { gql, demoCall } = helpers(
    () => t,
    () => officer,
  );

  it('prepareDB empties the store for officers in development and test mode, and seeds the demo again when asked', async () => {
    const PREPARE = `mutation($s: Boolean) { prepareDB(includeSeeds: $s) }`;
    const applicant = t.token({ roles: [Role.USER], currentRole: Role.USER });
    expect((await t.gql(PREPARE, { s: false }, applicant)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const mode = config.nodeEnv;
    try {
      (config as { nodeEnv: string }).nodeEnv = 'production';
      expect((await t.gql(PREPARE, { s: false }, officer)).errors?.[0]).toMatchObject({
        message: prepareDbRefused,
        extensions: { code: 'FORBIDDEN' },
      });
      expect((await gql<{ getCalls: unknown[] }>(CALLS, {}, officer)).getCalls.length).toBeGreaterThan(0);
    } finally {
      (config as { nodeEnv: string }).nodeEnv = mode;
    }

    const { prepareDB } = await gql<{ prepareDB: string[] }>(PREPARE, { s: false }, officer);
    expect(prepareDB.join('\n')).toContain('Default statuses, workflows and units created');
    expect((await gql<{ getCalls: unknown[] }>(CALLS, {}, officer)).getCalls).toEqual([]);
    const COUNTS = `{ getProposalsCore { totalCount } getStatuses(entityType: PROPOSAL) { shortCode } getUnits { id } }`;
    const empty = await gql<{
      getProposalsCore: { totalCount: number };
      getStatuses: { shortCode: string }[];
      getUnits: unknown[];
    }>(COUNTS, {}, officer);
    expect(empty.getProposalsCore.totalCount).toBe(0);
    expect(empty.getStatuses.map((st) => st.shortCode)).toContain('DRAFT');
    expect(empty.getUnits.length).toBeGreaterThan(0);
    expect((await t.app.get<EventStore>(EVENT_STORE).readStream(DEMO_SEED_STREAM_ID)).length).toBe(0);

    await gql(PREPARE, { s: true }, officer);
    expect((await demoCall()).shortCode).toBe(DEMO_CALL_SHORT_CODE);
    // two resets and a demo seed: 30-60 s when the shared machine is loaded (load average 10-12)
  }, 180_000);
});
