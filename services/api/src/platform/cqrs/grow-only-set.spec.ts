import { GrowOnlySet } from './grow-only-set';

describe('GrowOnlySet', () => {
  it('adds without changing the set it was called on', () => {
    const a = GrowOnlySet.empty<string>();
    const b = a.add('x');
    const c = b.add('y');
    expect([a.has('x'), b.has('x'), b.has('y'), c.has('x'), c.has('y')]).toEqual([
      false,
      true,
      false,
      true,
      true,
    ]);
    expect([a.size, b.size, c.size]).toEqual([0, 1, 2]);
    expect(c.add('x')).toBe(c);
  });

  it('adding to an older version branches without the newer values', () => {
    const base = GrowOnlySet.empty<string>().add('x');
    const left = base.add('l');
    const right = base.add('r');
    expect([left.has('l'), left.has('r'), right.has('r'), right.has('l')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect(left.add('more').values()).toEqual(['x', 'l', 'more']);
    expect(right.values()).toEqual(['x', 'r']);
  });

  it('grows to thousands in linear time', () => {
    let set = GrowOnlySet.empty<number>();
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) set = set.add(i);
    expect(set.size).toBe(100_000);
    expect(set.has(99_999) && !set.has(100_000)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
