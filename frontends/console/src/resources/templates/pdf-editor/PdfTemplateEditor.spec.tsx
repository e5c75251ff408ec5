import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pdfTemplateMessages } from '@user-office/contracts';
import { request } from '@user-office/frontend-shared/graphql-client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ConsolePdfTemplateDocument, ConsoleUpdatePdfTemplateDocument } from '../../../gql/graphql';
import '../translations';
import { PREVIEW_PATH } from './pdf-editor-commands';
import { PdfTemplateEditor } from './PdfTemplateEditor';

// the GraphQL client is the boundary (ApiError stays the real one)
jest.mock('@user-office/frontend-shared/graphql-client', () => ({
  ...jest.requireActual<object>('@user-office/frontend-shared/graphql-client'),
  request: jest.fn(),
}));
const requestMock = request as unknown as jest.Mock;
const notify = jest.fn();
jest.mock('react-admin', () => ({
  Title: ({ title }: { title: string }) => <h1>{title}</h1>,
  useNotify: () => notify,
}));
// CodeMirror is an ESM-only, layout-measuring editor: a plain text area with the same props stands in for it here
// (the browser test drives the real one)
jest.mock('./CodeEditor', () => ({
  CodeEditor: (props: {
    label: string;
    value: string;
    onChange(value: string): void;
    describedBy?: string;
  }) => (
    <textarea
      aria-label={props.label}
      aria-describedby={props.describedBy}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  ),
}));

const PDF = {
  pdfTemplateId: 7,
  templateData: '<h1>{{proposal.title}}</h1>',
  templateHeader: '<div>{{proposal.proposalId}}</div>',
  templateFooter: '<span class="pageNumber"></span>',
  templateSampleDeclaration: '<h3>{{sample.title}}</h3>',
  dummyData: '{"proposal": {"title": "A"}}',
};
const TEXTS = {
  templateData: PDF.templateData,
  templateHeader: PDF.templateHeader,
  templateFooter: PDF.templateFooter,
  templateSampleDeclaration: PDF.templateSampleDeclaration,
  dummyData: PDF.dummyData,
};

const fetchMock = jest.fn();

beforeEach(() => {
  requestMock.mockReset();
  notify.mockReset();
  fetchMock.mockReset();
  localStorage.setItem('token', 'tok');
  global.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = jest.fn();
  requestMock.mockImplementation((document: unknown, variables: Record<string, unknown>) => {
    if (document === ConsolePdfTemplateDocument)
      return Promise.resolve({
        getTemplate: { templateId: 7, groupId: 'PDF', name: 'Demo PDF', isArchived: false },
        getPdfTemplate: PDF,
      });
    if (document === ConsoleUpdatePdfTemplateDocument)
      return Promise.resolve({ updatePdfTemplate: { ...PDF, ...variables } });
    return Promise.reject(new Error('unexpected call'));
  });
});

