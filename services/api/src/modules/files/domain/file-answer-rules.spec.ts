import {
  fileMessages,
  fileNameHasExtension,
  formatFileSize,
  mimeTypeMatchesFileTypes,
} from '@user-office/contracts';
import type { AppError } from '../../../platform/errors/app-error';
import { fileAnswerProblem, type FileAnswerConfig, type FileFacts } from './file-answer-rules';
import { MIME } from './file-type';

const files = new Map<string, FileFacts>(
  [
    { fileId: 'pdf-of-2', mimeType: MIME.pdf, uploadedBy: 2 },
    { fileId: 'png-of-2', mimeType: 'image/png', uploadedBy: 2 },
    { fileId: 'docx-of-2', mimeType: MIME.docx, uploadedBy: 2 },
    { fileId: 'pdf-of-3', mimeType: MIME.pdf, uploadedBy: 3 },
    { fileId: 'pdf-of-token', mimeType: MIME.pdf, uploadedBy: null },
  ].map((f) => [f.fileId, f]),
);
const APPLICANT = { userId: 2, isOfficer: false };
const OFFICER = { userId: 1, isOfficer: true };
const config = (c: Partial<FileAnswerConfig> = {}): FileAnswerConfig => ({
  file_type: ['.pdf', 'image'],
  max_files: 0,
  ...c,
});
const summary = (e: AppError | null) => e && { code: e.code, message: e.message, fieldErrors: e.fieldErrors };

describe('fileAnswerProblem', () => {
  it('accepts the caller’s own files of allowed types, any number when max_files is 0', () => {
    expect(fileAnswerProblem(['pdf-of-2', 'png-of-2'], files, config(), APPLICANT)).toBeNull();
    expect(fileAnswerProblem([], files, config({ max_files: 1 }), APPLICANT)).toBeNull();
  });

  it('refuses more than max_files', () => {
    expect(
      summary(fileAnswerProblem(['pdf-of-2', 'png-of-2'], files, config({ max_files: 1 }), APPLICANT)),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'You can upload at most 1 file(s)',
      fieldErrors: { fileIds: 'You can upload at most 1 file(s)' },
    });
  });

  it('refuses an unknown file', () => {
    expect(summary(fileAnswerProblem(['nope'], files, config(), APPLICANT))).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'File not found',
      fieldErrors: { nope: 'File not found' },
    });
  });

  it('refuses someone else’s file, unless the caller is an officer or the file was attached before', () => {
    expect(summary(fileAnswerProblem(['pdf-of-3'], files, config(), APPLICANT))).toMatchObject({
      code: 'FORBIDDEN',
      message: fileMessages.notYours,
    });
    expect(fileAnswerProblem(['pdf-of-3'], files, config(), OFFICER)).toBeNull();
    expect(
      fileAnswerProblem(['pdf-of-3'], files, config(), APPLICANT, { alreadyAttached: new Set(['pdf-of-3']) }),
    ).toBeNull();
    expect(
      fileAnswerProblem(['pdf-of-token'], files, config(), { userId: null, isOfficer: false }),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('refuses a file of a type the question does not allow with the spec’s message', () => {
    expect(summary(fileAnswerProblem(['docx-of-2'], files, config(), APPLICANT))).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Incorrect file type',
      fieldErrors: { 'docx-of-2': 'Incorrect file type' },
    });
    expect(fileAnswerProblem(['docx-of-2'], files, config({ file_type: ['.docx'] }), APPLICANT)).toBeNull();
  });

  it('refuses a PDF over pdf_page_limit when its pages were counted', () => {
    const pageCounts = new Map([['pdf-of-2', 3]]);
    expect(
      summary(
        fileAnswerProblem(['pdf-of-2'], files, config({ pdf_page_limit: 2 }), APPLICANT, { pageCounts }),
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', message: 'The PDF may have at most 2 page(s)' });
    expect(
      fileAnswerProblem(['pdf-of-2'], files, config({ pdf_page_limit: 3 }), APPLICANT, { pageCounts }),
    ).toBeNull();
    expect(
      fileAnswerProblem(['pdf-of-2'], files, config({ pdf_page_limit: 0 }), APPLICANT, { pageCounts }),
    ).toBeNull();
  });
});

describe('file rules of contracts', () => {
  it('maps the file types of a question to mime types', () => {
    expect(mimeTypeMatchesFileTypes('application/pdf', ['.pdf'])).toBe(true);
    expect(mimeTypeMatchesFileTypes('Application/PDF; x=y', ['.pdf'])).toBe(true);
    expect(mimeTypeMatchesFileTypes('application/msword', ['.doc'])).toBe(true);
    expect(mimeTypeMatchesFileTypes(MIME.docx, ['.doc'])).toBe(false);
    expect(mimeTypeMatchesFileTypes(MIME.docx, ['.docx'])).toBe(true);
    expect(mimeTypeMatchesFileTypes('image/svg+xml', ['image'])).toBe(true);
    expect(mimeTypeMatchesFileTypes('audio/mpeg', ['image', 'audio'])).toBe(true);
    expect(mimeTypeMatchesFileTypes('video/mp4', ['audio'])).toBe(false);
    expect(mimeTypeMatchesFileTypes('video/mp4', ['video'])).toBe(true);
    expect(mimeTypeMatchesFileTypes('text/plain', ['.pdf', '.doc', '.docx', 'audio', 'video', 'image'])).toBe(
      false,
    );
    expect(mimeTypeMatchesFileTypes('imagefoo/x', ['image'])).toBe(false);
    expect(mimeTypeMatchesFileTypes('text/plain', [])).toBe(true);
  });

  it('wants an extension', () => {
    expect(fileNameHasExtension('report.pdf')).toBe(true);
    expect(fileNameHasExtension('a.b.c')).toBe(true);
    expect(fileNameHasExtension('report')).toBe(false);
    expect(fileNameHasExtension('report.')).toBe(false);
    expect(fileNameHasExtension('.bashrc')).toBe(false);
    expect(fileNameHasExtension('report. pdf')).toBe(false);
  });

  it('formats sizes base 1024, Bytes to YB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1000)).toBe('1000 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatFileSize(1024 ** 8 * 3)).toBe('3 YB');
    expect(fileMessages.tooLarge(50 * 1024 * 1024)).toBe('The file is too large: the limit is 50 MB');
  });
});
