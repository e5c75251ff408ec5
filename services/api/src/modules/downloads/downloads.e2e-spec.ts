import { inflateRawSync } from 'node:zlib';
import { pdfTemplateMessages, proposalRuleMessages, Role } from '@user-office/contracts';
import type { Response as ParsedResponse } from 'superagent';
import type { Browser } from 'puppeteer-core';
import type { Response } from 'supertest';
import { Workbook } from 'exceljs';
import { ALL_ROLES, apiTokenFor, EVERYONE, type Caller } from '../../../test/support/access-matrix';
import { createOpenCall, createUser, type TestUser } from '../../../test/support/fixtures';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { downloadMessages } from './domain/download-names';
import { PdfRenderer } from './pdf-renderer';
import { ProposalDownloads } from './proposal-downloads.service';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const CREATE = `mutation($callId: Int!) { createProposal(callId: $callId) { primaryKey questionaryId } }`;
const UPDATE = `mutation($pk: Int!, $title: String, $abstract: String, $users: [Int!]) {
  updateProposal(proposalPk: $pk, title: $title, abstract: $abstract, users: $users) { primaryKey } }`;
const ANSWER = `mutation($q: Int!, $topic: Int!, $answers: [AnswerInput!]!) {
  answerTopic(questionaryId: $q, topicId: $topic, answers: $answers) { isCompleted } }`;
const SUBMIT = `mutation($pk: Int!) { submitProposal(proposalPk: $pk) { primaryKey proposalId submitted } }`;

interface Submitted {
  primaryKey: number;
  proposalId: string;
  title: string;
}

/** a response body as bytes, whatever its type */
const binary = (res: ParsedResponse, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The entries of a ZIP (stored or deflated), read through its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The document title Chromium writes into the PDF's info dictionary (UTF-16BE hex or a literal). */
function pdfTitle(pdf: Buffer): string | null {
  const text = pdf.toString('latin1');
  const hex = /\/Title\s*<FEFF([0-9A-Fa-f]*)>/.exec(text);
  if (hex) return Buffer.from(hex[1], 'hex').swap16().toString('utf16le');
  const literal = /\/Title\s*\(((?:\\.|[^\\)])*)\)/.exec(text);
  return literal ? literal[1].replace(/\\(.)/g, '$1') : null;
}

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;

