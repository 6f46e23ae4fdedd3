import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { ApiError, rememberPosition } from '../api-client';
import { deviceId } from '../device-identity';
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG } from './contract';
import { afterSent } from './outbox-effects';
import { sendWaiting, sendWrite, type SendOutcome } from './outbox-send';
import { outboxStore, type OutboxWrite, type Refusal } from './outbox-store';
import {
  sentHandlerOf,
  showWrites,
  shownWrites,
  type NewWrite,
  type SendResult,
  type ShownWrite,
} from './outbox';

/** Writes a caller on this page is waiting on: theirs to take in, shown as sending. */
const inFlight = new Set<string>();

const shown = (write: OutboxWrite): ShownWrite => ({
  ...write,
  status: write.refusal ? 'refused' : inFlight.has(write.key) ? 'sending' : 'waiting',
});

let reading = 0;

/**
 * Shows what the outbox holds for the person on this device (the device the writes name). Of
 * reads that overlap, only the last one started is shown: an older one may predate a change.
 */
const refresh = async () => {
  const read = ++reading;
  const owner = deviceId();
  const writes = await outboxStore.all();
  if (read === reading) showWrites(writes.filter((write) => write.owner === owner).map(shown));
};

let channel: BroadcastChannel | null = null;
type OutcomeMessage = { write: OutboxWrite; outcome: SendOutcome };

/**
 * What came of a write (here, in another tab or in the worker), shown at once: accepted, the
 * screen takes Boon's answer in as the write leaves the outbox (one render); one that waited
 * also makes what it changed be asked for again. Refused, it stays with Boon's reason.
 */
const settle = (client: QueryClient, { write, outcome }: OutcomeMessage, waited: boolean) =>
  notifyManager.batch(() => {
    const others = shownWrites().filter((kept) => kept.key !== write.key);
    if (outcome.kind === 'refused') {
      showWrites([...others, shown({ ...write, refusal: outcome.refusal })]);
      return;
    }
    if (outcome.kind !== 'sent') return;
    // What is asked for again next (whether today is answered, the discussion) includes it.
    rememberPosition(outcome.body);
    sentHandlerOf(write.kind)?.(write, outcome.body, client);
    if (waited) afterSent(client, write, outcome.body);
    showWrites(others);
    // Whatever a read started before this showed, the outbox as it is now has the last word.
    void refresh();
  });

/** Asks the service worker to send what waits once the device is back, page open or not. */
const syncLater = async () => {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register: (tag: string) => Promise<void> } })?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here: this page sends on reconnecting, or the next visit does.
  }
};

/** What came of each write a caller here is waiting on (it may go out with another's send). */
const outcomes = new Map<string, SendOutcome>();

/** Sends this person's waiting writes, oldest first; tells the other tabs what came of each. */
const sendNow = async (client: QueryClient) => {
  const result = await sendWaiting(deviceId(), (write, outcome) => {
    const waited = !inFlight.has(write.key);
    if (!waited) outcomes.set(write.key, outcome);
    // A refusal of a write made just now is its caller's to say, with the text still in its form.
    if (waited || outcome.kind === 'sent') settle(client, { write, outcome }, waited);
    channel?.postMessage({ write, outcome } satisfies OutcomeMessage);
  });
  if (result === 'later') {
    void syncLater();
    retryLater(client);
  } else {
    retryDelay = 0;
  }
  return result;
};

/** The wait before sending again after Boon was out of reach although the device is online. */
let retryDelay = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

/**
 * The device says it is online, yet the sending did not reach Boon: the 'online' event came a
 * moment before the network did, or Boon itself is restarting. No event will come for either,
 * so this page tries again, waiting twice as long each time (1 s up to 30 s). Offline, the
 * 'online' event (or the worker's Background Sync) sends instead.
 */
const retryLater = (client: QueryClient) => {
  if (retryTimer !== null || !navigator.onLine) return;
  retryDelay = Math.min(LAST_RETRY_MS, retryDelay === 0 ? FIRST_RETRY_MS : retryDelay * 2);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void sendNow(client);
  }, retryDelay);
};

let started: Promise<void> | null = null;

/** Shows what is kept, sends what waits, and from now on sends again on reconnecting. */
export const start = (client: QueryClient) =>
  (started ??= (async () => {
    channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.addEventListener('message', (event: MessageEvent<OutcomeMessage | null>) => {
      if (event.data) settle(client, event.data, true);
      else void refresh();
    });
    window.addEventListener('online', () => void sendNow(client));
    await refresh();
    if (navigator.onLine) await sendNow(client);
  })());

const refusalError = (refusal: Refusal) =>
  new ApiError(refusal.status, refusal.detail, {
    type: 'about:blank',
    title: refusal.title,
    status: refusal.status,
    detail: refusal.detail,
    ...(refusal.field ? { field: refusal.field } : {}),
  });

/**
 * Without IndexedDB (storage switched off, a private window that refuses it), a write is sent
 * once, still under its key, and not kept: out of reach, the caller is told it was not sent.
 */
const sendUnkept = async <T>(write: OutboxWrite): Promise<SendResult<T>> => {
  const outcome = await sendWrite(write);
  if (outcome.kind === 'sent') return { sent: true, body: outcome.body as T };
  if (outcome.kind === 'refused') throw refusalError(outcome.refusal);
  throw new TypeError('Boon could not be reached');
};

/**
 * Keeps the write (shown at once), then sends what waits, this one after any made before it.
 * Boon's answer is the caller's; a refusal now is the caller's to show (the text is still in
 * its form), so the write is not kept; out of reach, it waits and the caller is told so.
 */
export const sendOrKeep = async <T>(
  client: QueryClient,
  draft: NewWrite,
): Promise<SendResult<T>> => {
  const write: OutboxWrite = {
    ...draft,
    key: crypto.randomUUID(),
    owner: deviceId(),
    madeAt: new Date().toISOString(),
  };
  try {
    await start(client);
    inFlight.add(write.key);
    showWrites([...shownWrites(), shown(write)]);
    await outboxStore.put(write);
  } catch (error) {
    console.warn('The outbox is unavailable: sending without keeping', error);
    inFlight.delete(write.key);
    showWrites(shownWrites().filter((kept) => kept.key !== write.key));
    return sendUnkept<T>(write);
  }
  try {
    channel?.postMessage(null);
    await sendNow(client);
    const outcome = outcomes.get(write.key) ?? { kind: 'later' };
    if (outcome.kind === 'sent') return { sent: true, body: outcome.body as T };
    if (outcome.kind === 'refused') {
      await outboxStore.delete(write.key);
      channel?.postMessage(null);
      throw refusalError(outcome.refusal);
    }
    return { sent: false };
  } finally {
    inFlight.delete(write.key);
    outcomes.delete(write.key);
    await refresh();
  }
};

/** A refused write the person has read (and copied their text from): it goes. */
export const dismiss = async (key: string) => {
  await outboxStore.delete(key);
  channel?.postMessage(null);
  await refresh();
};
