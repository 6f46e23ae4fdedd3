import { describe, expect, it } from 'vitest';
import { dateFormatter, fullDateTime, longDay, shortDate } from '../../ui/lib/date-format';

/** Every day of two years, a leap day among them. */
const days = Array.from(
  { length: 731 },
  (_, i) => new Date(Date.UTC(2027, 11, 31) - i * 86_400_000),
);

describe('dates in words', () => {
  it('says a product day as en-US says a long date', () => {
    for (const at of days) {
      const day = at.toISOString().slice(0, 10);
      const intl = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(longDay(day), day).toBe(intl);
    }
  });

  it('says a short date as en-US does, with the year only when asked', () => {
    for (const at of days) {
      const local = new Date(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 15);
      expect(shortDate(local, false)).toBe(
        local.toLocaleDateString('en-US', { month: 'short', day: 'numeric' }),
      );
      expect(shortDate(local, true)).toBe(
        local.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      );
    }
  });

  it('says a full date and time as en-US does, at every hour and on every day', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });
    days.forEach((at, i) => {
      for (const hour of [0, 1, 9, 11, 12, 13, 23]) {
        const local = new Date(
          at.getUTCFullYear(),
          at.getUTCMonth(),
          at.getUTCDate(),
          hour,
          i % 60,
        );
        expect(fullDateTime(local)).toBe(intl.format(local));
      }
    });
  });

  it('keeps one formatter per set of options', () => {
    const options = { timeZone: 'Asia/Tokyo', hour: '2-digit' } as const;
    expect(dateFormatter({ ...options })).toBe(dateFormatter({ ...options }));
    expect(dateFormatter(options)).not.toBe(dateFormatter({ ...options, timeZone: 'UTC' }));
  });
});
