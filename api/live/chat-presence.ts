import type { LiveChatUser } from '../../domain/contracts/mini-live-chat';
import type { Doc, ReadStore, UnitOfWork } from '../../infra/read-store/read-store';

/**
 * Who is in the live chat, on every process: one document per socket in the read store, with
 * an expiry its process keeps pushing forward while the socket lives. Presence is not history:
 * nothing of it enters the log. A process that dies stops renewing, and its sockets' documents
 * lapse and are swept by whichever process looks next.
 */
export const PRESENCE_COLLECTION = 'mini_chat_presence';

/** What processes tell each other through the store when someone came or went. */
export const PRESENCE_NOTICE = 'mini-live:presence';

/** One socket in the chat. `_id` is the connection id; nothing in it is a user or device id, or an address. */
export type PresenceEntry = {
  _id: string;
  processId: string;
  /** The person's opaque public id (a keyed hash): the one browsers see. */
  userId: string;
  pseudonym: string;
  archetype: LiveChatUser['archetype'];
  /** A keyed hash of the client's address: counted, never shown. */
  addressKey: string;
  joinedAt: string;
};

export type PresenceDoc = Doc &
  PresenceEntry & {
    /** Epoch milliseconds; the socket counts as present until then. */
    expiresAt: number;
  };

export type Admission = 'admitted' | 'person-full' | 'address-full';

export type PresenceLimits = { socketsPerPerson: number; socketsPerAddress: number };

export type ChatPresence = {
  /** Creates the collection's indexes (idempotent). */
  prepare(): Promise<void>;
  /** Adds the socket unless its person or address already has as many as the limits allow. */
  join(entry: PresenceEntry, limits: PresenceLimits): Promise<Admission>;
  leave(connectionId: string): Promise<void>;
  /** Everyone of one process leaves at once (a clean shutdown). */
  leaveAll(processId: string): Promise<void>;
  /**
   * Pushes back the expiry of the process's sockets, which are exactly `live`: one that lapsed
   * while its process was stalled comes back, one the process no longer holds goes.
   */
  renew(processId: string, live: readonly PresenceEntry[]): Promise<void>;
  /** Removes what lapsed (a killed process's sockets); true when anyone left. */
  sweep(): Promise<boolean>;
  /** Each person present once (however many sockets), in the order they came. */
  online(): Promise<LiveChatUser[]>;
};

/** A notice no projection owns: read models ignore it, the chat hubs act on its topic. */
const notice = {
  projection: PRESENCE_COLLECTION,
  generation: 0,
  position: '0',
  topics: [PRESENCE_NOTICE],
};

const byArrival = (a: PresenceDoc, b: PresenceDoc) =>
  a.joinedAt < b.joinedAt ? -1 : a.joinedAt > b.joinedAt ? 1 : a._id < b._id ? -1 : 1;

export const chatPresence = (
  store: ReadStore,
  options: { ttlMs: number; now: () => number },
): ChatPresence => {
  const present = () => ({ expiresAt: { $gt: options.now() } });
  const entries = (tx: UnitOfWork) => tx.collection<PresenceDoc>(PRESENCE_COLLECTION);

  return {
    prepare: () =>
      store.ensureIndexes(PRESENCE_COLLECTION, [
        { key: { userId: 1, expiresAt: 1 } },
        { key: { addressKey: 1, expiresAt: 1 } },
        { key: { processId: 1 } },
        { key: { expiresAt: 1 } },
      ]),
    // One unit of work: on one process, two sockets of a person never both pass the count.
    join: (entry, limits) =>
      store.transaction(async (tx) => {
        const docs = entries(tx);
        if ((await docs.count({ userId: entry.userId, ...present() })) >= limits.socketsPerPerson) {
          return 'person-full';
        }
        const fromAddress = await docs.count({ addressKey: entry.addressKey, ...present() });
        if (fromAddress >= limits.socketsPerAddress) return 'address-full';
        await docs.upsertOne({ ...entry, expiresAt: options.now() + options.ttlMs });
        tx.notify(notice);
        return 'admitted';
      }),
    leave: (connectionId) =>
      store.transaction(async (tx) => {
        if ((await entries(tx).deleteOne({ _id: connectionId })) > 0) tx.notify(notice);
      }),
    leaveAll: (processId) =>
      store.transaction(async (tx) => {
        if ((await entries(tx).deleteMany({ processId })) > 0) tx.notify(notice);
      }),
    renew: (processId, live) =>
      store.transaction(async (tx) => {
        const docs = entries(tx);
        const held = new Set((await docs.find({ processId })).map((doc) => doc._id));
        const expiresAt = options.now() + options.ttlMs;
        let changed = false;
        for (const entry of live) {
          changed ||= !held.delete(entry._id);
          await docs.upsertOne({ ...entry, processId, expiresAt });
        }
        for (const stray of held) {
          await docs.deleteOne({ _id: stray });
          changed = true;
        }
        if (changed) tx.notify(notice);
      }),
    sweep: () =>
      store.transaction(async (tx) => {
        const lapsed = await entries(tx).deleteMany({ expiresAt: { $lte: options.now() } });
        if (lapsed > 0) tx.notify(notice);
        return lapsed > 0;
      }),
    online: async () => {
      const docs = await store
        .collection<PresenceDoc>(PRESENCE_COLLECTION)
        .find(present(), { sort: { expiresAt: 1 } });
      const users = new Map<string, LiveChatUser>();
      for (const doc of docs.sort(byArrival)) {
        if (users.has(doc.userId)) continue;
        users.set(doc.userId, {
          id: doc.userId,
          pseudonym: doc.pseudonym,
          archetype: doc.archetype,
        });
      }
      return [...users.values()];
    },
  };
};
