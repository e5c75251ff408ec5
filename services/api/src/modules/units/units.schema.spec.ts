import {
  createUnitSchema,
  deleteUnitSchema,
  evaluateConversionFormula,
  isValidConversionFormula,
  readUnitsImport,
  unitImportMessages,
  unitMessages,
  unitValidationMessages,
  UNITS_EXPORT_VERSION,
} from '@user-office/contracts';

/** The rules of contracts/src/validation/units.schema.ts, as the browser and the api apply them. */
const firstError = async (schema: { validate(value: unknown): Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

const M = unitValidationMessages;
const valid = {
  id: 'centimeter',
  unit: 'centimeter',
  quantity: 'length',
  symbol: 'cm',
  siConversionFormula: 'x / 100',
};

describe('unit form rules', () => {
  it('takes a valid unit, trimmed', async () => {
    expect(await createUnitSchema.validate({ ...valid, id: ' centimeter ', unit: ' centimeter ' })).toEqual(
      valid,
    );
  });

  it('says which field is required, with the texts of §5', async () => {
    expect(M).toMatchObject(unitMessages);
    const cases = [
      ['id', 'Id is required'],
      ['unit', 'Name is required'],
      ['quantity', 'Quantity is required'],
      ['symbol', 'Symbol is required'],
      ['siConversionFormula', 'Conversion formula is required'],
    ] as const;
    for (const [field, message] of cases) {
      expect(await firstError(createUnitSchema, { ...valid, [field]: '  ' })).toBe(message);
      const without: Record<string, string> = { ...valid };
      delete without[field];
      expect(await firstError(createUnitSchema, without)).toBe(message);
    }
    expect(await firstError(deleteUnitSchema, { id: '' })).toBe('Id is required');
  });

  it('allows letters, digits and underscore in the id, at most 100 characters', async () => {
    expect(await firstError(createUnitSchema, { ...valid, id: 'cubic_Meter_3' })).toBeNull();
    for (const id of ['cubic meter', 'meter-2', 'µm', 'a/b', 'x.y'])
      expect(await firstError(createUnitSchema, { ...valid, id })).toBe(
        'Id may contain letters, numbers and underscore',
      );
    expect(await firstError(createUnitSchema, { ...valid, id: 'a'.repeat(100) })).toBeNull();
    expect(await firstError(createUnitSchema, { ...valid, id: 'a'.repeat(101) })).toBe(M.idMax);
  });

  it('limits name, quantity and symbol to 255 characters', async () => {
    expect(await firstError(createUnitSchema, { ...valid, unit: 'u'.repeat(256) })).toBe(M.nameMax);
    expect(await firstError(createUnitSchema, { ...valid, quantity: 'q'.repeat(256) })).toBe(M.quantityMax);
    expect(await firstError(createUnitSchema, { ...valid, symbol: 's'.repeat(256) })).toBe(M.symbolMax);
  });

  it('accepts arithmetic on x with pi, e and numeric functions', async () => {
    for (const formula of [
      'x',
      'x * 1000',
      'x/100',
      '(x - 32) * 5/9 + 273.15',
      'x * 1.602176634e-19',
      '-x + 2',
      '2x',
      'x ^ 2',
      'sqrt(x) * pi',
      'exp(x) - e',
      'log(x + 1, 10) + log10(x) + abs(-x) + pow(x, 3)',
    ]) {
      expect(isValidConversionFormula(formula)).toBe(true);
      expect(await firstError(createUnitSchema, { ...valid, siConversionFormula: formula })).toBeNull();
    }
    expect(evaluateConversionFormula('(x - 32) * 5/9 + 273.15', 212)).toBeCloseTo(373.15);
    expect(evaluateConversionFormula('x / 100', 250)).toBe(2.5);
  });

  it('refuses anything else, and never runs it', async () => {
    const unsafe = [
      'import({}, {})',
      'evaluate("1")',
      'createUnit("foo")',
      'parse("x")',
      'x; 1',
      'y * 2',
      'x = 2',
      'f(x) = x',
      'x.constructor',
      'x["constructor"]',
      '[x, 1]',
      '{a: x}',
      'x > 1 ? x : 1',
      'x == 1',
      'x!',
      "x'",
      'x to cm',
      'x cm',
      '1:x',
      '"x"',
      'x * 1000 # comment\n; 2',
      'sin(x)',
      'sqrt',
      'x(1)',
      '1000',
      'pi * e',
      'x / 0',
      'sqrt(-x)',
      'log(x - 1)',
      'x +',
      '',
      `x${' + 1'.repeat(200)}`,
      'process.exit(1)',
      'this.constructor.constructor("return process")()',
    ];
    const globals = Object.keys(globalThis).length;
    for (const formula of unsafe) {
      expect([formula, isValidConversionFormula(formula)]).toEqual([formula, false]);
      if (formula !== '')
        expect(await firstError(createUnitSchema, { ...valid, siConversionFormula: formula })).toBe(
          'The conversion formula is not valid: use x for the value, e.g. x * 1000',
        );
    }
    expect(Object.keys(globalThis).length).toBe(globals);
  });
});

describe('units import file', () => {
  const file = (units: unknown, version: unknown = UNITS_EXPORT_VERSION) =>
    JSON.stringify({ version, exportDate: '2025-01-01T00:00:00.000Z', units });

  it('reads the units of an export', () => {
    expect(
      readUnitsImport(file([valid, { ...valid, id: 'meter', siConversionFormula: 'x', extra: 1 }])),
    ).toEqual({
      version: '1.0.0',
      exportDate: '2025-01-01T00:00:00.000Z',
      units: [valid, { ...valid, id: 'meter', siConversionFormula: 'x' }],
      errors: [],
    });
    expect(readUnitsImport(file([valid], '1.4.2')).errors).toEqual([]);
  });

  it('names every rule broken, unit by unit', () => {
    expect(readUnitsImport('{').errors).toEqual([unitImportMessages.notJson]);
    expect(readUnitsImport('[]').errors).toEqual([unitImportMessages.noUnitList]);
    expect(readUnitsImport('{"units": {}}').errors).toEqual([unitImportMessages.noUnitList]);
    expect(readUnitsImport(file([], null)).errors).toEqual([
      unitImportMessages.noVersion,
      unitImportMessages.noUnits,
    ]);
    expect(readUnitsImport(file([valid], '2.0.0')).errors).toEqual([
      'Version 2.0.0 cannot be imported: this system imports version 1.0.0',
    ]);
    const read = readUnitsImport(
      file([
        valid,
        'meter',
        { ...valid, id: 'bad id', siConversionFormula: 'y' },
        { ...valid, symbol: '' },
        { ...valid, id: '' },
      ]),
    );
    expect(read.units).toEqual([valid]);
    expect(read.errors).toEqual([
      'Unit 2: Not a unit',
      'Unit 3 (bad id): Id may contain letters, numbers and underscore',
      'Unit 3 (bad id): The conversion formula is not valid: use x for the value, e.g. x * 1000',
      'Unit 4 (centimeter): Symbol is required',
      'Unit 5: Id is required',
    ]);
    expect(readUnitsImport(file([valid, { ...valid }])).errors).toEqual([
      'Unit 2 (centimeter): The file contains this id more than once',
    ]);
  });
});