describe('downloads end to end (postgres, real Chromium)', () => {
  let t: TestApp;
  let officer: TestUser;
  let pi: TestUser;
  let coProposer: TestUser;
  let stranger: TestUser;
  let call: Awaited<ReturnType<typeof createOpenCall>>;
  let fileQuestionId: string;
  let withFile: Submitted;
  let plain: Submitted;
  let strangers: Submitted;

  const gql = async <T>(query: string, variables: Record<string, unknown>, user: TestUser) => {
    const res = await t.gql<T>(query, variables, user.token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };

  const upload = async (content: Buffer, filename: string, user: TestUser) => {
    const res = await t
      .http()
      .post('/files/upload')
      .set('authorization', `Bearer ${user.token}`)
      .attach('file', content, { filename, contentType: 'application/octet-stream' });
    expect(res.status).toBe(200);
    return (res.body as { fileId: string }).fileId;
  };

  /** A submitted proposal of `user` (PI) with the co-proposer, its text answered, with a file if given. */
  const submitted = async (title: string, user: TestUser, file?: { name: string; content: Buffer }) => {
    const { createProposal } = await gql<{ createProposal: { primaryKey: number; questionaryId: number } }>(
      CREATE,
      { callId: call.callId },
      user,
    );
    const pk = createProposal.primaryKey;
    await gql(UPDATE, { pk, title, abstract: `Abstract of ${title}`, users: [coProposer.id] }, user);
    const answers = [{ questionId: call.questionId, value: JSON.stringify({ value: `Aim of ${title}` }) }];
    if (file) {
      const fileId = await upload(file.content, file.name, user);
      answers.push({ questionId: fileQuestionId, value: JSON.stringify({ value: [{ id: fileId }] }) });
    }
    await gql(ANSWER, { q: createProposal.questionaryId, topic: call.topicId, answers }, user);
    const { submitProposal } = await gql<{ submitProposal: { proposalId: string; submitted: boolean } }>(
      SUBMIT,
      { pk },
      user,
    );
    expect(submitProposal.submitted).toBe(true);
    return { primaryKey: pk, proposalId: submitProposal.proposalId, title };
  };

  const get = (path: string, user: TestUser | null) => {
    const req = t.http().get(path);
    if (user) req.set('authorization', `Bearer ${user.token}`);
    return req.buffer(true).parse(binary);
  };
  const body = (res: Response) => res.body as Buffer;
  const json = (res: Response) => JSON.parse(body(res).toString('utf8')) as { code: string; message: string };

  beforeAll(async () => {
    t = await createTestApp({ store: 'postgres' });
    officer = await createUser(t, { role: Role.USER_OFFICER, isInternalUser: true });
    pi = await createUser(t, { firstname: 'Pia' });
    coProposer = await createUser(t, { firstname: 'Cole' });
    stranger = await createUser(t, { firstname: 'Stan' });
    call = await createOpenCall(t, officer.token, { referenceNumberFormat: 'DL26-{digits:4}' });

    // a FILE_UPLOAD question next to the fixture's required text question
    const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
      'mutation { createQuestion(categoryId: PROPOSAL, dataType: FILE_UPLOAD) { id } }',
      {},
      officer,
    );
    fileQuestionId = createQuestion.id;
    await gql(
      `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 2) { templateId } }`,
      { t: call.templateId, q: fileQuestionId, topic: call.topicId },
      officer,
    );
    await gql(
      `mutation($t: Int!, $q: String!, $config: String) { updateQuestionTemplateRelationSettings(templateId: $t, questionId: $q, config: $config) { templateId } }`,
      {
        t: call.templateId,
        q: fileQuestionId,
        config: JSON.stringify({ required: false, file_type: ['image', '.pdf'], max_files: 3 }),
      },
      officer,
    );

    withFile = await submitted('Spin <waves> in Fe3O4', pi, { name: 'dot.png', content: PNG });
    plain = await submitted('Magnetic order', pi);
    strangers = await submitted('Not yours', stranger);
  });
  afterAll(() => t.close());

  it("one proposal's PDF: a PDF named <proposalId>_<title>.pdf with the title, built from its answers", async () => {
    const res = await get(`/download/pdf/proposal/${withFile.primaryKey}`, pi);
    expect(res.status).toBe(200);
    expect(body(res).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.headers['content-type']).toBe('application/pdf');
    const name = `${withFile.proposalId}_Spin _waves_ in Fe3O4.pdf`;
    expect(decodeURIComponent(res.headers['x-download-filename'])).toBe(name);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(res.headers['access-control-expose-headers']).toContain('x-download-filename');
    expect(pdfTitle(body(res))).toBe(`${withFile.proposalId} Spin <waves> in Fe3O4`);
    expect(pageCount(body(res))).toBe(1);

    // the HTML Chromium printed: the answers of the questionary, escaped
    const downloads = t.app.get(ProposalDownloads);
    const { html } = downloads.document(
      await downloads.load(await downloads.readable(null, [withFile.primaryKey])),
    );
    expect(html).toContain('Spin &lt;waves&gt; in Fe3O4');
    expect(html).toContain('Aim of Spin &#60;waves&#62; in Fe3O4');
    expect(html).toContain('dot.png');
    expect(html).toContain('Pia Tester');
    expect(html).toContain('Cole Tester');
  });

  it("one proposal's PDF prints its declared samples, title and answers, after the question that declared them", async () => {
    const place = async (
      categoryId: string,
      dataType: string,
      templateId: number,
      topicId: number,
      config: object,
    ) => {
      const { createQuestion } = await gql<{ createQuestion: { id: string } }>(
        `mutation { createQuestion(categoryId: ${categoryId}, dataType: ${dataType}) { id } }`,
        {},
        officer,
      );
      await gql(
        `mutation($t: Int!, $q: String!, $topic: Int!) { createQuestionTemplateRelation(templateId: $t, questionId: $q, topicId: $topic, sortOrder: 9) { templateId } }`,
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
    const { createTemplate } = await gql<{
      createTemplate: { templateId: number; steps: { topic: { id: number } }[] };
    }>(
      'mutation { createTemplate(groupId: SAMPLE_DECLARATION, name: "Samples") { templateId steps { topic { id } } } }',
      {},
      officer,
    );
    const sampleTopic = createTemplate.steps[0].topic.id;
    const formula = await place('SAMPLE', 'TEXT_INPUT', createTemplate.templateId, sampleTopic, {});
    const declaration = await place('PROPOSAL', 'SAMPLE_DECLARATION', call.templateId, call.topicId, {
      templateId: createTemplate.templateId,
      esiTemplateId: null,
      addEntryButtonLabel: 'Add sample',
    });
    const { createProposal } = await gql<{ createProposal: { primaryKey: number } }>(
      CREATE,
      { callId: call.callId },
      pi,
    );
    const { createSample } = await gql<{ createSample: { id: number; questionaryId: number } }>(
      `mutation($pk: Int!, $t: Int!, $q: String!) { createSample(title: "Quartz <1>", templateId: $t, proposalPk: $pk, questionId: $q) { id questionaryId } }`,
      { pk: createProposal.primaryKey, t: createTemplate.templateId, q: declaration },
      pi,
    );
    await gql(
      ANSWER,
      {
        q: createSample.questionaryId,
        topic: sampleTopic,
        answers: [{ questionId: formula, value: JSON.stringify({ value: 'SiO2 & water' }) }],
      },
      pi,
    );
    const downloads = t.app.get(ProposalDownloads);
    const { html } = downloads.document(
      await downloads.load(await downloads.readable(null, [createProposal.primaryKey])),
    );
    const answer = html.indexOf('<div class="uo-answer">1 sample</div>');
    const sample = html.indexOf('<section class="uo-sample"><h3>Quartz &lt;1&gt;</h3>');
    expect(answer).toBeGreaterThan(0);
    expect(sample).toBeGreaterThan(answer);
    expect(html.indexOf('SiO2 &#38; water')).toBeGreaterThan(sample);
  });

  it('two ids: one PDF with a page per proposal, named proposals_<date>.pdf; co-proposers may download', async () => {
    const res = await get(`/download/pdf/proposal/${withFile.primaryKey},${plain.primaryKey}`, coProposer);
    expect(res.status).toBe(200);
    expect(body(res).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(body(res))).toBe(2);
    expect(pdfTitle(body(res))).toBe('Proposals (2)');
    expect(decodeURIComponent(res.headers['x-download-filename'])).toMatch(
      /^proposals_\d{4}-\d{2}-\d{2}\.pdf$/,
    );
  });

  it('refuses: 403 for a proposal the caller may not read (even among readable ones), 404 unknown, 400, 401', async () => {
    const forbidden = await get(`/download/pdf/proposal/${plain.primaryKey},${strangers.primaryKey}`, pi);
    expect(forbidden.status).toBe(403);
    expect(json(forbidden)).toMatchObject({ code: 'FORBIDDEN', message: proposalRuleMessages.mayNotRead });
    expect((await get(`/download/pdf/proposal/${plain.primaryKey}`, stranger)).status).toBe(403);
    expect((await get(`/download/zip/proposal/${plain.primaryKey}`, stranger)).status).toBe(403);

    const unknown = await get(`/download/pdf/proposal/${plain.primaryKey},99999999`, officer);
    expect(unknown.status).toBe(404);
    expect(json(unknown)).toMatchObject({ code: 'NOT_FOUND', message: proposalRuleMessages.notFound });

    for (const ids of ['abc', '1,,2', '-3']) {
      const bad = await get(`/download/pdf/proposal/${ids}`, pi);
      expect(bad.status).toBe(400);
      expect(json(bad)).toMatchObject({ code: 'BAD_USER_INPUT', message: downloadMessages.invalidIds });
    }
    expect((await get(`/download/pdf/proposal/${plain.primaryKey}`, null)).status).toBe(401);
    expect((await get(`/download/zip/proposal/${plain.primaryKey}`, null)).status).toBe(401);
  });

  it('officers download anyone: a streamed ZIP with each PDF and the uploaded attachment under <proposalId>/', async () => {
    const res = await get(`/download/zip/proposal/${withFile.primaryKey},${strangers.primaryKey}`, officer);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(decodeURIComponent(res.headers['x-download-filename'])).toMatch(
      /^proposals_\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const entries = unzip(body(res));
    expect([...entries.keys()].sort()).toEqual(
      [
        `${withFile.proposalId}/${withFile.proposalId}_Spin _waves_ in Fe3O4.pdf`,
        `${withFile.proposalId}/dot.png`,
        `${strangers.proposalId}/${strangers.proposalId}_Not yours.pdf`,
      ].sort(),
    );
    expect(Buffer.compare(entries.get(`${withFile.proposalId}/dot.png`)!, PNG)).toBe(0);
    const pdf = entries.get(`${withFile.proposalId}/${withFile.proposalId}_Spin _waves_ in Fe3O4.pdf`)!;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfTitle(pdf)).toBe(`${withFile.proposalId} Spin <waves> in Fe3O4`);
  });

  it("one proposal's ZIP is named after it; the attachment ZIP has the files only, filtered by question", async () => {
    const single = await get(`/download/zip/proposal/${plain.primaryKey}`, pi);
    expect(single.status).toBe(200);
    expect(decodeURIComponent(single.headers['x-download-filename'])).toBe(
      `${plain.proposalId}_Magnetic order.zip`,
    );
    expect([...unzip(body(single)).keys()]).toEqual([
      `${plain.proposalId}/${plain.proposalId}_Magnetic order.pdf`,
    ]);

    const attachments = await get(`/download/zip/attachment/${withFile.primaryKey}`, pi);
    expect(attachments.status).toBe(200);
    expect([...unzip(body(attachments)).keys()]).toEqual([`${withFile.proposalId}/dot.png`]);
    const chosen = await get(
      `/download/zip/attachment/${withFile.primaryKey}?questionIds=${fileQuestionId}`,
      pi,
    );
    expect([...unzip(body(chosen)).keys()]).toEqual([`${withFile.proposalId}/dot.png`]);
  });

  it('a ZIP with nothing to add answers 404 NO_ATTACHMENTS "No attachments found"', async () => {
    for (const path of [
      `/download/zip/attachment/${plain.primaryKey}`,
      `/download/zip/attachment/${withFile.primaryKey}?questionIds=${call.questionId}`,
    ]) {
      const res = await get(path, pi);
      expect(res.status).toBe(404);
      expect(json(res)).toEqual({ code: 'NO_ATTACHMENTS', message: 'No attachments found' });
    }
  });

  describe('POST /download/pdf/template-preview (the PDF template editor)', () => {
    const PREVIEW = '/download/pdf/template-preview';
    const texts = {
      templateData: '<h1>{{proposal.title}}</h1>{{#each questionarySteps}}<h2>{{topic.title}}</h2>{{/each}}',
      templateHeader: '<div style="font-size: 8px">{{proposal.proposalId}}</div>',
      templateFooter: '<div style="font-size: 8px"><span class="pageNumber"></span></div>',
      templateSampleDeclaration: '<h3 style="break-before: page">{{sample.title}}</h3>',
      dummyData: JSON.stringify({
        proposal: { proposalId: 'P-1', title: 'Preview' },
        questionarySteps: [{ topic: { title: 'Step' } }],
        samples: [{ title: 'Sample A' }],
      }),
    };
    const post = (payload: unknown, token: string | null) => {
      const req = t.http().post(PREVIEW).set('content-type', 'application/json');
      if (token) req.set('authorization', `Bearer ${token}`);
      return req.send(JSON.stringify(payload)).buffer(true).parse(binary);
    };

    it('an officer gets the unsaved texts printed with the dummy data: application/pdf, a page per sample declaration', async () => {
      const res = await post(texts, officer.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(body(res).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfTitle(body(res))).toBe('PDF template preview');
      expect(pageCount(body(res))).toBe(2);
    });

    it('only officers (deny by default): anonymous 401, an API token without the route and every other role 403', async () => {
      const apiToken = await apiTokenFor(t);
      const through: Caller[] = [];
      for (const caller of EVERYONE) {
        const token =
          caller === 'ANONYMOUS'
            ? null
            : caller === 'API_TOKEN'
              ? apiToken
              : t.token({ id: 900 + ALL_ROLES.indexOf(caller), roles: [caller], currentRole: caller });
        // empty texts: a blank page for whoever is let through
        const res = await post({}, token);
        expect([200, 401, 403]).toContain(res.status);
        if (caller === 'ANONYMOUS' && res.status !== 200) expect(res.status).toBe(401);
        if (res.status === 200) through.push(caller);
      }
      expect(through).toEqual([Role.USER_OFFICER]);
      expect((await post(texts, pi.token)).status).toBe(403);
    });

    it('refuses bad input with a 400 the editor shows: Handlebars that does not compile or run, dummy data that is no JSON object, a body over 100 kB', async () => {
      const refused = async (payload: Record<string, unknown>, field: string, message: RegExp | string) => {
        const res = await post({ ...texts, ...payload }, officer.token);
        expect(res.status).toBe(400);
        const answer = JSON.parse(body(res).toString('utf8')) as {
          code: string;
          message: string;
          fieldErrors: Record<string, string>;
        };
        expect(answer.code).toBe('BAD_USER_INPUT');
        if (typeof message === 'string') expect(answer.message).toBe(message);
        else expect(answer.message).toMatch(message);
        expect(Object.keys(answer.fieldErrors)).toEqual([field]);
      };
      await refused(
        { templateData: '<h1>{{#if proposal}}open' },
        'templateData',
        /^The template cannot be rendered: Parse error/,
      );
      await refused(
        { templateHeader: '{{proposal.title' },
        'templateHeader',
        /^The header cannot be rendered: Parse error/,
      );
      await refused(
        { templateFooter: '{{shout proposal.title}}' },
        'templateFooter',
        /^The footer cannot be rendered: Missing helper: "shout"/,
      );
      await refused(
        { templateSampleDeclaration: '{{#each}}' },
        'templateSampleDeclaration',
        /^The sample declaration cannot be rendered: /,
      );
      await refused({ dummyData: '{"proposal": ' }, 'dummyData', pdfTemplateMessages.dummyDataNotJson);
      await refused({ dummyData: '[1, 2]' }, 'dummyData', pdfTemplateMessages.dummyDataNotObject);
      // over the request body limit: 413 before anything is read
      expect((await post({ ...texts, templateData: 'x'.repeat(200_000) }, officer.token)).status).toBe(413);
    });
  });

  describe('XLSX sheets (/download/xlsx/proposal, /download/xlsx/technique)', () => {
    let scientist: TestUser;
    let otherScientist: TestUser;
    const XLSX_PROPOSAL = (ids: string) => `/download/xlsx/proposal/${ids}`;
    const XLSX_TECHNIQUE = (ids: string) => `/download/xlsx/technique/${ids}`;
    const sheetRows = async (res: Response) => {
      const workbook = new Workbook();
      await workbook.xlsx.load(body(res) as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };

    beforeAll(async () => {
      scientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST, firstname: 'Sci' });
      otherScientist = await createUser(t, { role: Role.INSTRUMENT_SCIENTIST, firstname: 'Otto' });
      const { createInstrument } = await gql<{ createInstrument: { id: number } }>(
        `mutation($m: Int) { createInstrument(name: "SANS-1", shortCode: "SANS1", description: "Small angles", managerUserId: $m) { id } }`,
        { m: scientist.id },
        officer,
      );
      const { createTechnique } = await gql<{ createTechnique: { id: number } }>(
        `mutation { createTechnique(name: "Small-angle scattering", shortCode: "SAS", description: "SAS") { id } }`,
        {},
        officer,
      );
      await gql(
        `mutation($s: [Int!]!, $t: Int!) { assignScientistsToTechnique(scientistIds: $s, techniqueId: $t) }`,
        { s: [scientist.id], t: createTechnique.id },
        officer,
      );
      await gql(
        `mutation($pks: [Int!]!, $i: [Int!]!) { assignProposalsToInstruments(proposalPks: $pks, instrumentIds: $i) }`,
        { pks: [withFile.primaryKey], i: [createInstrument.id] },
        officer,
      );
      await gql(
        `mutation($pk: Int!, $t: [Int!]!) { assignProposalToTechniques(proposalPk: $pk, techniqueIds: $t) }`,
        { pk: withFile.primaryKey, t: [createTechnique.id] },
        officer,
      );
      await gql(
        `mutation($pk: Int!, $i: Int!) { addTechnicalReview(proposalPk: $pk, instrumentId: $i, status: FEASIBLE, timeAllocation: 3,
           publicComment: "<p>Feasible &amp; fine</p>", comment: "internal") { id } }`,
        { pk: withFile.primaryKey, i: createInstrument.id },
        officer,
      );
      await gql(
        `mutation($pk: Int!) { administrationProposal(proposalPk: $pk, finalStatus: ACCEPTED, commentForManagement: "Top") { primaryKey } }`,
        { pk: withFile.primaryKey },
        officer,
      );
    });

    it('the proposal sheet: its header and a row per proposal and instrument, in the order asked', async () => {
      const res = await get(XLSX_PROPOSAL(`${withFile.primaryKey},${plain.primaryKey}`), officer);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(decodeURIComponent(res.headers['x-download-filename'])).toMatch(
        /^proposals_\d{4}-\d{2}-\d{2}\.xlsx$/,
      );
      expect(await sheetRows(res)).toEqual([
        [
          'Proposal ID',
          'Title',
          'Principal Investigator',
          'Instrument',
          'Technical status',
          'Technical comment',
          'Time (days)',
          'Comment for management',
          'Decision',
        ],
        [
          withFile.proposalId,
          withFile.title,
          'Pia Tester',
          'SANS-1',
          'FEASIBLE',
          'Feasible & fine',
          3,
          'Top',
          'ACCEPTED',
        ],
        [
          plain.proposalId,
          plain.title,
          'Pia Tester',
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          'UNSET',
        ],
      ]);
    });

    it('the technique sheet: officers and the scientists who read its proposals; ranges of ids; the one read rule leaves out', async () => {
      const res = await get(XLSX_TECHNIQUE(`${withFile.primaryKey}`), scientist);
      expect(res.status).toBe(200);
      const rows = await sheetRows(res);
      expect(rows[0]).toEqual([
        'Proposal ID',
        'Title',
        'PI',
        'PI e-mail',
        'Date submitted',
        'Technique',
        'Instrument',
        'Status',
      ]);
      expect(rows[1]).toEqual([
        withFile.proposalId,
        withFile.title,
        'Pia Tester',
        expect.stringContaining('@example.org'),
        expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/),
        'Small-angle scattering',
        'SANS-1',
        expect.any(String),
      ]);
      expect(decodeURIComponent(res.headers['x-download-filename'])).toMatch(/\.xlsx$/);
      // the one read rule, as a list (issue 38: lists filter): a proposal outside the scientist's instruments and
      // techniques and one that does not exist are left out alike; a sheet left with none (another scientist's,
      // only foreign or missing ids) is refused as the proposal itself is
      for (const ids of [`${withFile.primaryKey},${plain.primaryKey}`, `${withFile.primaryKey},99999999`]) {
        const filtered = await get(XLSX_TECHNIQUE(ids), scientist);
        expect(filtered.status).toBe(200);
        expect((await sheetRows(filtered)).slice(1).map((row) => row[0])).toEqual([withFile.proposalId]);
      }
      for (const [ids, caller] of [
        [`${withFile.primaryKey}`, otherScientist],
        [`${plain.primaryKey}`, scientist],
        [`${plain.primaryKey},99999999`, scientist],
        ['99999999', scientist],
      ] as const) {
        const refused = await get(XLSX_TECHNIQUE(ids), caller);
        expect(refused.status).toBe(403);
        expect(json(refused)).toMatchObject({ code: 'FORBIDDEN', message: proposalRuleMessages.mayNotRead });
      }
      // an officer is told what is missing
      const unknown = await get(XLSX_TECHNIQUE(`${withFile.primaryKey},99999999`), officer);
      expect(unknown.status).toBe(404);
      expect(json(unknown)).toMatchObject({ code: 'NOT_FOUND', message: proposalRuleMessages.notFound });
      // a range reads every proposal in it; one missing id is a 404
      const lo = Math.min(withFile.primaryKey, plain.primaryKey);
      const hi = Math.max(withFile.primaryKey, plain.primaryKey);
      expect((await get(XLSX_TECHNIQUE(`${lo}-${hi}`), officer)).status).toBe(200);
      expect((await get(XLSX_PROPOSAL(`${lo}-${hi + 1000}`), officer)).status).toBe(404);
      expect((await get(XLSX_PROPOSAL('x'), officer)).status).toBe(400);
    });

    it('only the expected callers: anonymous 401, an API token without the route 403, and each role', async () => {
      const apiToken = await apiTokenFor(t);
      const through: Record<string, Caller[]> = { proposal: [], technique: [] };
      for (const [kind, path] of [
        ['proposal', XLSX_PROPOSAL(`${withFile.primaryKey}`)],
        ['technique', XLSX_TECHNIQUE(`${withFile.primaryKey}`)],
      ] as const) {
        for (const caller of EVERYONE) {
          const req = t.http().get(path);
          const token =
            caller === 'ANONYMOUS'
              ? null
              : caller === 'API_TOKEN'
                ? apiToken
                : caller === Role.INSTRUMENT_SCIENTIST
                  ? scientist.token
                  : t.token({ id: 900 + ALL_ROLES.indexOf(caller), roles: [caller], currentRole: caller });
          if (token) req.set('authorization', `Bearer ${token}`);
          const res = await req.buffer(true).parse(binary);
          expect([200, 401, 403]).toContain(res.status);
          if (caller === 'ANONYMOUS') expect(res.status).toBe(401);
          if (res.status === 200) through[kind].push(caller);
        }
      }
      expect(through).toEqual({
        proposal: [Role.USER_OFFICER],
        technique: [Role.INSTRUMENT_SCIENTIST, Role.USER_OFFICER],
      });
    });
  });

  it('printed every document in one shared browser, and starts a new one after a crash', async () => {
    const renderer = t.app.get(PdfRenderer);
    expect(renderer.launchCount).toBe(1);
    const browser = await (renderer as unknown as { browser: Promise<Browser> }).browser;
    const exited = new Promise((resolve) => browser.process()?.once('exit', resolve));
    browser.process()?.kill('SIGKILL');
    await exited;
    const res = await get(`/download/pdf/proposal/${plain.primaryKey}`, pi);
    expect(res.status).toBe(200);
    expect(body(res).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(renderer.launchCount).toBe(2);
  });
});
