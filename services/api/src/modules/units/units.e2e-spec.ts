import {
  ConflictResolutionStrategy,
  QuestionComparisonStatus,
  Role,
  UNIT_CREATED,
  unitImportMessages,
  unitValidationMessages,
  type UnitData,
} from '@user-office/contracts';
import {
  ANY_USER,
  accessMatrix,
  apiTokenFor,
  expectedMatrix,
  type AccessCase,
  type Caller,
} from '../../../test/support/access-matrix';
import { APPLICANT, createTestApp, type TestApp } from '../../../test/support/test-app';
import { createTestDatabase } from '../../../test/support/test-database';
import { pgTemplate } from '../../../test/support/test-templates';
import type { EventStore } from '../../platform/event-store/event-store.port';
import { EVENT_STORE } from '../../platform/tokens';
import { EVENT_LOGS_PROJECTION } from '../event-logs';
import { DEFAULT_UNITS } from './domain/default-units';
import { moduleStores, type TestStore } from '../../../test/support/stores';

const FIELDS = 'id unit quantity symbol siConversionFormula';
const UNITS = `{ getUnits { ${FIELDS} } }`;
const QUANTITIES = '{ getQuantities { id } }';
const EXPORT = '{ getUnitsAsJson }';
const CREATE = `mutation($id: String!, $unit: String!, $quantity: String!, $symbol: String!, $siConversionFormula: String!) {
  createUnit(id: $id, unit: $unit, quantity: $quantity, symbol: $symbol, siConversionFormula: $siConversionFormula) { ${FIELDS} }
}`;
const DELETE = `mutation($id: String!) { deleteUnit(id: $id) { ${FIELDS} } }`;
const VALIDATE = `mutation($json: String!) {
  validateUnitsImport(unitsAsJson: $json) {
    json version exportDate errors
    units { existingUnit { ${FIELDS} } newUnit { ${FIELDS} } status conflictResolutionStrategy }
  }
}`;
const IMPORT = `mutation($json: String!, $conflictResolutions: [ConflictResolution!]!) {
  importUnits(json: $json, conflictResolutions: $conflictResolutions) { ${FIELDS} }
}`;
const EVENT_LOGS = `query($id: String) {
  getEventLogs(changedObjectId: $id) { eventType changedBy changedById changedObjectId description }
}`;

interface UnitsImportWithValidation {
  json: string;
  version: string;
  exportDate: string | null;
  errors: string[];
  units: {
    existingUnit: UnitData | null;
    newUnit: UnitData;
    status: QuestionComparisonStatus;
    conflictResolutionStrategy: ConflictResolutionStrategy;
  }[];
}

const OFFICER_ONLY: readonly Caller[] = [Role.USER_OFFICER];
const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
const sorted = <T extends { id: string }>(units: readonly T[]) => [...units].sort(byId);
const furlong: UnitData = {
  id: 'furlong',
  unit: 'furlong',
  quantity: 'length',
  symbol: 'fur',
  siConversionFormula: 'x * 201.168',
};
const fileOf = (units: readonly UnitData[]) =>
  JSON.stringify({ version: '1.0.0', exportDate: new Date().toISOString(), units });

