/**
 * Dates in words, made cheaply. Each `toLocaleDateString(locale, options)` call builds a new
 * ICU formatter, and the first one on a page loads ICU's data: on a slow phone that was a
 * 35-50 ms piece of the task that renders a page (measured at 4× CPU: 141 ms for Home's date,
 * 197 ms for the reminders' clock). The product's dates are in English, so the common ones are
 * put together from the names below; the rest reuse one formatter per set of options.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Sunday, November 22, 2026' for a YYYY-MM-DD day (the same as en-US's long date). */
export const longDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[month - 1]} ${date}, ${year}`;
};

/** 'Nov 22', or 'Nov 22, 2025' with the year, in the browser's zone (en-US's short date). */
export const shortDate = (date: Date, withYear: boolean) =>
  `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}${withYear ? `, ${date.getFullYear()}` : ''}`;

/**
 * 'Friday, November 27, 2026 at 3:05 PM' in the browser's zone: en-US's full date with its
 * short time (`dateStyle: 'full', timeStyle: 'short'`). Every answer card carries one (its
 * time's tooltip): built by ICU, the first one cost a discussion ~60 ms of a 232 ms task at 4×
 * CPU, loading ICU's data.
 */
export const fullDateTime = (date: Date) => {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} at ${clock}`;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One en-US formatter per set of options, made when first asked for. */
export const dateFormatter = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, formatter);
  }
  return formatter;
};
