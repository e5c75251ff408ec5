import { filterInstant } from './proposal-views.repository';

describe('filterInstant (a date filter bound PostgreSQL takes)', () => {
  it.each([
    ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000Z'],
    // year 0 and before: PostgreSQL refuses "0000-01-01"; no proposal is older than year 1
    ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['-000100-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['+275760-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'],
  ])('%s → %s', (value, expected) => {
    expect(filterInstant(value)).toBe(expected);
  });
});

describe('filterInstant of what Date cannot hold', () => {
  it.each([[''], ['-271821-04-19T00:00:00Z'], [new Date(Number.NaN)]])(
    '%s: "Invalid date", a refusal',
    (value) => {
      expect(() => filterInstant(value)).toThrow(
        expect.objectContaining({ code: 'BAD_USER_INPUT', message: 'Invalid date' }),
      );
    },
  );
});
