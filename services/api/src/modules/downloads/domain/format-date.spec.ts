import { formatDate } from './format-date';

describe('formatDate (date-fns tokens of the DATE_FORMAT settings)', () => {
  it('formats a calendar day without shifting it by the time zone', () => {
    expect(formatDate('2025-01-31', 'dd-MM-yyyy', 'America/Los_Angeles')).toBe('31-01-2025');
    expect(formatDate('2025-01-31', 'd MMM yy, EEEE')).toBe('31 Jan 25, Friday');
  });

  it('shows a moment in the time zone, with time tokens', () => {
    const moment = '2025-06-30T22:15:09Z';
    expect(formatDate(moment, 'dd-MM-yyyy HH:mm', 'UTC')).toBe('30-06-2025 22:15');
    expect(formatDate(moment, 'dd-MM-yyyy HH:mm:ss', 'Europe/Stockholm')).toBe('01-07-2025 00:15:09');
    expect(formatDate(new Date(moment), 'h:mm a', 'UTC')).toBe('10:15 PM');
    expect(formatDate(new Date('2025-06-30T00:05:00Z'), 'hh:mm a', 'UTC')).toBe('12:05 AM');
  });

  it("keeps 'quoted' text and other characters", () => {
    expect(formatDate('2025-03-04', "'Day' d 'of' MMMM")).toBe('Day 4 of March');
    expect(formatDate('2025-03-04', "yyyy.MM.dd''")).toBe("2025.03.04'");
  });

  it('falls back on UTC for an unknown zone and leaves a non-date as it is', () => {
    expect(formatDate('2025-06-30T22:15:00Z', 'HH:mm', 'Nowhere/Atlantis')).toBe('22:15');
    expect(formatDate('not a date', 'dd-MM-yyyy')).toBe('not a date');
  });
});
