import { fapResultsColumns, fapSheetColumns, plain, safeSheetName, type FapSheetRow } from './fap-sheet-rows';

const row: FapSheetRow = {
  proposalId: 'P-1',
  title: 'Spin',
  principalInvestigator: 'Pia Panel',
  instrument: 'Larmor',
  availabilityTime: 10,
  technicalReviewTime: null,
  fapTime: 4,
  averageGrade: 2.3333333,
  rank: 1,
  inAvailabilityZone: true,
  decision: 'ACCEPTED',
  commentForUser: '<p>Well&nbsp;done</p><p>Again</p>',
  commentForManagement: null,
};

describe('FAP sheet rows', () => {
  it('lays out the FAP sheet: rounded average, yes/no zone, empty cells for missing values', () => {
    expect(fapSheetColumns.map((c) => c.value(row))).toEqual([
      'P-1',
      'Spin',
      'Pia Panel',
      'Larmor',
      10,
      null,
      4,
      2.33,
      1,
      'yes',
    ]);
    expect(
      fapSheetColumns
        .find((c) => c.header === 'Is in availability zone')!
        .value({ ...row, inAvailabilityZone: null }),
    ).toBeNull();
  });

  it('adds decision, comment for user and internal comment, each in its own column, as text', () => {
    expect(fapResultsColumns.slice(-3).map((c) => [c.header, c.value(row)])).toEqual([
      ['Fap meeting decision', 'ACCEPTED'],
      ['Comment for user', 'Well done\nAgain'],
      ['Comment for management', null],
    ]);
    expect(plain('a &lt;b&gt; &amp; c<br/>d')).toBe('a <b> & c\nd');
  });

  it('names sheets as Excel allows: ≤ 31 characters, no []:*?/\\, unique', () => {
    const used = new Set<string>();
    expect(safeSheetName('D22 small-angle diffractometer for soft matter', used)).toBe(
      'D22 small-angle diffractometer',
    );
    expect(safeSheetName('A/B: [test]?', used)).toBe('A B   test');
    expect(safeSheetName('a/b: [test]?', used)).toBe('a b   test (2)');
    expect(safeSheetName('', used)).toBe('Sheet');
  });
});
