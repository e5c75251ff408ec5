import { isValidConversionFormula } from '../validation/units.schema';
import { toSi, withSiInterval, withSiValue, type Unit } from './units';

const unit = (siConversionFormula: string): Unit => ({
  id: 'u',
  unit: 'unit',
  quantity: 'quantity',
  symbol: 'u',
  siConversionFormula,
});

describe('unit conversion', () => {
  it('converts with the unit formula', () => {
    expect(toSi(2.5, unit('x * 1000'))).toBe(2500);
    expect(toSi(212, unit('(x - 32) * 5/9'))).toBeCloseTo(100);
    expect(toSi(7, null)).toBe(7);
  });

  it('fills siValue and siMin / siMax', () => {
    expect(withSiValue({ value: 3, unit: unit('x * 1000'), siValue: null })).toEqual({
      value: 3,
      unit: unit('x * 1000'),
      siValue: 3000,
    });
    expect(withSiValue({ value: null, unit: unit('x * 1000'), siValue: 5 }).siValue).toBeNull();
    expect(
      withSiInterval({ min: 32, max: 212, unit: unit('(x - 32) * 5/9'), siMin: null, siMax: null }),
    ).toEqual(expect.objectContaining({ siMin: 0, siMax: 100 }));
  });

  it.each([
    'import({}, {})',
    'evaluate("1")',
    'x; 1',
    'y * 2',
    'x = 2',
    'f(x) = x',
    'createUnit("foo")',
    '',
    'x +',
  ])('refuses the unsafe or invalid formula %j', (formula) => {
    expect(isValidConversionFormula(formula)).toBe(false);
    expect(() => toSi(1, unit(formula))).toThrow('Invalid conversion formula');
  });

  it.each(['x', 'x * 1000', '(x - 32) * 5/9', 'x / 3600', 'x * pi / 180'])('accepts %j', (formula) => {
    expect(isValidConversionFormula(formula)).toBe(true);
  });
});
