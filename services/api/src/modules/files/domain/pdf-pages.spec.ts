import { deflateSync } from 'node:zlib';
import { pdfPageCount } from './pdf-pages';

/** A PDF with `pages` pages in one page tree (no cross-reference table: only the objects matter here). */
function simplePdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj',
    `2 0 obj\n<< /Type /Pages /Kids [${kids}] /Count ${pages} >>\nendobj`,
    ...Array.from(
      { length: pages },
      (_, i) =>
        `${i + 3} 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << >> >> >>\nendobj`,
    ),
  ];
  return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

describe('pdfPageCount (an estimate without a PDF library)', () => {
  it('reads the /Count of the page tree', () => {
    expect(pdfPageCount(simplePdf(1))).toBe(1);
    expect(pdfPageCount(simplePdf(7))).toBe(7);
  });

  it('takes the root of a tree with intermediate nodes', () => {
    const pdf = Buffer.from(
      [
        '%PDF-1.5',
        '2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 5 >> endobj',
        '3 0 obj << /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 >> endobj',
        '4 0 obj << /Count 3 /Parent 2 0 R /Type /Pages /Kids [7 0 R 8 0 R 9 0 R] >> endobj',
      ].join('\n'),
      'latin1',
    );
    expect(pdfPageCount(pdf)).toBe(5);
  });

  it('counts page objects when there is no page tree count', () => {
    const pdf = Buffer.from(
      '%PDF-1.3\n3 0 obj << /Type /Page >> endobj\n4 0 obj <</Type/Page/Parent 2 0 R>> endobj\n5 0 obj << /Type /Pages >> endobj\n',
      'latin1',
    );
    expect(pdfPageCount(pdf)).toBe(2);
  });

  it('looks into FlateDecode object streams (PDF 1.5+)', () => {
    const inside = '2 0 3 60 << /Type /Pages /Kids [3 0 R 4 0 R 5 0 R 6 0 R] /Count 4 >> << /Type /Page >>';
    const stream = deflateSync(Buffer.from(inside, 'latin1'));
    const pdf = Buffer.concat([
      Buffer.from(
        `%PDF-1.5\n10 0 obj\n<< /Type /ObjStm /N 2 /First 8 /Filter /FlateDecode /Length ${stream.length} >>\nstream\r\n`,
        'latin1',
      ),
      stream,
      Buffer.from('\r\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
    expect(pdfPageCount(pdf)).toBe(4);
  });

  it('answers 0 for a PDF without pages it can see, null for what is not a PDF', () => {
    expect(pdfPageCount(Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1'))).toBe(0);
    expect(pdfPageCount(Buffer.from('hello', 'latin1'))).toBeNull();
    expect(pdfPageCount(Buffer.alloc(0))).toBeNull();
  });
});
