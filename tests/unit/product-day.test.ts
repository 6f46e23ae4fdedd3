import { describe, expect, it } from 'vitest';
import { addDays, productDayOf } from '../../domain/shared/product-day';

const newYork = { timeZone: 'America/New_York', startHour: 3 };

describe('the product day starts at 03:00 New York time', () => {
  it('counts 02:59 as the previous day and 03:00 as the new one (winter, UTC-5)', () => {
    expect(productDayOf(new Date('2026-01-15T07:59:00Z'), newYork)).toBe('2026-01-14');
    expect(productDayOf(new Date('2026-01-15T08:00:00Z'), newYork)).toBe('2026-01-15');
  });

  it('counts 02:59 as the previous day and 03:00 as the new one (summer, UTC-4)', () => {
    expect(productDayOf(new Date('2026-07-15T06:59:00Z'), newYork)).toBe('2026-07-14');
    expect(productDayOf(new Date('2026-07-15T07:00:00Z'), newYork)).toBe('2026-07-15');
  });

  it('handles the spring-forward night (2026-03-08: 02:00 jumps to 03:00)', () => {
    // 01:59 EST = 06:59Z still belongs to March 7; 03:00 EDT = 07:00Z starts March 8.
    expect(productDayOf(new Date('2026-03-08T06:59:00Z'), newYork)).toBe('2026-03-07');
    expect(productDayOf(new Date('2026-03-08T07:00:00Z'), newYork)).toBe('2026-03-08');
  });

  it('handles the fall-back night (2026-11-01: 02:00 returns to 01:00)', () => {
    // Both 01:30 EDT (05:30Z) and 01:30 EST (06:30Z) are before 03:00: still Oct 31.
    expect(productDayOf(new Date('2026-11-01T05:30:00Z'), newYork)).toBe('2026-10-31');
    expect(productDayOf(new Date('2026-11-01T06:30:00Z'), newYork)).toBe('2026-10-31');
    expect(productDayOf(new Date('2026-11-01T07:59:00Z'), newYork)).toBe('2026-10-31');
    expect(productDayOf(new Date('2026-11-01T08:00:00Z'), newYork)).toBe('2026-11-01');
  });

  it('follows the configured zone and hour', () => {
    const tokyoMidnight = { timeZone: 'Asia/Tokyo', startHour: 0 };
    expect(productDayOf(new Date('2026-01-15T14:59:00Z'), tokyoMidnight)).toBe('2026-01-15');
    expect(productDayOf(new Date('2026-01-15T15:00:00Z'), tokyoMidnight)).toBe('2026-01-16');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
