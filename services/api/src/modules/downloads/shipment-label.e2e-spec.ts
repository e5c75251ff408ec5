import { Role, shipmentRuleMessages } from '@user-office/contracts';
import { PDFParse } from 'pdf-parse';
import type { Response as ParsedResponse } from 'superagent';
import type { Response } from 'supertest';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { genericTemplateDownloadMessages } from './generic-template-downloads.controller';

/** a response body as bytes, whatever its type */
const binary = (res: ParsedResponse, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The text of a PDF (pdf-parse, on pdf.js), whitespace collapsed. */
async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const ANSWER = `mutation($q: Int!, $topic: Int!, $a: [AnswerInput!]!) { answerTopic(questionaryId: $q, topicId: $topic, answers: $a) { isCompleted } }`;

describe('the shipment label and sub template PDFs end to end (postgres, real Chromium)', () => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let proposal: { primaryKey: number; proposalId: string };
  let shipmentId: number;
  let genericTemplateId: number;

  async function gql<T>(query: string, variables: Record<string, unknown>, user: TestUser): Promise<T> {
    const res = await t.gql<T>(query, variables, user.token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }
  const get = (path: string, user: TestUser | null): Promise<Response> => {
    const req = t.http().get(path);
    if (user) req.set('authorization', `Bearer ${user.token}`);
    return req.buffer(true).parse(binary);
  };
  const body = (res: Response) => res.body as Buffer;
  const json = (res: Response) => JSON.parse(body(res).toString('utf8')) as { code: string; message: string };
  const place = async (
    category: string,
    dataType: string,
    templateId: number,
    topicId: number,
    config: object,
  ) => {
    const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
      `mutation { createQuestion(categoryId: ${category}, dataType: ${dataType}) { id } }`,
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
  const template = async (group: string, name: string) => {
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      `mutation($n: String!) { createTemplate(groupId: ${group}, name: $n) { templateId steps { topic { id } } } }`,
      { n: name },
      officer,
    );
    return { templateId: createTemplate.templateId, topicId: createTemplate.steps[0].topic.id };
  };

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres' });
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t, { firstname: 'Pia' });
    coProposer = await createUser(t, { firstname: 'Cole' });
    stranger = await createUser(t, { firstname: 'Stan' });
    for (const [id, value] of [
      ['ORGANISATION_NAME', 'Neutron Source <NS>'],
      ['FACILITY_ADDRESS', 'Goods receipt, Building 7; 1 Beamline Road\n12345 Science City'],
    ])
      await gql(
        `mutation($i: UpdateSettingsInput!) { updateSettings(input: $i) { id } }`,
        { i: { settingsId: id, settingsValue: value } },
        officer,
      );
    const instrumentId = (
      await gql<{ createInstrument: { id: number } }>(
        `mutation { createInstrument(name: "Xray", shortCode: "XR", description: "d") { id } }`,
        {},
        officer,
      )
    ).createInstrument.id;
    const call = await createOpenCall(t, officer.token);
    const sampleTemplate = await template('SAMPLE_DECLARATION', 'Samples');
    const sampleQuestion = await place('PROPOSAL', 'SAMPLE_DECLARATION', call.templateId, call.topicId, {
      templateId: sampleTemplate.templateId,
      addEntryButtonLabel: 'Add sample',
    });
    const sub = await template('GENERIC_TEMPLATE', 'Equipment');
    const subText = await place('GENERIC_TEMPLATE', 'TEXT_INPUT', sub.templateId, sub.topicId, {});
    const subQuestion = await place('PROPOSAL', 'GENERIC_TEMPLATE', call.templateId, call.topicId, {
      templateId: sub.templateId,
      minEntries: 0,
      addEntryButtonLabel: 'Add equipment',
    });
    await gql(
      `mutation($c: Int!, $i: [InstrumentFapIdInput!]!) { assignInstrumentsToCall(callId: $c, instrumentFapIds: $i) { id } }`,
      { c: call.callId, i: [{ instrumentId }] },
      officer,
    );
    const created = (
      await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
        `mutation($c: Int!) { createProposal(callId: $c) { primaryKey questionaryId } }`,
        { c: call.callId },
        pi,
      )
    ).createProposal;
    const pk = created.primaryKey;
    await gql(
      `mutation($pk: Int!, $u: [Int!]) { updateProposal(proposalPk: $pk, title: "Spin waves", abstract: "Waves", users: $u) { primaryKey } }`,
      { pk, u: [coProposer.id] },
      pi,
    );
    const item = (
      await gql<{ createGenericTemplate: { id: number; questionaryId: number } }>(
        `mutation($title: String!, $t: Int!, $p: Int!, $q: String!) { createGenericTemplate(title: $title, templateId: $t, proposalPk: $p, questionId: $q) { id questionaryId } }`,
        { title: 'Cryostat <4K>', t: sub.templateId, p: pk, q: subQuestion },
        pi,
      )
    ).createGenericTemplate;
    genericTemplateId = item.id;
    await gql(
      ANSWER,
      {
        q: item.questionaryId,
        topic: sub.topicId,
        a: [{ questionId: subText, value: '{"value":"Helium flow, 4 K"}' }],
      },
      pi,
    );
    await gql(
      ANSWER,
      {
        q: created.questionaryId,
        topic: call.topicId,
        a: [{ questionId: call.questionId, value: '{"value":"x"}' }],
      },
      pi,
    );
    proposal = (
      await gql<{ submitProposal: { primaryKey: number; proposalId: string } }>(
        `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey proposalId } }`,
        { pk },
        pi,
      )
    ).submitProposal;
    await gql(
      `mutation($p: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $p, instrumentIds: $i) }`,
      { p: [pk], i: [instrumentId] },
      officer,
    );
    await gql(
      `mutation($pk: Int!, $a: [ManagementTimeAllocationsInput!]) {
        administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, managementTimeAllocations: $a, managementDecisionSubmitted: true) { primaryKey } }`,
      { pk, a: [{ instrumentId, value: 3 }] },
      officer,
    );
    const sampleIds: number[] = [];
    for (const title of ['Crystal A', 'Crystal B'])
      sampleIds.push(
        (
          await gql<{ createSample: { id: number } }>(
            `mutation($title: String!, $t: Int, $p: Int, $q: String) { createSample(title: $title, templateId: $t, proposalPk: $p, questionId: $q, isPostProposalSubmission: true) { id } }`,
            { title, t: sampleTemplate.templateId, p: pk, q: sampleQuestion },
            pi,
          )
        ).createSample.id,
      );
    const declaration = await template('SHIPMENT_DECLARATION', 'Shipment');
    await gql(
      `mutation($t: Int!) { setActiveTemplate(templateGroupId: SHIPMENT_DECLARATION, templateId: $t) }`,
      { t: declaration.templateId },
      officer,
    );
    const shipment = (
      await gql<{ createShipment: { id: number; questionaryId: number } }>(
        `mutation($p: Int) { createShipment(title: "Two crystals", proposalPk: $p) { id questionaryId } }`,
        { p: pk },
        pi,
      )
    ).createShipment;
    shipmentId = shipment.id;
    await gql(
      `mutation($s: Int!, $ids: [Int!]!) { addSamplesToShipment(shipmentId: $s, sampleIds: $ids) { id } }`,
      { s: shipmentId, ids: sampleIds },
      pi,
    );
    await gql(ANSWER, { q: shipment.questionaryId, topic: declaration.topicId, a: [] }, pi);
    await gql(`mutation($s: Int!) { submitShipment(shipmentId: $s) { id } }`, { s: shipmentId }, pi);
  });
  afterAll(() => t.close());

  it("the label: a PDF named after the proposal and shipment, with the facility's address, the id, the proposal and the samples", async () => {
    const res = await get(`/download/pdf/shipment-label/${shipmentId}`, pi);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(res.headers['x-download-filename'])).toBe(
      `${proposal.proposalId}_shipment_${shipmentId}_Two crystals.pdf`,
    );
    const text = await pdfText(body(res));
    expect(text).toContain(`Shipment ID ${shipmentId}`);
    expect(text).toContain('Neutron Source <NS>');
    expect(text).toContain('Goods receipt, Building 7 1 Beamline Road 12345 Science City');
    expect(text).toContain(`${proposal.proposalId}: Spin waves`);
    expect(text).toContain('Two crystals');
    expect(text).toContain('Crystal A');
    expect(text).toContain('Crystal B');
    expect(text).toContain('Samples (2) Sample ID Title');
  });

  it('the label: the members and officers download it; another user is refused, anonymous too, an unknown id is not found', async () => {
    expect((await get(`/download/pdf/shipment-label/${shipmentId}`, coProposer)).status).toBe(200);
    expect((await get(`/download/pdf/shipment-label/${shipmentId}`, officer)).status).toBe(200);
    const forbidden = await get(`/download/pdf/shipment-label/${shipmentId}`, stranger);
    expect(forbidden.status).toBe(403);
    expect((await get(`/download/pdf/shipment-label/${shipmentId}`, null)).status).toBe(401);
    const unknown = await get('/download/pdf/shipment-label/99999999', officer);
    expect(unknown.status).toBe(404);
    expect(json(unknown).message).toBe(shipmentRuleMessages.notFound);
    expect((await get('/download/pdf/shipment-label/abc', officer)).status).toBe(400);
  });

  it('the sub template PDF: its title, proposal and answers; members and officers only', async () => {
    const res = await get(`/download/pdf/generic-template/${genericTemplateId}`, coProposer);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(res.headers['x-download-filename'])).toBe(
      `${proposal.proposalId}_Cryostat _4K_.pdf`,
    );
    const text = await pdfText(body(res));
    expect(text).toContain('Cryostat <4K>');
    expect(text).toContain(`Proposal ${proposal.proposalId}: Spin waves`);
    expect(text).toContain('Helium flow, 4 K');
    expect((await get(`/download/pdf/generic-template/${genericTemplateId}`, pi)).status).toBe(200);
    expect((await get(`/download/pdf/generic-template/${genericTemplateId}`, officer)).status).toBe(200);
    expect((await get(`/download/pdf/generic-template/${genericTemplateId}`, stranger)).status).toBe(403);
    expect((await get(`/download/pdf/generic-template/${genericTemplateId}`, null)).status).toBe(401);
    const unknown = await get('/download/pdf/generic-template/99999999', pi);
    expect(unknown.status).toBe(404);
    expect(json(unknown).message).toBe(genericTemplateDownloadMessages.notFound);
  });
});
