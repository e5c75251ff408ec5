import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { DownloadsPanel, DownloadsProvider, useDownloads } from './DownloadsPanel';

function Trigger({ path }: { path: string }) {
  const { download } = useDownloads();
  return <button onClick={() => void download(path, 'proposal.pdf')}>go</button>;
}

function renderPanel(path = '/download/pdf/proposal/1', onUnauthorized = jest.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <DownloadsProvider onUnauthorized={onUnauthorized}>
        <Trigger path={path} />
        <DownloadsPanel />
      </DownloadsProvider>
    </I18nextProvider>,
  );
  return onUnauthorized;
}

describe("the 'Preparing download' panel (§2, §8 Downloads)", () => {
  beforeEach(() => localStorage.setItem('token', 'tok'));

  it('lists a pending download with Cancel, which aborts it silently', async () => {
    let signal: AbortSignal | undefined;
    global.fetch = jest.fn((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) =>
        signal?.addEventListener('abort', () =>
          reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
        ),
      );
    }) as unknown as typeof fetch;
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    const panel = screen.getByRole('status', { name: 'Preparing download' });
    expect(panel.textContent).toContain('proposal.pdf');
    expect((global.fetch as jest.Mock).mock.calls[0][1].headers).toEqual({ authorization: 'Bearer tok' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Preparing download' })).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"No attachments found" for NO_ATTACHMENTS', async () => {
    global.fetch = jest.fn(() =>
      Promise.resolve({
        ok: false,
        status: 404,
        text: () => Promise.resolve('{"code":"NO_ATTACHMENTS","message":"No attachments found"}'),
      } as Response),
    ) as unknown as typeof fetch;
    renderPanel('/download/zip/attachment/1');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No attachments found');
  });

  it('"Failed to download file" for any other failure', async () => {
    global.fetch = jest.fn(() =>
      Promise.resolve({ ok: false, status: 500, text: () => Promise.resolve('boom') } as Response),
    ) as unknown as typeof fetch;
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to download file');
  });

  it('401: the external-homepage expiry message, then logout after 10 seconds', async () => {
    jest.useFakeTimers();
    global.fetch = jest.fn(() =>
      Promise.resolve({ ok: false, status: 401 } as Response),
    ) as unknown as typeof fetch;
    const onUnauthorized = renderPanel();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'go' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your session has expired, you will need to log in again through the external homepage',
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    jest.advanceTimersByTime(10_000);
    expect(onUnauthorized).toHaveBeenCalled();
    jest.useRealTimers();
  });

  it('saves the file under the name of x-download-filename', async () => {
    const blob = new Blob(['%PDF-']);
    global.fetch = jest.fn(() =>
      Promise.resolve({
        ok: true,
        status: 200,
        headers: new Map([['x-download-filename', 'DEMO-0001_Magnetic.pdf']]),
        blob: () => Promise.resolve(blob),
      } as unknown as Response),
    ) as unknown as typeof fetch;
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(clicked).toEqual(['DEMO-0001_Magnetic.pdf']));
  });
});
