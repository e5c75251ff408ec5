import type { Writable } from 'node:stream';
import type * as ExcelJS from 'exceljs';
import type { SheetCell, SheetColumn } from './domain/xlsx-sheets';

export type WorkbookWriter = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;

/**
 * exceljs's streaming writer of an .xlsx workbook into `out` (styles, no shared strings). exceljs is loaded on the
 * first spreadsheet: required at start it cost every api process and test file 0.2 s.
 */
export function newWorkbookWriter(out: Writable): WorkbookWriter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when first used (see above)
  const excel = require('exceljs') as typeof ExcelJS;
  return new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
}

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
  const workbook = newWorkbookWriter(out);
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