describe.each<TestStore>(moduleStores())('units end to end (%s)', (store) => {
  let t: TestApp;
  let events: EventStore;
  let head: () => Promise<number>;
  let officer: string;

  beforeAll(async () => {
    t = await createTestApp({ store });
    events = t.app.get<EventStore>(EVENT_STORE);
    head = () => events.headPosition();
    officer = t.token({ id: 41 });
  });
  afterAll(() => t.close());

  const gql = async <T>(document: string, variables: Record<string, unknown> = {}, token = officer) => {
    const res = await t.gql<T>(document, variables, token);
    expect(res.errors).toBeUndefined();
    return res.data!;
  };
  const units = async () => (await gql<{ getUnits: UnitData[] }>(UNITS, {}, t.token(APPLICANT))).getUnits;
  const quantities = async () =>
    (await gql<{ getQuantities: { id: string }[] }>(QUANTITIES, {}, t.token(APPLICANT))).getQuantities.map(
      (q) => q.id,
    );
  const exported = async () => (await gql<{ getUnitsAsJson: string }>(EXPORT)).getUnitsAsJson;
  const validate = async (json: string) =>
    (await gql<{ validateUnitsImport: UnitsImportWithValidation }>(VALIDATE, { json })).validateUnitsImport;
  const create = async (unit: UnitData, token = officer) =>
    (await gql<{ createUnit: UnitData }>(CREATE, { ...unit }, token)).createUnit;
  const remove = async (id: string, token = officer) =>
    (await gql<{ deleteUnit: UnitData }>(DELETE, { id }, token)).deleteUnit;
  /** the unit events logged for a unit id, oldest first */
  const logs = async (id: string) => {
    await t.projections.waitFor(await head(), [EVENT_LOGS_PROJECTION]);
    const data = await gql<{ getEventLogs: Record<string, unknown>[] }>(EVENT_LOGS, { id });
    return data.getEventLogs.filter((l) => String(l.eventType).startsWith('Unit'));
  };
  const by = (eventType: string, changedById: number | null, id: string, description: string) =>
    expect.objectContaining({
      eventType,
      changedById,
      changedBy: changedById === null ? 'System' : expect.stringMatching(/\S/),
      changedObjectId: id,
      description,
    });

  it('starts with the default units and their quantities, created by the System', async () => {
    expect(sorted(await units())).toEqual(sorted(DEFAULT_UNITS));
    expect(await quantities()).toEqual([...new Set(DEFAULT_UNITS.map((u) => u.quantity))].sort());
    expect(await logs('celsius')).toEqual([
      by(
        'UnitCreated',
        null,
        'celsius',
        'Unit "celsius" (°C, thermodynamic temperature) created: SI value = x + 273.15',
      ),
    ]);
  });

  (store === 'postgres' ? it : it.skip)(
    'creates the defaults once: a restart on the same database adds none',
    async () => {
      // the run's template holds what a first start on an empty database created
      const db = await createTestDatabase('units', { template: pgTemplate() });
      try {
        const first = await createTestApp({ database: db });
        await first.gql(DELETE, { id: 'gauss' }, first.token());
        await first.close();
        const second = await createTestApp({ database: db });
        try {
          const created = await second.app
            .get<EventStore>(EVENT_STORE)
            .readAll({ after: 0, limit: 10000, types: [UNIT_CREATED] });
          expect(created).toHaveLength(DEFAULT_UNITS.length);
          const res = await second.gql<{ getUnits: UnitData[] }>(UNITS, {}, second.token(APPLICANT));
          expect(sorted(res.data!.getUnits)).toEqual(sorted(DEFAULT_UNITS.filter((u) => u.id !== 'gauss')));
        } finally {
          await second.close();
        }
      } finally {
        await db.drop();
      }
    },
  );

  it('creates and deletes units; quantities follow; the event log shows who did each', async () => {
    expect(await create({ ...furlong, id: ' furlong ', symbol: ' fur ' })).toEqual(furlong);
    const viscosity = await create(
      { id: 'poise', unit: 'poise', quantity: 'dynamic viscosity', symbol: 'P', siConversionFormula: 'x/10' },
      t.token({ id: 42 }),
    );
    expect(await units()).toContainEqual(furlong);
    expect(await units()).toContainEqual(viscosity);
    const withViscosity = await quantities();
    expect(withViscosity.filter((q) => q === 'dynamic viscosity')).toHaveLength(1);
    expect(withViscosity.filter((q) => q === 'length')).toHaveLength(1);

    expect(await remove('poise', t.token({ id: 43 }))).toEqual(viscosity);
    expect(await quantities()).not.toContain('dynamic viscosity');
    expect(await remove('furlong', t.token({ id: 44 }))).toEqual(furlong);
    expect((await units()).map((u) => u.id)).not.toContain('furlong');

    // a deleted unit's id may be used again
    const again = await create({ ...furlong, siConversionFormula: 'x * 201.17' });
    expect((await units()).find((u) => u.id === 'furlong')).toEqual(again);

    expect(await logs('furlong')).toEqual([
      by('UnitCreated', 41, 'furlong', 'Unit "furlong" (fur, length) created: SI value = x * 201.168'),
      by('UnitDeleted', 44, 'furlong', 'Unit furlong deleted'),
      by('UnitCreated', 41, 'furlong', 'Unit "furlong" (fur, length) created: SI value = x * 201.17'),
    ]);
    expect(await logs('poise')).toEqual([
      by('UnitCreated', 42, 'poise', 'Unit "poise" (P, dynamic viscosity) created: SI value = x/10'),
      by('UnitDeleted', 43, 'poise', 'Unit poise deleted'),
    ]);
  });

  it('exports the units as JSON that imports back as the same units, appending nothing', async () => {
    const json = await exported();
    const file = JSON.parse(json) as { version: string; exportDate: string; units: UnitData[] };
    expect(file.version).toBe('1.0.0');
    expect(new Date(file.exportDate).toISOString()).toBe(file.exportDate);
    expect(file.units).toEqual(await units());

    const before = await head();
    const checked = await validate(json);
    expect(checked).toMatchObject({ json, version: '1.0.0', exportDate: file.exportDate, errors: [] });
    expect(checked.units).toHaveLength(file.units.length);
    for (const comparison of checked.units)
      expect(comparison).toEqual({
        existingUnit: comparison.newUnit,
        newUnit: comparison.newUnit,
        status: QuestionComparisonStatus.SAME,
        conflictResolutionStrategy: ConflictResolutionStrategy.USE_EXISTING,
      });
    const imported = await gql<{ importUnits: UnitData[] }>(IMPORT, { json, conflictResolutions: [] });
    expect(imported.importUnits).toEqual(file.units);
    expect(await head()).toBe(before);
  });

  describe('an import with units that differ', () => {
    const centimeter = DEFAULT_UNITS.find((u) => u.id === 'centimeter')!;
    const gram = DEFAULT_UNITS.find((u) => u.id === 'gram')!;
    const meter = DEFAULT_UNITS.find((u) => u.id === 'meter')!;
    const newCentimeter = { ...centimeter, unit: 'centimetre', siConversionFormula: 'x * 0.01' };
    const newGram = { ...gram, symbol: 'gr' };
    const parsec: UnitData = {
      id: 'parsec',
      unit: 'parsec',
      quantity: 'length',
      symbol: 'pc',
      siConversionFormula: 'x * 3.0857e16',
    };
    const json = fileOf([newCentimeter, newGram, parsec, meter]);

    it('compares each unit: DIFFERENT, NEW or SAME', async () => {
      const checked = await validate(json);
      expect(checked.errors).toEqual([]);
      expect(checked.units).toEqual([
        {
          existingUnit: centimeter,
          newUnit: newCentimeter,
          status: 'DIFFERENT',
          conflictResolutionStrategy: 'UNRESOLVED',
        },
        {
          existingUnit: gram,
          newUnit: newGram,
          status: 'DIFFERENT',
          conflictResolutionStrategy: 'UNRESOLVED',
        },
        { existingUnit: null, newUnit: parsec, status: 'NEW', conflictResolutionStrategy: 'USE_NEW' },
        { existingUnit: meter, newUnit: meter, status: 'SAME', conflictResolutionStrategy: 'USE_EXISTING' },
      ]);
    });

    it.each([
      ['no choice', [{ itemId: 'gram', strategy: 'USE_NEW' }]],
      [
        'UNRESOLVED',
        [
          { itemId: 'centimeter', strategy: 'UNRESOLVED' },
          { itemId: 'gram', strategy: 'USE_NEW' },
        ],
      ],
    ])(
      'refuses a conflict left with %s, naming the unit, and imports nothing',
      async (_, conflictResolutions) => {
        const before = await head();
        const res = await t.gql(IMPORT, { json, conflictResolutions }, officer);
        expect(res.errors?.[0]).toMatchObject({
          message: 'The unit centimeter differs from the existing one: choose USE_NEW or USE_EXISTING for it',
          extensions: { code: 'BAD_USER_INPUT' },
        });
        expect(await head()).toBe(before);
        expect((await units()).find((u) => u.id === 'parsec')).toBeUndefined();
      },
    );

    it('takes the new unit with USE_NEW, keeps the existing one with USE_EXISTING, adds the new ones', async () => {
      const importer = t.token({ id: 45 });
      const res = await gql<{ importUnits: UnitData[] }>(
        IMPORT,
        {
          json,
          conflictResolutions: [
            { itemId: 'centimeter', strategy: 'USE_NEW' },
            { itemId: 'gram', strategy: 'USE_EXISTING' },
          ],
        },
        importer,
      );
      expect(res.importUnits).toEqual([newCentimeter, gram, parsec, meter]);
      const now = await units();
      expect(now).toContainEqual(newCentimeter);
      expect(now).toContainEqual(gram);
      expect(now).toContainEqual(parsec);

      expect(await logs('centimeter')).toEqual([
        by('UnitCreated', null, 'centimeter', 'Unit "centimeter" (cm, length) created: SI value = x / 100'),
        by('UnitImported', 45, 'centimeter', 'Unit "centimetre" (cm, length) imported: SI value = x * 0.01'),
      ]);
      expect(await logs('gram')).toHaveLength(1);
      expect(await logs('parsec')).toEqual([
        by('UnitImported', 45, 'parsec', 'Unit "parsec" (pc, length) imported: SI value = x * 3.0857e16'),
      ]);

      // the same file again: all the same now but gram, which is kept
      const before = await head();
      await gql(IMPORT, { json, conflictResolutions: [{ itemId: 'gram', strategy: 'USE_EXISTING' }] });
      expect(await head()).toBe(before);
    });
  });

  describe('bad input: the rule broken, and nothing appended', () => {
    beforeAll(async () => {
      await create({ ...furlong, id: 'gone' });
      await remove('gone');
    });

    const M = unitValidationMessages;
    const FORMULA = M.conversionFormulaInvalid;
    const unit = (over: Partial<UnitData>) => ({ ...furlong, id: 'stadion', ...over });
    const invalid = (
      what: string,
      document: string,
      vars: Record<string, unknown>,
      message: string,
      field: string,
    ) => ({
      what,
      document,
      vars,
      code: 'BAD_USER_INPUT',
      message,
      field,
    });
    const missing = (what: string, id: string) => ({
      what,
      document: DELETE,
      vars: { id },
      code: 'NOT_FOUND',
      message: 'Unit not found',
      field: null,
    });
    const cases = [
      invalid('a blank id', CREATE, unit({ id: ' ' }), 'Id is required', 'id'),
      invalid('a blank name', CREATE, unit({ unit: '' }), 'Name is required', 'unit'),
      invalid('a blank quantity', CREATE, unit({ quantity: ' ' }), 'Quantity is required', 'quantity'),
      invalid('a blank symbol', CREATE, unit({ symbol: '' }), 'Symbol is required', 'symbol'),
      invalid(
        'a blank formula',
        CREATE,
        unit({ siConversionFormula: ' ' }),
        'Conversion formula is required',
        'siConversionFormula',
      ),
      invalid('an id with a space', CREATE, unit({ id: 'stadion 2' }), M.idPattern, 'id'),
      invalid('an id taken', CREATE, unit({ id: 'meter' }), 'A unit with this id already exists', 'id'),
      invalid(
        'a formula calling mathjs',
        CREATE,
        unit({ siConversionFormula: 'import({}, {})' }),
        FORMULA,
        'siConversionFormula',
      ),
      invalid(
        'a formula without x',
        CREATE,
        unit({ siConversionFormula: 'y * 2' }),
        FORMULA,
        'siConversionFormula',
      ),
      invalid(
        'a formula of two statements',
        CREATE,
        unit({ siConversionFormula: 'x; 1' }),
        FORMULA,
        'siConversionFormula',
      ),
      missing('a delete of an unknown unit', 'no_such_unit'),
      missing('a delete of a deleted unit', 'gone'),
      missing('a delete of an id no unit can have', '../meter'),
      invalid(
        'an import that is not JSON',
        IMPORT,
        { json: '{', conflictResolutions: [] },
        unitImportMessages.notJson,
        'json',
      ),
      invalid(
        'an import with a bad unit',
        IMPORT,
        { json: fileOf([unit({ siConversionFormula: 'evaluate("1")' })]), conflictResolutions: [] },
        `Unit 1 (stadion): ${FORMULA}`,
        'json',
      ),
      invalid(
        'an import of another version',
        IMPORT,
        { json: JSON.stringify({ version: '2.0.0', units: [furlong] }), conflictResolutions: [] },
        unitImportMessages.unsupportedVersion('2.0.0'),
        'json',
      ),
    ];

    it.each(cases)('$what', async ({ document, vars, code, message, field }) => {
      const before = await head();
      const res = await t.gql(document, vars, officer);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code } });
      if (field) expect(res.errors?.[0].extensions?.fieldErrors).toHaveProperty([field], message);
      expect(await head()).toBe(before);
    });

    it('reports every rule a file breaks when checking it', async () => {
      const before = await head();
      const checked = await validate(
        fileOf([unit({ symbol: '' }), unit({ id: 'meter', siConversionFormula: 'x; 1' }), meterLike()]),
      );
      expect(checked.errors).toEqual(['Unit 1 (stadion): Symbol is required', `Unit 2 (meter): ${FORMULA}`]);
      expect(checked.units.map((u) => [u.newUnit.id, u.status])).toEqual([['meter', 'SAME']]);
      expect(await head()).toBe(before);
    });
  });

  it('lets each caller reach exactly the operations its policy allows', async () => {
    const cases: AccessCase[] = [
      { operation: 'getUnits', document: UNITS, allowed: ANY_USER },
      { operation: 'getQuantities', document: QUANTITIES, allowed: ANY_USER },
      { operation: 'getUnitsAsJson', document: EXPORT, allowed: OFFICER_ONLY },
      { operation: 'createUnit', document: CREATE, variables: { ...furlong, id: '' }, allowed: OFFICER_ONLY },
      { operation: 'deleteUnit', document: DELETE, variables: { id: 'no_such_unit' }, allowed: OFFICER_ONLY },
      {
        operation: 'validateUnitsImport',
        document: VALIDATE,
        variables: { json: '{' },
        allowed: OFFICER_ONLY,
      },
      {
        operation: 'importUnits',
        document: IMPORT,
        variables: { json: '{', conflictResolutions: [] },
        allowed: OFFICER_ONLY,
      },
    ];
    const apiToken = await apiTokenFor(t);
    const before = await head();
    expect(await accessMatrix(t, cases, apiToken)).toEqual(expectedMatrix(cases, true));
    expect(await head()).toBe(before);
  });
});

/** the default meter, as a file gives it */
const meterLike = (): UnitData => ({ ...DEFAULT_UNITS.find((u) => u.id === 'meter')! });
