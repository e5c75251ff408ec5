import { HttpStatus } from '@nestjs/common';
import type { Response } from 'express';

/** RFC 5987 `ext-value` characters: what encodeURIComponent leaves, less `'()*`. */
const rfc5987 = (value: string): string =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment` or `inline`, then `; filename="…"; filename*=UTF-8''…` (RFC 6266), with a printable-ASCII fallback name. */
const contentDisposition = (fileName: string, disposition: 'attachment' | 'inline'): string =>
  `${disposition}; filename="${fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_')}"; filename*=UTF-8''${rfc5987(fileName)}`;

/** The headers of every download: the name URL-encoded in `x-download-filename`, which the frontends read. */
export function setDownloadHeaders(
  res: Response,
  fileName: string,
  contentType: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): void {
  res.status(HttpStatus.OK);
  res.setHeader('content-type', contentType);
  res.setHeader('content-disposition', contentDisposition(fileName, disposition));
  res.setHeader('x-download-filename', encodeURIComponent(fileName));
  res.setHeader('access-control-expose-headers', 'content-disposition, x-download-filename');
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('cache-control', 'private, no-store');
}
