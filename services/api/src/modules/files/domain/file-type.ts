/**
 * The real type of an upload, from its bytes (magic numbers), not from what the browser claims: PDF, images,
 * Word (.doc in an OLE container, .docx and the other OOXML/ODF formats in a ZIP), common audio and video
 * containers, and text. Pure: no I/O.
 */

export const MIME = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ole: 'application/x-ole-storage',
  zip: 'application/zip',
  gzip: 'application/gzip',
  sevenZip: 'application/x-7z-compressed',
  rar: 'application/vnd.rar',
  rtf: 'application/rtf',
  xml: 'application/xml',
  octetStream: 'application/octet-stream',
  text: 'text/plain',
  html: 'text/html',
  svg: 'image/svg+xml',
} as const;

const TEXT_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: MIME.text,
  log: MIME.text,
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  xml: MIME.xml,
  yaml: 'application/yaml',
  yml: 'application/yaml',
  html: MIME.html,
  htm: MIME.html,
  css: 'text/css',
  tex: 'application/x-tex',
  bib: 'application/x-bibtex',
};

const OLE_BY_EXTENSION: Readonly<Record<string, string>> = { doc: MIME.doc, xls: MIME.xls, ppt: MIME.ppt };

/** How much of the start of a file the text check and the container checks look at. */
const SAMPLE_BYTES = 8192;

const ascii = (bytes: Uint8Array, start: number, length: number): string =>
  start + length > bytes.length ? '' : String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const u16 = (bytes: Uint8Array, at: number): number => bytes[at] | (bytes[at + 1] << 8);
const u32 = (bytes: Uint8Array, at: number): number =>
  (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;

/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * The mime type of `bytes`. Binary formats are recognised by their signature only (a claim of the browser or
 * an extension never makes a file a PDF or an image); text is recognised as valid UTF-8 without control
 * characters, typed by its content (SVG, HTML, XML), then its extension, then a `text/*` claim; anything else
 * is `application/octet-stream`.
 */
export function detectMimeType(bytes: Uint8Array, fileName = '', claimedMimeType = ''): string {
  return (
    detectBinary(bytes, extensionOf(fileName)) ?? detectText(bytes, extensionOf(fileName), claimedMimeType)
  );
}

function detectBinary(bytes: Uint8Array, extension: string): string | null {
  if (bytes.length === 0) return null;
  // PDF readers accept the header anywhere in the first 1024 bytes
  if (indexOfAscii(bytes, '%PDF-', 1024) >= 0) return MIME.pdf;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'image/tiff';
  if (
    ascii(bytes, 0, 2) === 'BM' &&
    bytes.length >= 18 &&
    [12, 40, 52, 56, 64, 108, 124].includes(u32(bytes, 14))
  )
    return 'image/bmp';
  if (
    startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) &&
    bytes.length >= 22 &&
    u16(bytes, 4) > 0 &&
    bytes[9] === 0
  )
    return 'image/x-icon';
  if (startsWith(bytes, [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a]))
    return 'image/jp2';
  if (startsWith(bytes, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a]))
    return 'image/jxl';

  if (ascii(bytes, 0, 4) === 'RIFF') {
    const form = ascii(bytes, 8, 4);
    if (form === 'WEBP') return 'image/webp';
    if (form === 'WAVE') return 'audio/wav';
    if (form === 'AVI ') return 'video/x-msvideo';
  }
  if (ascii(bytes, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(bytes, 8, 4))) return 'audio/aiff';
  if (ascii(bytes, 4, 4) === 'ftyp') return isoMediaType(ascii(bytes, 8, 4));
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]))
    return indexOfAscii(bytes, 'webm', 64) >= 0 ? 'video/webm' : 'video/x-matroska';
  if (ascii(bytes, 0, 4) === 'OggS')
    return indexOfAscii(bytes, 'theora', 128) >= 0 ? 'video/ogg' : 'audio/ogg';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(bytes, 0, 4) === 'MThd') return 'audio/midi';
  if (ascii(bytes, 0, 5) === '#!AMR') return 'audio/amr';
  if (ascii(bytes, 0, 3) === 'FLV' && bytes[3] === 0x01) return 'video/x-flv';
  if (startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'video/x-ms-asf';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3]))
    return 'video/mpeg';
  if (bytes.length >= 377 && bytes[0] === 0x47 && bytes[188] === 0x47 && bytes[376] === 0x47)
    return 'video/mp2t';
  if (ascii(bytes, 0, 3) === 'ID3') return 'audio/mpeg';
  // UTF-16 text starts with a byte-order mark that reads like an MPEG frame header: text first
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return null;
  if (bytes.length >= 4 && bytes[0] === 0xff && (bytes[1] & 0xf6) === 0xf0) return 'audio/aac';
  if (isMpegAudioFrame(bytes)) return 'audio/mpeg';

  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return zipType(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return oleType(bytes, extension);
  if (startsWith(bytes, [0x1f, 0x8b])) return MIME.gzip;
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return MIME.sevenZip;
  if (ascii(bytes, 0, 6) === 'Rar!\x1a\x07') return MIME.rar;
  if (ascii(bytes, 0, 5) === '{\\rtf') return MIME.rtf;
  return null;
}

/** ISO base media files (MP4, QuickTime, 3GP, HEIF, AVIF) by their major brand. */
function isoMediaType(brand: string): string {
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'].includes(brand)) return 'image/heic';
  if (brand === 'mif1' || brand === 'msf1') return 'image/heif';
  if (['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B '].includes(brand)) return 'audio/mp4';
  if (brand.startsWith('M4V')) return 'video/x-m4v';
  if (brand === 'qt  ') return 'video/quicktime';
  if (brand.startsWith('3g2')) return 'video/3gpp2';
  if (brand.startsWith('3g')) return 'video/3gpp';
  return 'video/mp4';
}

