import { outboxStore, type OutboxWrite, type Refusal } from './outbox-store';

/** What sending a write came to. */
export type SendOutcome =
  | { kind: 'sent'; body: unknown }
  /** Boon said no (a 4xx): the day ended, the limit, the analyzer. Said to the person. */
  | { kind: 'refused'; refusal: Refusal }
  /** Offline, Boon out of reach or failing (5xx): it waits and goes again later. */
  | { kind: 'later' };

const refusalOf = (status: number, text: string): Refusal => {
  try {
    const problem = JSON.parse(text) as Partial<Refusal>;
    return {
      status,
      title: problem.title ?? 'Not accepted',
      detail: problem.detail ?? text,
      ...(problem.field ? { field: problem.field } : {}),
    };
  } catch {
    return { status, title: 'Not accepted', detail: text || `Boon answered ${status}.` };
  }
};

/**
 * Sends one write under its idempotency key, as the device that made it: sent again after a
 * reload, from a second tab or by the service worker, the server answers as it did the first
 * time and makes nothing twice. An answer that never arrived is a send to make again.
 */
export const sendWrite = async (write: OutboxWrite): Promise<SendOutcome> => {
  try {
    const response = await fetch(write.path, {
      method: 'POST',
      headers: {
        'X-Device-ID': write.owner,
        'Idempotency-Key': write.key,
        Accept: 'application/json',
        ...(write.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      credentials: 'include',
      ...(write.body === undefined ? {} : { body: JSON.stringify(write.body) }),
    });
    const text = await response.text();
    if (response.ok) return { kind: 'sent', body: text ? (JSON.parse(text) as unknown) : null };
    if (response.status >= 500) return { kind: 'later' };
    return { kind: 'refused', refusal: refusalOf(response.status, text) };
  } catch {
    return { kind: 'later' };
  }
};

/**
 * One sender at a time across the tabs and the worker (a Web Lock where there is one): each
 * reads what still waits once it holds the lock, so a write another sender just sent is gone.
 * Without the lock, two senders still make one of each write (the key), only with a wasted request.
 */
const oneSender = async <T>(work: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && 'locks' in navigator
    ? await navigator.locks.request('boon-outbox', work)
    : work();

/**
 * Sends what waits, oldest first (an answer before the echo made after it): each sent write
 * leaves the outbox, each refused one stays with Boon's reason until the person has read it.
 * Stops at the first that must wait: the rest keep their order. `owner`: only that device's
 * writes (a page sends its own person's; the worker, every device's it holds).
 */
export const sendWaiting = (
  owner: string | null,
  onOutcome: (write: OutboxWrite, outcome: SendOutcome) => Promise<void> | void,
): Promise<'done' | 'later'> =>
  oneSender(async () => {
    for (const write of await outboxStore.all()) {
      if (write.refusal || (owner !== null && write.owner !== owner)) continue;
      const outcome = await sendWrite(write);
      if (outcome.kind === 'later') return 'later';
      if (outcome.kind === 'sent') await outboxStore.delete(write.key);
      else await outboxStore.put({ ...write, refusal: outcome.refusal });
      await onOutcome(write, outcome);
    }
    return 'done';
  });
