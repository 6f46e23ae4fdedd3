import type { Doc, Lease, ReadStore, UnitOfWork } from '../../infra/read-store/read-store';

/**
 * The push worker's own documents in the read store, beside the read models: none of it is
 * history (it can be lost with the read models' file and costs at most a missed push), and
 * every write is fenced by the worker's lease, so one process at a time sends.
 */

/** A push to make: a reminder on a day, or a person's unread inbox (one at a time each). */
export type OutboxDoc = Doc & {
  personId: string;
  kind: 'reminder' | 'inbox';
  reminderId: string | null;
  /** A reminder's date in its person's zone: it rings once that day. */
  day: string | null;
  /** Epoch milliseconds: not before. */
  dueAt: number;
  state: 'pending' | 'sent';
  attempts: number;
  /** Endpoint hashes it reached already (a retry goes only to the others). */
  sentTo: string[];
  /** Epoch milliseconds: a sent reminder is kept until its day has passed everywhere. */
  keepUntil: number;
};

/** `_id` is a person's id: when their recent inbox pushes went, and what they told of. */
export type BudgetDoc = Doc & {
  sentAt: number[];
  /** The newest notification a push told of: the next tells only of newer ones. */
  lastOrder: string;
  keepUntil: number;
};

/** `reminders`: the last minute scheduled; `inbox`: the last notification looked at. */
export type WorkerStateDoc = Doc & { minute?: number; order?: string };

export const OUTBOX = 'push_outbox';
export const BUDGETS = 'push_budgets';
export const WORKER_STATE = 'push_worker';

export const reminderEntryId = (personId: string, reminderId: string, day: string) =>
  `r~${personId}~${reminderId}~${day}`;
export const inboxEntryId = (personId: string) => `i~${personId}`;

export const prepareOutbox = async (store: ReadStore) => {
  await store.ensureIndexes(OUTBOX, [{ key: { state: 1, dueAt: 1 } }, { key: { keepUntil: 1 } }]);
  await store.ensureIndexes(BUDGETS, [{ key: { keepUntil: 1 } }]);
};

/** A unit of work that commits only while the lease is still this process's. */
export const fenced = <R>(store: ReadStore, lease: Lease, work: (tx: UnitOfWork) => Promise<R>) =>
  store.transaction(async (tx) => {
    tx.fence(lease);
    return work(tx);
  });
