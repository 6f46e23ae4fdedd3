import { useId, useSyncExternalStore } from 'react';
import { fullDateTime, shortDate } from '../../lib/date-format';

/** One clock for every relative time on the page: ticks each minute while anything shows one. */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
};
const useNow = () => useSyncExternalStore(subscribe, () => now);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** '2 h ago' style: minutes, hours and days up to a week, then the date. */
export const relativeTime = (date: Date, at: number): string => {
  const ago = at - date.getTime();
  if (ago < 45_000) return 'just now';
  if (ago < HOUR) return `${Math.max(1, Math.round(ago / MINUTE))} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} d ago`;
  return shortDate(date, date.getFullYear() !== new Date(at).getFullYear());
};

/**
 * A time as people say it ('2 h ago'); the full date shows on hover and on keyboard focus,
 * and screen readers hear it as the time's description.
 */
export const RelativeTime = ({ iso, className = '' }: { iso: string; className?: string }) => {
  const id = useId();
  const at = useNow();
  const date = new Date(iso);
  return (
    <span className={`group relative inline-flex ${className}`}>
      <time
        dateTime={iso}
        tabIndex={0}
        aria-describedby={id}
        className="inline-flex min-h-6 items-center rounded-sm text-caption text-ink-muted"
      >
        {relativeTime(date, at)}
      </time>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute bottom-full left-0 z-30 mb-1 hidden rounded-md bg-ink px-2 py-1 text-caption whitespace-nowrap text-canvas shadow-raised group-focus-within:block group-hover:block"
      >
        {fullDateTime(date)}
      </span>
    </span>
  );
};