/** An MPEG-1/2 audio frame header (layer I–III) with a valid bitrate and sampling rate. */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1] & 0xe0) !== 0xe0) return false;
  const version = (bytes[1] >> 3) & 0x03;
  const layer = (bytes[1] >> 1) & 0x03;
  const bitrate = (bytes[2] >> 4) & 0x0f;
  const sampling = (bytes[2] >> 2) & 0x03;
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && bitrate !== 0 && sampling !== 3;
}

/** OOXML (docx, xlsx, pptx), ODF/EPUB (their `mimetype` entry) or a plain ZIP, by the archive's entry names. */
function zipType(bytes: Uint8Array): string {
  const odf = odfMimeType(bytes);
  if (odf) return odf;
  const names = zipEntryNames(bytes);
  if (names.some((n) => n.startsWith('word/'))) return MIME.docx;
  if (names.some((n) => n.startsWith('xl/'))) return MIME.xlsx;
  if (names.some((n) => n.startsWith('ppt/'))) return MIME.pptx;
  return MIME.zip;
}

/** ODF and EPUB store their mime type, uncompressed, as the first entry `mimetype`. */
function odfMimeType(bytes: Uint8Array): string | null {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || bytes.length < 30) return null;
  const method = u16(bytes, 8);
  const size = u32(bytes, 18);
  const nameLength = u16(bytes, 26);
  const extraLength = u16(bytes, 28);
  if (method !== 0 || ascii(bytes, 30, nameLength) !== 'mimetype' || size === 0 || size > 100) return null;
  const value = ascii(bytes, 30 + nameLength + extraLength, size);
  return /^application\/[\w.+-]+$/.test(value) ? value : null;
}

/**
 * The entry names of a ZIP: from the central directory (found through the end record in the last 64 KiB),
 * or, when it cannot be read, from the local headers at the start.
 */
export function zipEntryNames(bytes: Uint8Array, max = 5000): string[] {
  const names: string[] = [];
  const end = findEndOfCentralDirectory(bytes);
  if (end >= 0) {
    const count = u16(bytes, end + 10);
    let at = u32(bytes, end + 16);
    for (let i = 0; i < count && names.length < max; i++) {
      if (!startsWith(bytes, [0x50, 0x4b, 0x01, 0x02], at)) break;
      const nameLength = u16(bytes, at + 28);
      names.push(utf8(bytes.subarray(at + 46, at + 46 + nameLength)));
      at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    }
    if (names.length > 0) return names;
  }
  let at = 0;
  while (names.length < max && startsWith(bytes, [0x50, 0x4b, 0x03, 0x04], at)) {
    const compressed = u32(bytes, at + 18);
    const nameLength = u16(bytes, at + 26);
    const extraLength = u16(bytes, at + 28);
    names.push(utf8(bytes.subarray(at + 30, at + 30 + nameLength)));
    const hasDescriptor = (u16(bytes, at + 6) & 0x08) !== 0;
    if (hasDescriptor && compressed === 0) break; // the size follows the data: cannot skip it
    at += 30 + nameLength + extraLength + compressed;
  }
  return names;
}

function findEndOfCentralDirectory(bytes: Uint8Array): number {
  const last = bytes.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (bytes[at] === 0x50 && startsWith(bytes, [0x50, 0x4b, 0x05, 0x06], at)) return at;
  }
  return -1;
}

/** Word, Excel or PowerPoint 97–2003 by the stream names in the compound file; else by the extension. */
function oleType(bytes: Uint8Array, extension: string): string {
  const has = (name: string) => indexOfUtf16(bytes, name) >= 0;
  if (has('WordDocument')) return MIME.doc;
  if (has('Workbook') || has('Book')) return MIME.xls;
  if (has('PowerPoint Document')) return MIME.ppt;
  return OLE_BY_EXTENSION[extension] ?? MIME.ole;
}

function detectText(bytes: Uint8Array, extension: string, claimedMimeType: string): string {
  const text = sampleText(bytes);
  if (text === null) return MIME.octetStream;
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (/<svg[\s>]/.test(head) && /^(<\?xml|<svg|<!doctype svg|<!--)/.test(head)) return MIME.svg;
  if (/^(<!doctype html|<html[\s>])/.test(head)) return MIME.html;
  const byExtension = TEXT_BY_EXTENSION[extension];
  if (byExtension) return byExtension;
  if (head.startsWith('<?xml')) return MIME.xml;
  const claimed = claimedMimeType.split(';')[0].trim().toLowerCase();
  return /^text\/[\w.+-]+$/.test(claimed) ? claimed : MIME.text;
}

/**
 * The start of the file as text: UTF-8 (or UTF-16 with a byte-order mark) that decodes, with no NUL and
 * almost no other control characters; null for binary content.
 */
function sampleText(bytes: Uint8Array): string | null {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  let text: string;
  try {
    const encoding = startsWith(sample, [0xff, 0xfe])
      ? 'utf-16le'
      : startsWith(sample, [0xfe, 0xff])
        ? 'utf-16be'
        : 'utf-8';
    // stream: a character cut at the end of the sample is not an error
    text = new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: true });
  } catch {
    return null;
  }
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return null;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) || c === 0x7f)
      control++;
  }
  return control <= text.length / 100 ? text : null;
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

/** The index of an ASCII string within the first `limit` bytes (-1 when absent). */
function indexOfAscii(bytes: Uint8Array, value: string, limit = bytes.length): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, limit)).indexOf(
    value,
    0,
    'latin1',
  );
}

/** The index of a UTF-16LE string anywhere in the bytes (OLE directory entries). */
function indexOfUtf16(bytes: Uint8Array, value: string): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(Buffer.from(value, 'utf16le'));
}
