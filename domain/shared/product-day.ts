/**
 * The product day: the calendar date in the configured zone of the moment,
 * counted from `startHour` (03:00 America/New_York by default) instead of midnight.
 * Pure: the moment comes in as an argument.
 */
export type ProductDay = string; // YYYY-MM-DD

export type DayRules = {
  timeZone: string;
  startHour: number;
};

export const defaultDayRules: DayRules = { timeZone: 'America/New_York', startHour: 3 };

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Wall-clock date and hour in the zone. */
const wallClock = (at: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
  };
};

const iso = (year: number, month: number, day: number): ProductDay =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Shifts a YYYY-MM-DD date by whole days (calendar arithmetic, zone-free). */
export const addDays = (day: ProductDay, delta: number): ProductDay => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + delta));
  return iso(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
};

export const productDayOf = (at: Date, rules: DayRules = defaultDayRules): ProductDay => {
  const clock = wallClock(at, rules.timeZone);
  const date = iso(clock.year, clock.month, clock.day);
  // Wall-clock hours make DST changes harmless: 03:00 local is 03:00 local on both sides.
  return clock.hour < rules.startHour ? addDays(date, -1) : date;
};

/**
 * The first moment (to the minute) of a product day: found by bisection over the two days
 * around it, so any zone, start hour and DST change gives the real boundary.
 */
export const startOfProductDay = (day: ProductDay, rules: DayRules = defaultDayRules): Date => {
  const minute = 60_000;
  let low = Date.parse(`${addDays(day, -1)}T00:00:00.000Z`) / minute;
  let high = Date.parse(`${addDays(day, 2)}T00:00:00.000Z`) / minute;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (productDayOf(new Date(mid * minute), rules) < day) low = mid + 1;
    else high = mid;
  }
  return new Date(low * minute);
};

/**
 * When the next product day starts, as people read it: "3 AM EST" (the zone's short name at
 * that moment, so "EDT" in summer). Texts derive from the rules, so changing DAY_TIMEZONE or
 * DAY_START_HOUR changes what the product says.
 */
export const dayStartLabel = (rules: DayRules, at: Date): string => {
  const hour = rules.startHour % 12 === 0 ? 12 : rules.startHour % 12;
  const meridiem = rules.startHour < 12 ? 'AM' : 'PM';
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone: rules.timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? rules.timeZone;
  return `${hour} ${meridiem} ${zone}`;
};

export const isValidTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
};
