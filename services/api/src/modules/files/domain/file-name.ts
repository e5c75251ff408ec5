/** Bidirectional marks and overrides, which can disguise an extension (`invoice\u202Efdp.exe`). */
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const isControl = (c: number): boolean => c < 0x20 || (c >= 0x7f && c <= 0x9f);

/**
 * The name kept for an uploaded file: its last path segment (some browsers send a whole path), in Unicode
 * NFC, without control characters and bidirectional marks (`invoice\u202Efdp.exe` shows as
 * `invoiceexe.pdf`), trimmed.
 */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC').replace(BIDI_MARKS, '');
  return [...base]
    .filter((c) => !isControl(c.charCodeAt(0)))
    .join('')
    .trim();
}
