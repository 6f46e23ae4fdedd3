import { describe, expect, it } from 'vitest';
import {
  addDays,
  productDayOf,
  startOfProductDay,
  dayStartLabel,
} from '../../domain/shared/product-day';

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

  it('finds the first moment of a product day, across DST changes and in half-hour zones', () => {
    const newYork = { timeZone: 'America/New_York', startHour: 3 };
    expect(startOfProductDay('2026-11-22', newYork).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(startOfProductDay('2026-07-01', newYork).toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // The night clocks go back (1 November 2026): the day still starts at 03:00 local.
    expect(startOfProductDay('2026-11-01', newYork).toISOString()).toBe('2026-11-01T08:00:00.000Z');
    const india = { timeZone: 'Asia/Kolkata', startHour: 3 };
    expect(startOfProductDay('2026-11-22', india).toISOString()).toBe('2026-11-21T21:30:00.000Z');
  });

  it('says when the next day starts in the zone’s own words', () => {
    const newYork = { timeZone: 'America/New_York', startHour: 3 };
    expect(dayStartLabel(newYork, new Date('2026-11-22T15:00:00Z'))).toBe('3 AM EST');
    expect(dayStartLabel(newYork, new Date('2026-07-01T15:00:00Z'))).toBe('3 AM EDT');
    expect(dayStartLabel({ timeZone: 'UTC', startHour: 15 }, new Date())).toBe('3 PM UTC');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