const renderEditor = async () => {
  render(
    <MemoryRouter initialEntries={['/PdfTemplateEditor/7']}>
      <Routes>
        <Route path="/PdfTemplateEditor/:templateId" element={<PdfTemplateEditor />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.findByRole('textbox', { name: 'Template (Handlebars)' });
};
const updates = () =>
  requestMock.mock.calls.filter(([document]) => document === ConsoleUpdatePdfTemplateDocument);

it('loads the template and shows each part in its tab', async () => {
  const body = await renderEditor();
  expect(requestMock).toHaveBeenCalledWith(ConsolePdfTemplateDocument, { templateId: 7 });
  expect(screen.getByRole('heading', { name: 'PDF template editor: Demo PDF' })).toBeTruthy();
  expect((body as HTMLTextAreaElement).value).toBe(PDF.templateData);
  await userEvent.click(screen.getByRole('tab', { name: 'Footer' }));
  expect((screen.getByRole('textbox', { name: 'Footer (Handlebars)' }) as HTMLTextAreaElement).value).toBe(
    PDF.templateFooter,
  );
  await userEvent.click(screen.getByRole('tab', { name: 'Dummy data' }));
  expect((screen.getByRole('textbox', { name: 'Dummy data (JSON)' }) as HTMLTextAreaElement).value).toBe(
    PDF.dummyData,
  );
  // nothing changed: nothing to save
  expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
});

it('saves the edited parts with updatePdfTemplate and says "Saved"', async () => {
  await renderEditor();
  await userEvent.click(screen.getByRole('tab', { name: 'Header' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Header (Handlebars)' }), {
    target: { value: '<div>Facility {{proposal.proposalId}}</div>' },
  });
  expect(screen.getByText('Unsaved changes')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(notify).toHaveBeenCalledWith('Saved', { type: 'success' }));
  expect(updates()).toEqual([
    [
      ConsoleUpdatePdfTemplateDocument,
      { pdfTemplateId: 7, ...TEXTS, templateHeader: '<div>Facility {{proposal.proposalId}}</div>' },
    ],
  ]);
  expect(screen.queryByText('Unsaved changes')).toBeNull();
});

it("shows the server's message when saving fails", async () => {
  await renderEditor();
  fireEvent.change(screen.getByRole('textbox', { name: 'Template (Handlebars)' }), {
    target: { value: 'x' },
  });
  requestMock.mockImplementationOnce(() => Promise.reject(new Error('Not a PDF template')));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(notify).toHaveBeenCalledWith('Not a PDF template', { type: 'error' }));
});

it('flags dummy data that is not a JSON object and sends nothing (neither save nor preview)', async () => {
  await renderEditor();
  await userEvent.click(screen.getByRole('tab', { name: 'Dummy data' }));
  const json = screen.getByRole('textbox', { name: 'Dummy data (JSON)' });
  fireEvent.change(json, { target: { value: '{"proposal": ' } });
  expect(screen.getByText(pdfTemplateMessages.dummyDataNotJson)).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Dummy data ⚠' })).toBeTruthy();
  expect(json.getAttribute('aria-describedby')).toBe('pdf-part-error-dummyData');

  await userEvent.click(screen.getByRole('tab', { name: 'Template' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  // back on the dummy data, with the message
  expect(screen.getByRole('textbox', { name: 'Dummy data (JSON)' })).toBeTruthy();
  expect(notify).toHaveBeenCalledWith(pdfTemplateMessages.dummyDataNotJson, { type: 'error' });
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  expect(updates()).toEqual([]);
  expect(fetchMock).not.toHaveBeenCalled();

  fireEvent.change(screen.getByRole('textbox', { name: 'Dummy data (JSON)' }), { target: { value: '[1]' } });
  expect(screen.getByText(pdfTemplateMessages.dummyDataNotObject)).toBeTruthy();
  fireEvent.change(screen.getByRole('textbox', { name: 'Dummy data (JSON)' }), { target: { value: '{}' } });
  expect(screen.queryByText(pdfTemplateMessages.dummyDataNotObject)).toBeNull();
});

it('previews the unsaved texts: POSTs them with the token and shows the PDF in the page', async () => {
  await renderEditor();
  fireEvent.change(screen.getByRole('textbox', { name: 'Template (Handlebars)' }), {
    target: { value: '<h1>Unsaved</h1>' },
  });
  // jsdom has no Response: what the editor reads of one
  fetchMock.mockResolvedValueOnce({
    ok: true,
    status: 200,
    blob: () => Promise.resolve(new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  const frame = await screen.findByTitle('PDF preview');
  expect(frame.getAttribute('src')).toBe('blob:preview-1#navpanes=0&view=FitH');
  const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(path).toBe(PREVIEW_PATH);
  expect(init.method).toBe('POST');
  expect(init.headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json' });
  expect(JSON.parse(init.body as string)).toEqual({ ...TEXTS, templateData: '<h1>Unsaved</h1>' });
  expect(updates()).toEqual([]);
});

it("shows the server's refusal of a part and opens that part's tab", async () => {
  await renderEditor();
  const message = 'The footer cannot be rendered: Missing helper: "shout"';
  fetchMock.mockResolvedValueOnce({
    ok: false,
    status: 400,
    json: () =>
      Promise.resolve({ code: 'BAD_USER_INPUT', message, fieldErrors: { templateFooter: message } }),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  expect(screen.getByRole('textbox', { name: 'Footer (Handlebars)' })).toBeTruthy();
  expect(screen.getByRole('tab', { name: 'Footer ⚠' })).toBeTruthy();
});
