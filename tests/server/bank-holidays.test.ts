import { describe, expect, it } from 'vitest';
import { englandAndWalesBankHolidays } from '../../src/server/db/seed/delivery';

describe('the bank holidays of England and Wales', () => {
  it.each([
    // gov.uk's published lists
    [2026, ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28']],
    [2027, ['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28']],
    [2028, ['2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26']],
    // Christmas on a Sunday: Boxing Day stays, Christmas moves to the Tuesday (2022's one-off Jubilee move of the spring holiday aside)
    [2022, ['2022-01-03', '2022-04-15', '2022-04-18', '2022-05-02', '2022-05-30', '2022-08-29', '2022-12-26', '2022-12-27']],
  ])('%i', (year, dates) => {
    expect(englandAndWalesBankHolidays(year).map((d) => d.date)).toEqual(dates);
  });

  it('names the substitute days', () => {
    expect(
      englandAndWalesBankHolidays(2027)
        .slice(-2)
        .map((d) => d.name),
    ).toEqual(['Christmas Day (substitute day)', 'Boxing Day (substitute day)']);
  });
});
