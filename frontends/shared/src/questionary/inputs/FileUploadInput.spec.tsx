import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataType } from '@user-office/contracts';
import { renderInput } from './test-harness';

/** A stand-in for XMLHttpRequest: records the requests and answers them when the test says. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: FormData): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort(): void {
    this.onabort?.();
  }
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const realXhr = window.XMLHttpRequest;

beforeEach(() => {
  FakeXhr.sent = [];
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  localStorage.setItem('token', 'the-token');
});

afterEach(() => {
  window.XMLHttpRequest = realXhr;
  localStorage.clear();
});

function fileInput(): HTMLInputElement {
  return document.getElementById('question-q_1-input') as HTMLInputElement;
}

const pdf = (name = 'report.pdf', size = 1536) =>
  new File(['x'.repeat(size)], name, { type: 'application/pdf' });

describe('FILE_UPLOAD', () => {
  it('uploads to /files/upload with the bearer token and stores the file id in the value', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const input = renderInput(DataType.FILE_UPLOAD, { file_type: ['.pdf'], max_files: 2 });
    expect(fileInput().getAttribute('accept')).toBe('.pdf,application/pdf');
    await user.upload(fileInput(), pdf());
    expect(FakeXhr.sent).toHaveLength(1);
    const request = FakeXhr.sent[0];
    expect([request.method, request.url]).toEqual(['POST', '/files/upload']);
    expect(request.headers.authorization).toBe('Bearer the-token');
    expect((request.body?.get('file') as File).name).toBe('report.pdf');
    await act(async () =>
      request.respond(200, {
        fileId: 'f-1',
        originalFileName: 'report.pdf',
        mimeType: 'application/pdf',
        sizeInBytes: 1536,
        createdDate: '2025-01-01T00:00:00.000Z',
      }),
    );
    await waitFor(() => expect(input.value()).toEqual([{ id: 'f-1' }]));
    expect(input.registryErrors()).toEqual([]);
    expect(screen.getByText('report.pdf')).toBeTruthy();
    expect(screen.getByText('1.5 KB')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove report.pdf' }));
    expect(input.value()).toEqual([]);
  });

  it('refuses a file of another type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderInput(DataType.FILE_UPLOAD, { file_type: ['.pdf'] });
    await user.upload(fileInput(), new File(['png'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe('Incorrect file type');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses an empty file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderInput(DataType.FILE_UPLOAD, { file_type: ['.pdf'] });
    await user.upload(fileInput(), new File([], 'empty.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe('File size is 0 bytes');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a file without an extension', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderInput(DataType.FILE_UPLOAD, { file_type: ['image'] });
    await user.upload(fileInput(), new File(['x'], 'picture', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please make sure your file is of correct type, has an extension and not zero bytes.',
    );
  });

  it('says "Error occurred" when the upload fails, and "Upload cancelled" when cancelled', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const input = renderInput(DataType.FILE_UPLOAD, { file_type: ['.pdf'] });
    await user.upload(fileInput(), pdf());
    await act(async () => FakeXhr.sent[0].respond(500, { message: 'boom' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error occurred');

    await user.upload(fileInput(), pdf('second.pdf'));
    expect(screen.getByText('Uploading second.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Upload cancelled');
    expect(input.value()).toEqual([]);
  });

  it('lists saved files with their metadata, stops at max_files, and hides upload when read-only', async () => {
    localStorage.removeItem('token');
    global.fetch = jest.fn(() =>
      Promise.resolve({
        json: () =>
          Promise.resolve({
            data: {
              getFilesMetadata: [
                {
                  fileId: 'f-9',
                  originalFileName: 'old.pdf',
                  mimeType: 'application/pdf',
                  sizeInBytes: 2048,
                },
              ],
            },
          }),
      } as Response),
    ) as unknown as typeof fetch;
    const first = renderInput(
      DataType.FILE_UPLOAD,
      { file_type: ['.pdf'], max_files: 1 },
      { value: [{ id: 'f-9' }] },
    );
    expect(await screen.findByText('old.pdf')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Upload file/ }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    renderInput(DataType.FILE_UPLOAD, { file_type: ['.pdf'] }, { value: [{ id: 'f-9' }], readonly: true });
    expect(await screen.findByText('old.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upload file/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it("shows the registry's message for a required question left empty", async () => {
    const input = renderInput(DataType.FILE_UPLOAD, { file_type: ['.pdf'], required: true });
    await input.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('This is a required field');
  });
});
