import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { OutboxWrite, WriteKind } from './outbox-store';

/**
 * The writes this person made that Boon does not have yet (an answer, an echo, a reply, a
 * journal entry), as the screens show them: waiting where they belong, or refused with Boon's
 * reason. The writes themselves live in IndexedDB (./outbox-store.ts), handled by
 * ./outbox-runtime.ts, which loads only when there is something to send or to show: a visit
 * that writes nothing never loads it.
 */
export type { OutboxWrite, WriteKind };

/** Being sent right now, waiting for the connection, or refused by Boon. */
export type WriteStatus = 'sending' | 'waiting' | 'refused';
export type ShownWrite = OutboxWrite & { status: WriteStatus };

/** How many writes the outbox holds: a visit opens it only when some do. */
const COUNT_KEY = 'boon-outbox-count';

const readCount = () => {
  try {
    return localStorage.getItem(COUNT_KEY);
  } catch {
    return null;
  }
};
const writeCount = (count: number) => {
  try {
    if (count > 0) localStorage.setItem(COUNT_KEY, String(count));
    else localStorage.removeItem(COUNT_KEY);
  } catch {
    // Without storage the next visit finds out by itself, at its first write.
  }
};

type Snapshot = { writes: readonly ShownWrite[] };
const EMPTY: Snapshot = { writes: [] };
let snapshot = EMPTY;
/** What the next render shows: ahead of `snapshot` until the scheduled notification runs. */
let latest: readonly ShownWrite[] = EMPTY.writes;
const listeners = new Set<() => void>();

/**
 * What the outbox holds now, for the screens (the runtime keeps it up to date). Shown with the
 * query cache's own notifications: a write that leaves the outbox as its answer enters the
 * cache (one `notifyManager.batch`) is drawn in the same render, never a frame without either.
 */
export const showWrites = (writes: readonly ShownWrite[]) => {
  latest = writes;
  writeCount(writes.length);
  notifyManager.schedule(() => {
    snapshot = writes.length === 0 ? EMPTY : { writes };
    listeners.forEach((listener) => listener());
  });
};

/** The writes as last given to be shown (to change one without reading them all again). */
export const shownWrites = () => latest;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Every write this person has not had accepted yet, oldest first. */
export const useOutbox = (): readonly ShownWrite[] =>
  useSyncExternalStore(
    subscribe,
    () => snapshot.writes,
    () => EMPTY.writes,
  );

/**
 * What a screen does once Boon accepted one of its writes (at once, or later): put Boon's
 * answer in the cache, so the screen shows it as the write leaves the outbox.
 */
export type SentHandler = (write: OutboxWrite, body: unknown, client: QueryClient) => void;
const sentHandlers = new Map<WriteKind, SentHandler>();

/** A feature says how its screens take in a write of theirs that Boon accepted. */
export const whenSent = (kind: WriteKind, handler: SentHandler) => {
  sentHandlers.set(kind, handler);
};
export const sentHandlerOf = (kind: WriteKind) => sentHandlers.get(kind);

let queryClient: QueryClient | null = null;
const runtime = () => import('./outbox-runtime');

/**
 * Once the app runs: writes kept from an earlier visit (waiting, or refused and not yet read)
 * are shown, and those waiting are sent if the device is online.
 */
export const startOutbox = (client: QueryClient) => {
  queryClient = client;
  const open = () =>
    void runtime()
      .then((outbox) => outbox.start(client))
      .catch((error: unknown) => console.warn('The outbox could not be opened', error));
  if (readCount() !== null) return open();
  // Another tab kept a write: this one shows it too (and sends it, should that tab close).
  const opened = (event: StorageEvent) => {
    if (event.key !== COUNT_KEY || event.newValue === null) return;
    window.removeEventListener('storage', opened);
    open();
  };
  window.addEventListener('storage', opened);
};

/** A write as a screen makes it; the outbox adds its key, its owner and its time. */
export type NewWrite = Omit<OutboxWrite, 'key' | 'owner' | 'madeAt' | 'refusal'>;

/** Boon has it (its answer), or it waits and will be sent when Boon can be reached. */
export type SendResult<T> = { sent: true; body: T } | { sent: false };

/**
 * Sends a write under an idempotency key, keeping it in the outbox until Boon has it: sent now
 * when Boon answers (its answer returned); kept and shown as waiting when it cannot be reached,
 * and sent once it can (this page on reconnecting, another visit, or the service worker's
 * Background Sync), never twice. A refusal now is thrown as an ApiError, as any request's.
 */
export const sendOrKeep = async <T>(write: NewWrite): Promise<SendResult<T>> => {
  if (!queryClient) throw new Error('The outbox is used before the app started it');
  return (await runtime()).sendOrKeep<T>(queryClient, write);
};

/** Lets go of a refused write once the person has read it (and taken their text). */
export const dismissWrite = async (key: string) => (await runtime()).dismiss(key);

/** Forgets every write (sign-out, erasure): nothing of one person is left for the next. */
export const forgetWrites = () => {
  showWrites([]);
};
