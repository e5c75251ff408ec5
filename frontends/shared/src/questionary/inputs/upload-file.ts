import { storedToken } from '../../session/session-store';

/** What `POST /files/upload` answers (§3 File metadata). */
export interface UploadedFileMetadata {
  fileId: string;
  originalFileName: string;
  mimeType: string;
  sizeInBytes: number;
  createdDate?: string;
}

/** A failed upload: cancelled by the user, or refused / failed (with the server's message when it gave one). */
export class UploadError extends Error {
  constructor(
    readonly kind: 'aborted' | 'failed',
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? kind);
  }
}

export interface RunningUpload {
  done: Promise<UploadedFileMetadata>;
  abort(): void;
}

function isMetadata(body: unknown): body is UploadedFileMetadata {
  const candidate = body as Partial<UploadedFileMetadata> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.fileId === 'string';
}

function messageOf(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * `POST /files/upload` (§7): multipart with the file in the field `file`, the bearer token of the session;
 * XMLHttpRequest for the progress and for abort ("Upload cancelled").
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): RunningUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedFileMetadata>((resolve, reject) => {
    xhr.open('POST', '/files/upload');
    const token = storedToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && isMetadata(body)) resolve(body);
      else reject(new UploadError('failed', xhr.status >= 400 && xhr.status < 500 ? messageOf(body) : null));
    };
    xhr.onerror = () => reject(new UploadError('failed', null));
    xhr.onabort = () => reject(new UploadError('aborted', null));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
