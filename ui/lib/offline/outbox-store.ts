import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OUTBOX_DB } from './contract';

/** The writes a person may make offline: each waits here until Boon has it. */
export type WriteKind = 'answer' | 'echo' | 'reply' | 'journal';

/** Why Boon said no to a write that waited, in its own words (the problem it answered). */
export type Refusal = { status: number; title: string; detail: string; field?: string };

/**
 * One write kept until it is sent: its request (sent under `key`, its idempotency key, so
 * sending it twice makes one), whose it is, what it is about (to show it where it belongs
 * while it waits) and, once Boon refused it, why (its text is kept until the person lets go).
 */
export type OutboxWrite = {
  /** The idempotency key (a UUID), and the record's key here. */
  key: string;
  kind: WriteKind;
  /** `POST` to this path, with `body` as JSON when there is one. */
  path: string;
  body?: unknown;
  /** The device the write was made on: only that identity sends it, and sign-out drops it. */
  owner: string;
  /** ISO time it was made: writes are sent in the order they were made. */
  madeAt: string;
  /**
   * What it belongs to on screen: the question (and the product day it is asked for), the
   * answer it echoes or replies to, and that answer's author, to say which it was; for an
   * echo, whether it gives the echo (true) or withdraws it (false).
   */
  about: {
    questionId?: number;
    day?: string;
    responseId?: string;
    responseAuthor?: string;
    echoed?: boolean;
  };
  /** The text the person wrote (their answer, reply or entry), kept for them if refused. */
  text?: string;
  refusal?: Refusal;
};

type OutboxSchema = DBSchema & {
  writes: { key: string; value: OutboxWrite; indexes: { madeAt: string } };
};

let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;

/** The outbox's database, opened once per page or worker. */
const database = () =>
  (opening ??= openDB<OutboxSchema>(OUTBOX_DB, 1, {
    upgrade: (db) => {
      db.createObjectStore('writes', { keyPath: 'key' }).createIndex('madeAt', 'madeAt');
    },
    // Sign-out deletes the database (./forget.ts): let go of it, so nothing holds that up.
    blocking: () => {
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  }));

export const outboxStore = {
  /** Every write kept, oldest first. */
  all: async (): Promise<OutboxWrite[]> => (await database()).getAllFromIndex('writes', 'madeAt'),
  get: async (key: string) => (await database()).get('writes', key),
  put: async (write: OutboxWrite) => {
    await (await database()).put('writes', write);
  },
  delete: async (key: string) => {
    await (await database()).delete('writes', key);
  },
  /** Drops every write of every identity: nothing of one person is left for the next. */
  clear: async () => {
    await (await database()).clear('writes');
  },
};
