import { htmlToText, proposalSheet, techniqueSheet, type ProposalSheetItem } from './xlsx-sheets';

const pi = { firstname: 'Ada', lastname: 'Lovelace', preferredname: null, email: 'ada@example.org' };
const item = (over: Partial<ProposalSheetItem> = {}): ProposalSheetItem => ({
  proposalId: '240001',
  title: 'Spin waves',
  pi,
  allocationTimeUnit: 'Day',
  commentForManagement: '',
  finalStatus: 'UNSET',
  instruments: [],
  ...over,
});

describe('the proposal sheet', () => {
  it('has one row per proposal and instrument, the time in the call unit in its header', () => {
    const items = [
      item({
        instruments: [
          {
            name: 'SANS-1',
            technicalStatus: 'FEASIBLE',
            publicComment: '<p>Fine &amp; well</p>',
            timeAllocation: 3,
          },
          { name: 'REFL', technicalStatus: null, publicComment: null, timeAllocation: null },
        ],
        commentForManagement: 'go',
        finalStatus: 'ACCEPTED',
      }),
      item({ proposalId: '240002', title: 'No instrument' }),
    ];
    const sheet = proposalSheet(items.map((i) => i.allocationTimeUnit));
    expect(sheet.columns.map((c) => c.header)).toEqual([
      'Proposal ID',
      'Title',
      'Principal Investigator',
      'Instrument',
      'Technical status',
      'Technical comment',
      'Time (days)',
      'Comment for management',
      'Decision',
    ]);
    expect(items.flatMap(sheet.rows)).toEqual([
      ['240001', 'Spin waves', 'Ada Lovelace', 'SANS-1', 'FEASIBLE', 'Fine & well', 3, 'go', 'ACCEPTED'],
      ['240001', 'Spin waves', 'Ada Lovelace', 'REFL', null, null, null, 'go', 'ACCEPTED'],
      ['240002', 'No instrument', 'Ada Lovelace', null, null, null, null, null, 'UNSET'],
    ]);
  });

  it('names the unit in each cell when the calls count time in different units', () => {
    const instruments = [{ name: 'A', technicalStatus: 'FEASIBLE', publicComment: null, timeAllocation: 2 }];
    const items = [item({ instruments }), item({ allocationTimeUnit: 'Hour', instruments })];
    const sheet = proposalSheet(items.map((i) => i.allocationTimeUnit));
    expect(sheet.columns[6].header).toBe('Time');
    expect(items.flatMap(sheet.rows).map((r) => r[6])).toEqual(['2 Day', '2 Hour']);
  });
});

describe('the technique sheet', () => {
  it('shows the submission date in DATE_TIME_FORMAT and TIMEZONE', () => {
    const sheet = techniqueSheet({ dateTimeFormat: 'dd-MM-yyyy HH:mm', timeZone: 'Europe/Stockholm' });
    expect(
      sheet.rows({
        proposalId: '240001',
        title: 'Spin waves',
        pi,
        submittedDate: new Date('2026-01-15T10:30:00Z'),
        techniques: ['SANS', 'Diffraction'],
        instruments: [],
        statusName: 'Under review',
      }),
    ).toEqual([
      [
        '240001',
        'Spin waves',
        'Ada Lovelace',
        'ada@example.org',
        '15-01-2026 11:30',
        'SANS, Diffraction',
        null,
        'Under review',
      ],
    ]);
  });
});

it('turns rich text into plain text', () => {
  expect(htmlToText('<p>a<br>b</p><p></p><ul><li>c &lt;d&gt;</li></ul>')).toBe('a\nb\nc <d>');
});
