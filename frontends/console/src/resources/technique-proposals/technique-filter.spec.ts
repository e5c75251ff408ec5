import { presetOf, presetRange, todayIn, toTechniqueProposalsFilter } from './technique-filter';

describe('the technique proposals filter (§2)', () => {
  it('turns the presets into from / to days counted from today', () => {
    expect(presetRange('today', '2026-02-27')).toEqual({ from: '2026-02-27', to: '2026-02-27' });
    expect(presetRange('next7', '2026-02-27')).toEqual({ from: '2026-02-27', to: '2026-03-06' });
    expect(presetRange('next30', '2026-02-27')).toEqual({ from: '2026-02-27', to: '2026-03-29' });
    expect(presetRange('all', '2026-02-27')).toEqual({ from: undefined, to: undefined });
    expect(presetOf('2026-02-27', '2026-03-06', '2026-02-27')).toBe('next7');
    expect(presetOf(undefined, undefined, '2026-02-27')).toBe('all');
    expect(presetOf('2026-01-01', undefined, '2026-02-27')).toBeNull();
  });

  it("counts today in the facility's zone", () => {
    const lateEvening = new Date('2026-02-27T23:30:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-02-27');
    expect(todayIn('Europe/Stockholm', lateEvening)).toBe('2026-02-28');
  });

  it('sends whole days as instants (to: the next day start), Multiple as show-multi, and nothing for All', () => {
    expect(
      toTechniqueProposalsFilter({ zone: 'UTC', from: '2026-03-01', technique: 'multi', instrument: '' }),
    ).toEqual({
      techniqueFilter: { showMultiTechniqueProposals: true, showAllProposals: false },
      dateFilter: { from: '2026-03-01T00:00:00.000Z' },
    });
    expect(toTechniqueProposalsFilter({ zone: 'UTC', to: '2026-03-01', instrument: 4 })).toEqual({
      instrumentFilter: { instrumentId: 4, showAllProposals: false },
      dateFilter: { to: '2026-03-02T00:00:00.000Z' },
    });
    expect(toTechniqueProposalsFilter({ zone: 'UTC', from: 'garbage' })).toEqual({});
  });
});
