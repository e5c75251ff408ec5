import {
  COUNTRIES,
  countryById,
  createInstitutionSchema,
  institutionMessages,
  mergeInstitutionsSchema,
  normaliseRorId,
  updateInstitutionSchema,
} from '@user-office/contracts';

/** The rules of contracts/src/validation/institutions.schema.ts, as the browser and the api apply them. */
const firstError = async (schema: { validate(value: unknown): Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('countries', () => {
  it('are the 249 ISO 3166-1 countries, ids 1..N in alphabetical order', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRIES.map((c) => c.id)).toEqual(COUNTRIES.map((_, i) => i + 1));
    const names = COUNTRIES.map((c) => c.value);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    expect(countryById(1)).toEqual({ id: 1, value: 'Afghanistan' });
    expect(countryById(249)).toEqual({ id: 249, value: 'Zimbabwe' });
    expect(countryById(0)).toBeUndefined();
  });
});

describe('institution input rules', () => {
  const valid = { name: 'Lund University', country: 212 };

  it('trims the name and requires it, at most 255 characters', async () => {
    expect(await createInstitutionSchema.validate({ ...valid, name: '  Lund  ' })).toMatchObject({
      name: 'Lund',
    });
    expect(await firstError(createInstitutionSchema, { ...valid, name: ' ' })).toBe(
      institutionMessages.nameRequired,
    );
    expect(await firstError(createInstitutionSchema, { country: 212 })).toBe(
      institutionMessages.nameRequired,
    );
    expect(await firstError(createInstitutionSchema, { ...valid, name: 'x'.repeat(255) })).toBeNull();
    expect(await firstError(createInstitutionSchema, { ...valid, name: 'x'.repeat(256) })).toBe(
      institutionMessages.nameMax,
    );
  });

  it('requires a known country', async () => {
    expect(await firstError(createInstitutionSchema, { name: 'Lund' })).toBe(
      institutionMessages.countryRequired,
    );
    expect(await firstError(createInstitutionSchema, { name: 'Lund', country: '' })).toBe(
      institutionMessages.countryRequired,
    );
    expect(await firstError(createInstitutionSchema, { name: 'Lund', country: 250 })).toBe(
      institutionMessages.unknownCountry,
    );
    expect(await firstError(updateInstitutionSchema, { id: 1, name: 'Lund', country: 1.5 })).toBe(
      institutionMessages.unknownCountry,
    );
  });

  it('takes a ROR id bare or as a ror.org URL, stores it bare, and empty as none', async () => {
    const rorId = async (value: unknown) =>
      (await createInstitutionSchema.validate({ ...valid, rorId: value })).rorId;
    expect(await rorId('012a77v79')).toBe('012a77v79');
    expect(await rorId(' https://ror.org/012a77v79 ')).toBe('012a77v79');
    expect(await rorId('http://ror.org/012A77V79/')).toBe('012a77v79');
    expect(await rorId('')).toBeNull();
    expect(await rorId(null)).toBeNull();
    expect(await rorId(undefined)).toBeUndefined();
    for (const bad of [
      '12a77v79',
      '012a77v7x',
      'https://ror.org/',
      'https://ror.org.evil/012a77v79',
      'ror:012a77v79',
    ]) {
      expect(await firstError(createInstitutionSchema, { ...valid, rorId: bad })).toBe(
        institutionMessages.rorIdInvalid,
      );
    }
    expect(normaliseRorId('https://ror.org/012a77v79')).toBe('012a77v79');
  });

  it('refuses merging an institution into itself and requires a new title', async () => {
    expect(
      await firstError(mergeInstitutionsSchema, {
        institutionIdFrom: 3,
        institutionIdInto: 3,
        newTitle: 'X',
      }),
    ).toBe(institutionMessages.mergeIntoItself);
    expect(
      await firstError(mergeInstitutionsSchema, {
        institutionIdFrom: 3,
        institutionIdInto: 4,
        newTitle: '  ',
      }),
    ).toBe(institutionMessages.newTitleRequired);
    expect(
      await mergeInstitutionsSchema.validate({
        institutionIdFrom: 3,
        institutionIdInto: 4,
        newTitle: ' LU ',
      }),
    ).toEqual({ institutionIdFrom: 3, institutionIdInto: 4, newTitle: 'LU' });
  });
});
