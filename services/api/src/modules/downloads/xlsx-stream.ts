import type { Writable } from 'node:stream';
import { stream as excelStream } from 'exceljs';
import type { SheetCell, SheetColumn } from './domain/xlsx-sheets';

/**
 * Writes one worksheet to `out` as it goes (exceljs's streaming WorkbookWriter, no shared strings): each batch
 * of items is loaded, turned into rows and committed before the next is read, so memory stays flat whatever the
 * number of proposals. The header row is bold and frozen.
 */
export async function streamSheet<T>(
  out: Writable,
  sheetName: string,
  columns: readonly SheetColumn[],
  rowsOf: (item: T) => SheetCell[][],
  batches: AsyncIterable<readonly T[]>,
): Promise<void> {
  const workbook = new excelStream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const item of batch) for (const cells of rowsOf(item)) sheet.addRow(cells).commit();
  }
  sheet.commit();
  await workbook.commit();
}
