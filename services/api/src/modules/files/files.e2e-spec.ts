import { FILE_UPLOADED, fileMessages, Role } from '@user-office/contracts';
import type { Response } from 'superagent';
import {
  ANY_USER,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
} from '../../../test/support/access-matrix';
import { APPLICANT, createTestApp, OFFICER, type TestApp } from '../../../test/support/test-app';
import type { SessionUser } from '../../platform/auth/session';
import type { SqlClient } from '../../platform/database/sql-client';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE, SQL_CLIENT } from '../../platform/tokens';
import { FileAccessRules, FilesService } from './index';
import { SqlFileContentStore } from './storage/sql-file-content-store';

const MAX_UPLOAD_BYTES = 4096;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A PDF with `pages` pages, written by hand. */
function pdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj',
    `2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} >>\nendobj`,
    ...Array.from(
      { length: pages },
      (_, i) => `${i + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj`,
    ),
  ];
  return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const TEXT = Buffer.from('Beam time notes\nsample: Fe3O4\n', 'utf8');

interface Metadata {
  fileId: string;
  originalFileName: string;
  mimeType: string;
  sizeInBytes: number;
  createdDate: string;
}

const METADATA = `query($fileIds: [String!]!) {
  getFilesMetadata(filter: { fileIds: $fileIds }) { fileId originalFileName mimeType sizeInBytes createdDate }
}`;

/** a response body as bytes, whatever its type */
const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const session = (id: number, role: Role = Role.USER): SessionUser => ({
  id,
  roles: [role],
  currentRole: role,
  isInternalUser: false,
  impersonatingUserId: null,
  sessionId: `s-${id}`,
  issuedAt: 0,
  expiresAt: 0,
});

