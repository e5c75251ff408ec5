import { PassThrough } from 'node:stream';
import { Workbook } from 'exceljs';
import { proposalSheet, type ProposalSheetItem } from './domain/xlsx-sheets';
import { streamSheet } from './xlsx-stream';

const item = (proposalId: string): ProposalSheetItem => ({
  proposalId,
  title: 'Spin waves',
  pi: null,
  allocationTimeUnit: 'Day',
  commentForManagement: '',
  finalStatus: 'UNSET',
  instruments: [],
});

it('streams a workbook that exceljs reads back', async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const sheet = proposalSheet(['Day']);
  async function* batches() {
    yield [item('240001')];
    yield [item('240002')];
  }
  await streamSheet(out, 'Proposals', sheet.columns, sheet.rows, batches());
  const workbook = new Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const ws = workbook.getWorksheet('Proposals');
  expect(ws?.getRow(1).getCell(1).value).toBe('Proposal ID');
  expect(ws?.getRow(3).getCell(1).value).toBe('240002');
  expect(ws?.rowCount).toBe(3);
});
