import { fapAssignmentOf } from './fap-assignment';

const A = { id: 1, name: 'Alpha' };
const B = { id: 2, name: 'Beta' };

describe('Assign to FAP over the selection (§5)', () => {
  it('offers each instrument once and keeps the FAP the selection agrees on', () => {
    const result = fapAssignmentOf([
      { instruments: [A, B], fapInstruments: [{ instrumentId: 1, fapId: 9 }] },
      {
        instruments: [B, A],
        fapInstruments: [
          { instrumentId: 1, fapId: 9 },
          { instrumentId: 2, fapId: 3 },
        ],
      },
    ]);
    expect(result.instruments).toEqual([A, B]);
    expect(result.differentInstruments).toBe(false);
    expect(result.withoutInstruments).toBe(false);
    expect(result.current).toEqual({ 1: 9 });
  });

  it('warns when the proposals have different instruments or none', () => {
    const result = fapAssignmentOf([{ instruments: [A] }, { instruments: [B] }, { instruments: [] }]);
    expect(result.differentInstruments).toBe(true);
    expect(result.withoutInstruments).toBe(true);
  });
});
