import { detectMimeType, extensionOf, MIME, zipEntryNames } from './file-type';

const bytes = (...parts: (string | number[] | Buffer)[]): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** A ZIP of stored (uncompressed) entries, with its central directory (CRCs left at 0: nobody checks). */
function zip(entries: { name: string; data: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const n = Buffer.from(name, 'utf8');
    const d = Buffer.from(data, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(d.length, 18);
    local.writeUInt32LE(d.length, 22);
    local.writeUInt16LE(n.length, 26);
    locals.push(local, n, d);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(d.length, 20);
    central.writeUInt32LE(d.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, n);
    offset += 30 + n.length + d.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A compound file (OLE) header, then a directory sector naming `stream` in UTF-16LE. */
const ole = (stream: string) =>
  Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(504),
    Buffer.from('Root Entry', 'utf16le'),
    Buffer.alloc(54),
    Buffer.from(stream, 'utf16le'),
    Buffer.alloc(64),
  ]);

const PDF = bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 0, 1]);
const DOCX = zip([
  { name: '[Content_Types].xml', data: '<Types/>' },
  { name: '_rels/.rels', data: '<Relationships/>' },
  { name: 'word/document.xml', data: '<w:document/>' },
]);

describe('detectMimeType: binary formats by their signature', () => {
  it.each([
    ['a PDF', PDF, 'application/pdf'],
    ['a PDF after some junk (readers look in the first 1024 bytes)', bytes('\r\n  ', PDF), MIME.pdf],
    ['a PNG', PNG, 'image/png'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['a GIF', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['a WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['a TIFF', bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), 'image/tiff'],
    ['a BMP', bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40, 0, 0, 0]), 'image/bmp'],
    ['a HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'), 'image/heic'],
    ['an AVIF', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1'), 'image/avif'],
    ['an MP3 with an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg'],
    ['an MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64, 0, 0]), 'audio/mpeg'],
    ['an AAC (ADTS) frame', bytes([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), 'audio/aac'],
    ['a WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['a FLAC', bytes('fLaC', [0, 0, 0, 0x22]), 'audio/flac'],
    ['an Ogg Vorbis', bytes('OggS', [0, 2], Buffer.alloc(22).toString('latin1'), '\x01vorbis'), 'audio/ogg'],
    ['an Ogg Theora', bytes('OggS', [0, 2], Buffer.alloc(22).toString('latin1'), '\x80theora'), 'video/ogg'],
    ['an M4A', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0], 'M4A isom'), 'audio/mp4'],
    ['an MP4', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41'), 'video/mp4'],
    ['a QuickTime movie', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0], 'qt  '), 'video/quicktime'],
    ['a 3GP', bytes([0, 0, 0, 0x14], 'ftyp3gp4', [0, 0, 2, 0], 'isom'), 'video/3gpp'],
    [
      'a WebM',
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
      'video/webm',
    ],
    ['a Matroska', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'), 'video/x-matroska'],
    ['an AVI', bytes('RIFF', [0, 0, 0, 0], 'AVI LIST'), 'video/x-msvideo'],
    ['an MPEG program stream', bytes([0, 0, 1, 0xba, 0x44]), 'video/mpeg'],
    ['a .docx', DOCX, MIME.docx],
    [
      'a .xlsx',
      zip([
        { name: '[Content_Types].xml', data: '' },
        { name: 'xl/workbook.xml', data: '' },
      ]),
      MIME.xlsx,
    ],
    [
      'an .odt',
      zip([{ name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' }]),
      'application/vnd.oasis.opendocument.text',
    ],
    ['a plain ZIP', zip([{ name: 'data/readme.txt', data: 'hi' }]), MIME.zip],
    ['a .doc', ole('WordDocument'), MIME.doc],
    ['an .xls', ole('Workbook'), MIME.xls],
    ['a .ppt', ole('PowerPoint Document'), MIME.ppt],
    ['a gzip', bytes([0x1f, 0x8b, 0x08, 0]), MIME.gzip],
  ])('%s', (_, content, expected) => {
    expect(detectMimeType(content, 'upload.bin')).toBe(expected);
  });

  it('reads the entries of a ZIP from its central directory, or from its local headers when cut', () => {
    expect(zipEntryNames(DOCX)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(zipEntryNames(DOCX.subarray(0, DOCX.length - 22 - 1))).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/document.xml',
    ]);
  });

  it('types a compound file without a known stream by its extension', () => {
    expect(detectMimeType(ole('Something'), 'old.doc')).toBe(MIME.doc);
    expect(detectMimeType(ole('Something'), 'mail.msg')).toBe(MIME.ole);
  });

  it('believes the bytes, not the name or the claimed type', () => {
    expect(detectMimeType(PNG, 'report.pdf', 'application/pdf')).toBe('image/png');
    expect(detectMimeType(PDF, 'photo.png', 'image/png')).toBe(MIME.pdf);
    expect(detectMimeType(bytes('not really a pdf'), 'report.pdf', 'application/pdf')).toBe(MIME.text);
    const random = bytes([0x00, 0x13, 0x88, 0xfe, 0x00, 0x01, 0x02, 0x03, 0xc0, 0xc1]);
    expect(detectMimeType(random, 'photo.jpg', 'image/jpeg')).toBe(MIME.octetStream);
    expect(detectMimeType(bytes([]), 'empty.txt', 'text/plain')).toBe(MIME.text);
  });
});

describe('detectMimeType: text', () => {
  it('recognises UTF-8 text and types it by content, extension, then a text/* claim', () => {
    expect(detectMimeType(bytes('hello world\n'), 'notes.txt', 'text/plain')).toBe(MIME.text);
    expect(detectMimeType(Buffer.from('Grüße, 你好\n', 'utf8'), 'notes', '')).toBe(MIME.text);
    expect(detectMimeType(bytes('a,b\n1,2\n'), 'table.csv', 'application/vnd.ms-excel')).toBe('text/csv');
    expect(detectMimeType(bytes('{"a":1}'), 'data.json')).toBe('application/json');
    expect(detectMimeType(bytes('# Title\n'), 'README', 'text/markdown; charset=utf-8')).toBe(
      'text/markdown',
    );
    expect(detectMimeType(bytes('<?xml version="1.0"?><a/>'), 'data')).toBe(MIME.xml);
    expect(detectMimeType(bytes('<!DOCTYPE html><html></html>'), 'page.txt')).toBe(MIME.html);
  });

  it('recognises SVG images', () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>';
    expect(detectMimeType(bytes(svg), 'logo.svg')).toBe(MIME.svg);
    expect(detectMimeType(bytes('<svg viewBox="0 0 1 1"/>'), 'logo.txt')).toBe(MIME.svg);
  });

  it('recognises UTF-16 text with a byte-order mark (not an MPEG frame)', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hello\r\n', 'utf16le')]);
    expect(detectMimeType(utf16, 'notes.txt')).toBe(MIME.text);
  });

  it('takes invalid UTF-8 and control characters for binary', () => {
    expect(detectMimeType(bytes([0x68, 0x69, 0xc3, 0x28]), 'x.txt')).toBe(MIME.octetStream);
    expect(detectMimeType(bytes('abc', [0], 'def'), 'x.txt')).toBe(MIME.octetStream);
    expect(detectMimeType(bytes([1, 2, 3, 4, 5, 6, 7, 8, 0x41]), 'x.txt')).toBe(MIME.octetStream);
  });

  it('finds extensions', () => {
    expect(extensionOf('Report.PDF')).toBe('pdf');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
  });
});
