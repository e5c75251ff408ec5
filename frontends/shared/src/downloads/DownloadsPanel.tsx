import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Snackbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { storedToken } from '../session/session-store';

interface PendingDownload {
  id: number;
  name: string;
  controller: AbortController;
}

interface Notice {
  severity: 'success' | 'info' | 'error';
  text: string;
}

interface DownloadsContextValue {
  pending: PendingDownload[];
  /** GET `path` with the bearer token; the file name comes from x-download-filename (§7). */
  download(path: string, name: string): Promise<void>;
  cancel(id: number): void;
  notice: Notice | null;
  clearNotice(): void;
}

const DownloadsContext = createContext<DownloadsContextValue | null>(null);
let nextId = 1;

/** Saves a blob through a temporary link, released 150 ms after the click (§9). */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
    a.remove();
  }, 150);
}

export function DownloadsProvider({
  children,
  onUnauthorized,
}: {
  children: ReactNode;
  onUnauthorized(message: string): void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingDownload[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const unauthorized = useRef(onUnauthorized);
  unauthorized.current = onUnauthorized;

  const download = useCallback(
    async (path: string, name: string) => {
      const entry: PendingDownload = { id: nextId++, name, controller: new AbortController() };
      setPending((p) => [...p, entry]);
      try {
        const token = storedToken();
        const response = await fetch(path, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
          signal: entry.controller.signal,
        });
        if (response.status === 401) {
          const message = t('session.expiredExternal');
          setNotice({ severity: 'error', text: message });
          setTimeout(() => unauthorized.current(message), 10_000);
          return;
        }
        if (!response.ok) {
          const text = await response.text().catch(() => '');
          if (text.includes('NO_ATTACHMENTS'))
            setNotice({ severity: 'info', text: t('downloads.noAttachments') });
          else if (!text.includes('EXTERNAL_TOKEN_INVALID'))
            setNotice({ severity: 'error', text: t('downloads.failed') });
          return;
        }
        const filename = decodeURIComponent(response.headers.get('x-download-filename') ?? name);
        saveBlob(await response.blob(), filename);
      } catch (error) {
        if ((error as Error).name !== 'AbortError')
          setNotice({ severity: 'error', text: t('downloads.failed') });
      } finally {
        setPending((p) => p.filter((d) => d.id !== entry.id));
      }
    },
    [t],
  );

  const cancel = useCallback((id: number) => {
    setPending((p) => {
      p.find((d) => d.id === id)?.controller.abort();
      return p.filter((d) => d.id !== id);
    });
  }, []);

  const value = useMemo(
    () => ({ pending, download, cancel, notice, clearNotice: () => setNotice(null) }),
    [pending, download, cancel, notice],
  );
  return <DownloadsContext.Provider value={value}>{children}</DownloadsContext.Provider>;
}

export function useDownloads(): DownloadsContextValue {
  const value = useContext(DownloadsContext);
  if (!value) throw new Error('useDownloads outside DownloadsProvider');
  return value;
}

/** The 'Preparing download' panel at the bottom right (§2), each pending download with Cancel. */
export function DownloadsPanel() {
  const { t } = useTranslation();
  const { pending, cancel, notice, clearNotice } = useDownloads();
  return (
    <>
      {pending.length > 0 ? (
        <Paper
          elevation={6}
          role="status"
          aria-label={t('downloads.preparing')}
          sx={{ position: 'fixed', right: 16, bottom: 16, width: 320, p: 2, zIndex: 1400 }}
        >
          <Typography variant="subtitle1" component="h2">
            {t('downloads.preparing')}
          </Typography>
          {pending.map((d) => (
            <Box key={d.id} sx={{ mt: 1 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="body2" noWrap title={d.name}>
                  {d.name}
                </Typography>
                <Button size="small" onClick={() => cancel(d.id)}>
                  {t('downloads.cancel')}
                </Button>
              </Box>
              <LinearProgress />
            </Box>
          ))}
        </Paper>
      ) : null}
      <Snackbar open={notice !== null} autoHideDuration={10_000} onClose={clearNotice}>
        {notice ? (
          <Alert severity={notice.severity} onClose={clearNotice}>
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
