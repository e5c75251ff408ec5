import { FILE_UPLOADED, type FileUploadedData } from '@user-office/contracts';
import { AppError } from '../../../platform/errors/app-error';
import { cleanFileName } from './file-name';
import { fileDecider } from './file.decide';

const data: FileUploadedData = {
  fileId: '0b5e1a4e-5b2f-4a51-9d8a-6f1f3b2f7a10',
  originalFileName: 'report.pdf',
  mimeType: 'application/pdf',
  sizeInBytes: 1234,
  uploadedBy: 2,
};

const given = (events: { type: string; data: unknown }[]) =>
  events.reduce(fileDecider.evolve, fileDecider.initialState);

describe('file decider', () => {
  it('given no events, when UploadFile, then FileUploaded with the metadata', () => {
    expect(fileDecider.decide({ type: 'UploadFile', ...data }, given([]))).toEqual([
      { type: FILE_UPLOADED, data },
    ]);
  });

  it('given FileUploaded, when UploadFile again on the stream, then CONFLICT', () => {
    const state = given([{ type: FILE_UPLOADED, data }]);
    expect(() => fileDecider.decide({ type: 'UploadFile', ...data }, state)).toThrow(AppError);
    expect(() => fileDecider.decide({ type: 'UploadFile', ...data }, state)).toThrow(
      expect.objectContaining({ code: 'CONFLICT' }),
    );
  });
});

describe('cleanFileName', () => {
  it('keeps the last path segment, drops control characters and bidi marks, trims', () => {
    expect(cleanFileName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('/home/me/notes.txt')).toBe('notes.txt');
    expect(cleanFileName('  bad\u0000\u0007name\n.png ')).toBe('badname.png');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('Cafe\u0301.pdf')).toBe('Café.pdf');
  });
});