describe.each(['postgres', 'pglite'] as const)('files end to end (%s)', (store) => {
  let t: TestApp;
  let events: EventStore;
  let sql: SqlClient;
  let applicant: string;
  let other: string;
  let officer: string;

  beforeAll(async () => {
    t = await createTestApp({ store, config: { maxUploadBytes: MAX_UPLOAD_BYTES } });
    events = t.app.get<EventStore>(EVENT_STORE);
    sql = t.app.get<SqlClient>(SQL_CLIENT);
    applicant = t.token(APPLICANT);
    other = t.token({ ...APPLICANT, id: 3 });
    officer = t.token(OFFICER);
  });
  afterAll(() => t.close());

  const upload = (
    content: Buffer,
    filename: string,
    token: string | null = applicant,
    contentType?: string,
  ) => {
    const req = t.http().post('/files/upload');
    if (token) req.set('authorization', `Bearer ${token}`);
    return req.attach('file', content, { filename, contentType: contentType ?? 'application/octet-stream' });
  };
  const uploaded = async (content: Buffer, filename: string, token = applicant, contentType?: string) => {
    const res = await upload(content, filename, token, contentType);
    expect(res.status).toBe(200);
    return res.body as Metadata;
  };
  const download = (fileId: string, token: string | null = applicant) => {
    const req = t.http().get(`/files/download/${fileId}`);
    if (token) req.set('authorization', `Bearer ${token}`);
    return req.buffer(true).parse(binary);
  };
  const metadata = async (fileIds: string[], token = applicant) => {
    const res = await t.gql<{ getFilesMetadata: Metadata[] }>(METADATA, { fileIds }, token);
    expect(res.errors).toBeUndefined();
    return res.data!.getFilesMetadata;
  };
  const contentRows = async () =>
    Number((await sql.query<{ n: string }>('SELECT count(*) AS n FROM file_contents')).rows[0].n);

  it('uploads a PDF, a PNG and a text file: answers their metadata, with the type read from the bytes', async () => {
    const before = Date.now();
    const report = await uploaded(pdf(2), 'report.pdf', applicant, 'application/pdf');
    const picture = await uploaded(PNG, 'picture.jpg', applicant, 'image/jpeg');
    const notes = await uploaded(TEXT, 'notes.txt', applicant, 'text/plain');

    expect(report).toEqual({
      fileId: expect.stringMatching(UUID),
      originalFileName: 'report.pdf',
      mimeType: 'application/pdf',
      sizeInBytes: pdf(2).length,
      createdDate: expect.any(String),
    });
    expect(new Date(report.createdDate).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(picture).toMatchObject({
      originalFileName: 'picture.jpg',
      mimeType: 'image/png',
      sizeInBytes: PNG.length,
    });
    expect(notes).toMatchObject({
      originalFileName: 'notes.txt',
      mimeType: 'text/plain',
      sizeInBytes: TEXT.length,
    });

    const stream = await events.readStream(`file-${report.fileId}`);
    expect(stream).toHaveLength(1);
    expect(stream[0]).toMatchObject({
      type: FILE_UPLOADED,
      data: {
        fileId: report.fileId,
        originalFileName: 'report.pdf',
        mimeType: 'application/pdf',
        sizeInBytes: pdf(2).length,
        uploadedBy: APPLICANT.id,
      },
      metadata: { actorId: APPLICANT.id },
    });
  });

  it('downloads the same bytes, as an attachment named like the upload', async () => {
    const name = 'Résumé (v2) – final.pdf';
    const file = await uploaded(pdf(1), name);
    const res = await download(file.fileId);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, pdf(1))).toBe(0);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(pdf(1).length));
    expect(res.headers['x-download-filename']).toBe(encodeURIComponent(name));
    expect(decodeURIComponent(res.headers['x-download-filename'])).toBe(name);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ (v2) _ final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28v2%29%20%E2%80%93%20final.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const png = await uploaded(PNG, 'dot.png');
    const image = await download(png.fileId);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, PNG)).toBe(0);
    const text = await download((await uploaded(TEXT, 'notes.txt')).fileId);
    expect((text.body as Buffer).toString('utf8')).toBe(TEXT.toString('utf8'));
  });

  it('lets the uploader and officers download; another user gets 403, an unknown file 404, nobody 401', async () => {
    const file = await uploaded(pdf(1), 'mine.pdf');
    expect((await download(file.fileId, applicant)).status).toBe(200);
    expect((await download(file.fileId, officer)).status).toBe(200);

    const denied = await download(file.fileId, other);
    expect(denied.status).toBe(403);
    expect(JSON.parse((denied.body as Buffer).toString('utf8'))).toEqual({
      message: fileMessages.mayNotRead,
      code: 'FORBIDDEN',
    });
    const unknown = await download('6f1a9a52-7c55-4a43-9a9e-2f6a1c7c0d11', applicant);
    expect(unknown.status).toBe(404);
    expect(JSON.parse((unknown.body as Buffer).toString('utf8'))).toMatchObject({
      message: 'File not found',
    });
    expect((await download('not-a-uuid', officer)).status).toBe(404);

    expect((await download(file.fileId, null)).status).toBe(401);
    const head = await events.headPosition();
    const anonymous = await upload(pdf(1), 'anonymous.pdf', null);
    expect(anonymous.status).toBe(401);
    expect(await events.headPosition()).toBe(head);
  });

  it('lets whoever a registered FileAccessRule allows see a file', async () => {
    const shared = await uploaded(pdf(1), 'shared.pdf');
    const privateFile = await uploaded(pdf(1), 'private.pdf');
    t.app
      .get(FileAccessRules)
      .register(async (caller, fileId) => (caller.id === 77 && fileId === shared.fileId ? true : undefined));
    const reviewer = t.token({
      ...APPLICANT,
      id: 77,
      roles: [Role.FAP_REVIEWER],
      currentRole: Role.FAP_REVIEWER,
    });
    expect((await download(shared.fileId, reviewer)).status).toBe(200);
    expect((await download(privateFile.fileId, reviewer)).status).toBe(403);
    expect((await metadata([shared.fileId, privateFile.fileId], reviewer)).map((f) => f.fileId)).toEqual([
      shared.fileId,
    ]);
  });

  it('refuses a file over MAX_UPLOAD_BYTES with 413 and appends nothing', async () => {
    const head = await events.headPosition();
    const rows = await contentRows();
    const res = await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41), 'big.txt');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      message: 'The file is too large: the limit is 4 KB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await events.headPosition()).toBe(head);
    expect(await contentRows()).toBe(rows);
    expect((await upload(Buffer.alloc(MAX_UPLOAD_BYTES, 0x41), 'just-fits.txt')).status).toBe(200);
  });

  it('refuses an empty file, a name without extension and a form without the file, appending nothing', async () => {
    const head = await events.headPosition();
    const rows = await contentRows();
    const empty = await upload(Buffer.alloc(0), 'empty.pdf');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'File size is 0 bytes', code: 'BAD_USER_INPUT' });

    const noExtension = await upload(pdf(1), 'README');
    expect(noExtension.status).toBe(400);
    expect(noExtension.body.message).toBe(
      'Please make sure your file is of correct type, has an extension and not zero bytes.',
    );

    const noFile = await t
      .http()
      .post('/files/upload')
      .set('authorization', `Bearer ${applicant}`)
      .field('caption', 'no file here');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(fileMessages.fileRequired);

    const otherField = await t
      .http()
      .post('/files/upload')
      .set('authorization', `Bearer ${applicant}`)
      .attach('document', pdf(1), 'report.pdf');
    expect(otherField.status).toBe(400);
    expect(otherField.body.code).toBe('BAD_USER_INPUT');

    expect(await events.headPosition()).toBe(head);
    expect(await contentRows()).toBe(rows);
  });

  it('getFilesMetadata answers, in the order asked, only the files the caller may see', async () => {
    const a = await uploaded(pdf(1), 'a.pdf');
    const b = await uploaded(PNG, 'b.png');
    const c = await uploaded(TEXT, 'c.txt', other);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const ids = [b.fileId, unknown, c.fileId, a.fileId, b.fileId];

    expect(await metadata(ids, applicant)).toEqual([b, a]);
    expect(await metadata(ids, other)).toEqual([c]);
    expect(await metadata(ids, officer)).toEqual([b, c, a]);
    expect(await metadata([], applicant)).toEqual([]);

    const tooMany = await t.gql(
      METADATA,
      { fileIds: Array.from({ length: 501 }, () => a.fileId) },
      applicant,
    );
    expect(tooMany.errors?.[0]).toMatchObject({
      message: fileMessages.fileIdsMax,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const withToken = await t.gql<{ getFilesMetadata: Metadata[] }>(
      METADATA,
      { fileIds: ids },
      await apiTokenFor(t, ['getFilesMetadata']),
    );
    expect(withToken.data?.getFilesMetadata).toEqual([b, c, a]);
  });

  it('declares who may call getFilesMetadata', async () => {
    const cases: AccessCase[] = [
      {
        operation: 'getFilesMetadata',
        document: '{ getFilesMetadata(filter: { fileIds: [] }) { fileId } }',
        allowed: ANY_USER,
      },
    ];
    expect(await accessMatrix(t, cases, await apiTokenFor(t))).toEqual(expectedMatrix(cases, true));
  });

  it('FilesService: metadata, PDF page counts and the rules of file answers', async () => {
    const files = t.app.get(FilesService);
    const mine = await uploaded(pdf(3), 'three-pages.pdf');
    const picture = await uploaded(PNG, 'picture.png');
    const theirs = await uploaded(pdf(1), 'theirs.pdf', other);

    expect((await files.metadata([picture.fileId, 'unknown', mine.fileId])).map((f) => f.fileId)).toEqual([
      picture.fileId,
      mine.fileId,
    ]);
    expect(await files.pdfPageCount(mine.fileId)).toBe(3);
    expect(await files.pdfPageCount(picture.fileId)).toBeNull();
    expect(await files.pdfPageCount('unknown')).toBeNull();

    const me = session(APPLICANT.id);
    const pdfOnly = { file_type: ['.pdf'], max_files: 2 };
    await expect(files.assertUsableInAnswer(me, [mine.fileId], pdfOnly)).resolves.toBeUndefined();
    await expect(files.assertUsableInAnswer(me, [picture.fileId], pdfOnly)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Incorrect file type',
    });
    await expect(
      files.assertUsableInAnswer(me, [picture.fileId], { file_type: ['.pdf', 'image'], max_files: 0 }),
    ).resolves.toBeUndefined();
    await expect(files.assertUsableInAnswer(me, [theirs.fileId], pdfOnly)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: fileMessages.notYours,
    });
    await expect(
      files.assertUsableInAnswer(me, [theirs.fileId], pdfOnly, { alreadyAttached: [theirs.fileId] }),
    ).resolves.toBeUndefined();
    await expect(
      files.assertUsableInAnswer(session(OFFICER.id, Role.USER_OFFICER), [theirs.fileId], pdfOnly),
    ).resolves.toBeUndefined();
    await expect(
      files.assertUsableInAnswer(me, [mine.fileId, mine.fileId, mine.fileId], pdfOnly),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'You can upload at most 2 file(s)' });
    await expect(
      files.assertUsableInAnswer(me, ['00000000-0000-4000-8000-000000000000'], pdfOnly),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'File not found' });
    await expect(
      files.assertUsableInAnswer(me, [mine.fileId], { ...pdfOnly, pdf_page_limit: 2 }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', message: 'The PDF may have at most 2 page(s)' });
    await expect(
      files.assertUsableInAnswer(me, [mine.fileId], { ...pdfOnly, pdf_page_limit: 3 }),
    ).resolves.toBeUndefined();
    expect(await files.mayRead(session(3), mine.fileId)).toBe(false);
    expect(await files.mayRead(me, mine.fileId)).toBe(true);
  });

  it('stores contents in chunks and reads them back in order', async () => {
    const contents = new SqlFileContentStore(sql, 7);
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, i) => (i * 37) % 256));
    await contents.save('chunked-test', bytes);
    const opened = await contents.open('chunked-test');
    expect(opened?.sizeInBytes).toBe(100);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.chunks()) chunks.push(chunk);
    expect(chunks).toHaveLength(15);
    expect(Buffer.compare(Buffer.concat(chunks), bytes)).toBe(0);
    await contents.save('chunked-test', bytes.subarray(0, 10));
    expect(await contents.read('chunked-test')).toEqual(bytes.subarray(0, 10));
    expect(await contents.open('nothing-here')).toBeNull();
  });
});
