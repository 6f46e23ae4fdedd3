import { useSyncExternalStore } from 'react';
import { shortDate } from '../date-format';

/**
 * Which of the reads on screen the service worker answered from what it kept (the network
 * failed), and when each was fetched: a page showing any says "as of" the oldest. Each is
 * noted with the page it was read for; a fresh answer for the same read clears it.
 */
type Kept = { page: string; at: string };
const kept = new Map<string, Kept>();
const listeners = new Set<() => void>();

const changed = () => listeners.forEach((listener) => listener());

/** An API read's answer arrived: from the worker's copy (`cachedAt`), or fresh (null). */
export const noteRead = (path: string, cachedAt: string | null) => {
  if (cachedAt === null) {
    if (kept.delete(path)) changed();
    return;
  }
  kept.set(path, { page: window.location.pathname, at: cachedAt });
  changed();
};

/** Forgets what was noted (sign-out, erasure). */
export const forgetReads = () => {
  if (kept.size === 0) return;
  kept.clear();
  changed();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** When the oldest kept read a page shows was fetched (an ISO time), or null. */
const oldestFor = (page: string): string | null => {
  let oldest: string | null = null;
  for (const read of kept.values()) {
    if (read.page === page && (oldest === null || read.at < oldest)) oldest = read.at;
  }
  return oldest;
};

/** When the oldest kept read this page shows was fetched, or null when all are fresh. */
export const useShownAsOf = (page: string): Date | null => {
  const oldest = useSyncExternalStore(
    subscribe,
    () => oldestFor(page),
    () => null,
  );
  return oldest === null ? null : new Date(oldest);
};

const clock = (date: Date) => {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
};

/** 'as of 3:05 PM', or 'as of Nov 22, 3:05 PM' for an earlier day (the browser's zone). */
export const asOfText = (date: Date, now = new Date()) => {
  const day =
    date.toDateString() === now.toDateString()
      ? ''
      : `${shortDate(date, date.getFullYear() !== now.getFullYear())}, `;
  return `as of ${day}${clock(date)}`;
};
