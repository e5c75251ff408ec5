import { constants, inflateSync } from 'node:zlib';

/** The most an object stream may inflate to before it is skipped (a PDF is not a zip bomb's carrier). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** How far from `/Type /Pages` the enclosing dictionary is looked for. */
const DICTIONARY_REACH = 4096;

const PAGE = /\/Type\s*\/Page(?![A-Za-z0-9])/g;
const PAGES = /\/Type\s*\/Pages(?![A-Za-z0-9])/g;

/**
 * The number of pages of a PDF, estimated without a PDF library (null when the bytes are not a PDF):
 * the largest `/Count` of a page-tree node (`/Type /Pages`, the root holds the total), or, when there is
 * none, the number of page objects (`/Type /Page`). Object streams compressed with FlateDecode (PDF 1.5+)
 * are inflated and searched too. An estimate: a file edited by incremental updates still holds the page
 * tree of its earlier revisions (the count may be too high), and objects behind other filters or
 * encryption are not seen (it may be too low; 0 when nothing is found).
 */
export function pdfPageCount(bytes: Uint8Array): number | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const header = buffer.indexOf('%PDF-', 0, 'latin1');
  if (header < 0 || header > 1024) return null;
  const texts = [buffer.toString('latin1'), ...objectStreams(buffer)];
  let treeCount = 0;
  let pageObjects = 0;
  for (const text of texts) {
    pageObjects += text.match(PAGE)?.length ?? 0;
    for (const match of text.matchAll(PAGES)) {
      const dictionary = enclosingDictionary(text, match.index);
      const count = dictionary === null ? null : /\/Count\s+(\d+)/.exec(dictionary);
      if (count) treeCount = Math.max(treeCount, Number(count[1]));
    }
  }
  return treeCount > 0 ? treeCount : pageObjects;
}

/** The inflated contents of the object streams (`/Type /ObjStm`) that are FlateDecode-compressed. */
function objectStreams(buffer: Buffer): string[] {
  const text = buffer.toString('latin1');
  const found: string[] = [];
  for (const match of text.matchAll(/\/Type\s*\/ObjStm(?![A-Za-z0-9])/g)) {
    const keyword = text.indexOf('stream', match.index);
    if (keyword < 0) continue;
    let start = keyword + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    try {
      const inflated = inflateSync(buffer.subarray(start, end), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: MAX_INFLATED_BYTES,
      });
      found.push(inflated.toString('latin1'));
    } catch {
      // another filter, encrypted or damaged: not counted
    }
  }
  return found;
}

/** The `<< … >>` dictionary around position `at`, nested dictionaries included; null when not found nearby. */
function enclosingDictionary(text: string, at: number): string | null {
  let start = -1;
  for (let i = at - 1, depth = 0; i > 0 && at - i < DICTIONARY_REACH; i--) {
    const pair = text.slice(i - 1, i + 1);
    if (pair === '>>') {
      depth++;
      i--;
    } else if (pair === '<<') {
      if (depth === 0) {
        start = i - 1;
        break;
      }
      depth--;
      i--;
    }
  }
  if (start < 0) return null;
  for (let i = at, depth = 0; i < text.length - 1 && i - at < DICTIONARY_REACH; i++) {
    const pair = text.slice(i, i + 2);
    if (pair === '<<') {
      depth++;
      i++;
    } else if (pair === '>>') {
      if (depth === 0) return text.slice(start, i + 2);
      depth--;
      i++;
    }
  }
  return null;
}
