import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sealingOf } from '../../domain/event-catalog';
import type { KeyVault } from '../key-vault/key-vault';
import type { EventStore, EventToAppend, RecordedEvent } from './event-store';

/** Opening a long page gives the event loop a turn after this long (see `openAll`). */
const SLICE_MS = 10;

/**
 * A sealed field as the log keeps it: AES-256-GCM under its person's key, bound to the event
 * and field it belongs to (a sealed value copied into another event does not open).
 */
type SealedField = { sealed: 1; keyId: string; iv: string; tag: string; ciphertext: string };

const isSealedField = (value: unknown): value is SealedField =>
  typeof value === 'object' &&
  value !== null &&
  (value as { sealed?: unknown }).sealed === 1 &&
  typeof (value as { ciphertext?: unknown }).ciphertext === 'string';

const boundTo = (eventId: string, field: string) => Buffer.from(`${eventId}/${field}`, 'utf8');

const sealValue = (key: Buffer, keyId: string, aad: Buffer, value: unknown): SealedField => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    sealed: 1,
    keyId,
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    ciphertext: ciphertext.toString('base64url'),
  };
};

const openValue = (key: Buffer, aad: Buffer, field: SealedField): unknown => {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(field.iv, 'base64url'));
  decipher.setAAD(aad);
  decipher.setAuthTag(Buffer.from(field.tag, 'base64url'));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(field.ciphertext, 'base64url')),
    decipher.final(),
  ]);
  return JSON.parse(plain.toString('utf8'));
};

/**
 * An event's personal fields sealed with the given key of its subject (the person its type
 * names); an event of a type without sealed fields comes back as it was. Synchronous, for
 * writers that hold the keys already (a synthetic log); the store seals through the vault.
 */
export const sealWithKey = (
  event: EventToAppend,
  keyOf: (subject: string) => Buffer,
): EventToAppend => {
  const sealing = sealingOf(event.type);
  if (!sealing) return event;
  const data = { ...(event.data as Record<string, unknown>) };
  const subject = sealing.subject(data);
  if (subject === null) return event;
  const key = keyOf(subject);
  for (const field of sealing.fields) {
    const value = data[field];
    if (value === null || value === undefined) continue;
    data[field] = sealValue(key, subject, boundTo(event.id, field), value);
  }
  return { ...event, data };
};

export type SealingOptions = {
  /**
   * How long a key (or its absence) is remembered. Another process that destroys a key is
   * seen after this at the latest; this process's own erasures and every `PersonErased` it
   * reads take effect at once.
   */
  keyCacheMs?: number;
  maxCachedKeys?: number;
  now?: () => number;
};

type Cached = { key: Buffer | null; until: number };

/**
 * Keys as the decorator sees them: the vault's, remembered for a short while (a rebuild opens
 * hundreds of thousands of fields of a few thousand people). Bounded as two generations of at
 * most half the capacity each: a key used from the older moves to the newer, and when the newer
 * fills, the older is dropped whole. Deleting the oldest entry of one Map per new key (an LRU)
 * cost a catch-up over 190,000 people 12 % of its time: V8 walks the holes deletes leave at
 * the front of a Map.
 */
const keyCache = (vault: KeyVault, options: SealingOptions) => {
  const ttl = options.keyCacheMs ?? 30_000;
  const half = Math.max(1, Math.floor((options.maxCachedKeys ?? 50_000) / 2));
  const now = options.now ?? Date.now;
  let recent = new Map<string, Cached>();
  let older = new Map<string, Cached>();
  const keep = (subject: string, entry: Cached) => {
    if (recent.size >= half && !recent.has(subject)) {
      older = recent;
      recent = new Map();
    }
    recent.set(subject, entry);
  };
  const remember = (subject: string, key: Buffer | null) => {
    older.delete(subject);
    keep(subject, { key, until: now() + ttl });
    return key;
  };
  const fresh = (subject: string) => {
    let entry = recent.get(subject);
    if (!entry) {
      entry = older.get(subject);
      if (entry) {
        older.delete(subject);
        keep(subject, entry);
      }
    }
    return entry && entry.until > now() ? entry : null;
  };
  return {
    /** For sealing: the subject's key, made on first use. */
    sealingKey: async (subject: string) =>
      fresh(subject)?.key ?? (remember(subject, await vault.keyFor(subject)) as Buffer),
    /**
     * For opening: each subject's key, or null once destroyed. Answered as a map of its own,
     * never looked up in the cache afterwards: reads of other pages meanwhile may push these
     * keys out of it, and a key pushed out is not a key destroyed (read as null, an answer
     * looked erased to the projections).
     */
    load: async (subjects: Iterable<string>): Promise<Map<string, Buffer | null>> => {
      const found = new Map<string, Buffer | null>();
      const missing: string[] = [];
      for (const subject of new Set(subjects)) {
        const cached = fresh(subject);
        if (cached) found.set(subject, cached.key);
        else missing.push(subject);
      }
      if (missing.length > 0) {
        for (const [subject, key] of await vault.findMany(missing)) {
          found.set(subject, remember(subject, key));
        }
      }
      return found;
    },
    forget: (subject: string) => {
      recent.delete(subject);
      older.delete(subject);
    },
  };
};

/**
 * The event store with personal fields sealed at its boundary. Each event definition says
 * which fields are personal and whose key seals them (`sealed` in `defineEvent`); on append
 * those fields are encrypted with that person's key from the key vault, on read they are
 * opened again, or read as null once the key was destroyed (erasure). Deciders, projections,
 * reactors and replays see plain values and stay pure; the log itself never holds them.
 *
 * Events written before their type was sealed (older versions) keep their fields as written.
 */
export const sealingEventStore = (
  inner: EventStore,
  vault: KeyVault,
  options: SealingOptions = {},
): { events: EventStore; vault: KeyVault } => {
  const keys = keyCache(vault, options);

  const sealEvent = async (event: EventToAppend): Promise<EventToAppend> => {
    const sealing = sealingOf(event.type);
    if (!sealing) return event;
    const subject = sealing.subject(event.data as Record<string, unknown>);
    if (subject === null) return event;
    const key = await keys.sealingKey(subject);
    return sealWithKey(event, () => key);
  };

  const sealedFieldsOf = (event: RecordedEvent): SealedField[] => {
    const sealing = sealingOf(event.type);
    if (!sealing) return [];
    const data = event.data as Record<string, unknown>;
    return sealing.fields.map((field) => data[field]).filter(isSealedField);
  };

  const openEvent = (event: RecordedEvent, keysOf: Map<string, Buffer | null>): RecordedEvent => {
    const sealing = sealingOf(event.type);
    if (!sealing) return event;
    const data = { ...(event.data as Record<string, unknown>) };
    for (const field of sealing.fields) {
      const value = data[field];
      if (!isSealedField(value)) continue;
      const key = keysOf.get(value.keyId);
      // A key that opens nothing was altered: that is a fault to see, never "erased".
      data[field] = key ? openValue(key, boundTo(event.id, field), value) : null;
    }
    return { ...event, data };
  };

  /** Opens a page of events: their keys fetched together, then each opened in order. */
  const openAll = async (page: RecordedEvent[]): Promise<RecordedEvent[]> => {
    for (const event of page) {
      if (event.type === 'PersonErased') {
        keys.forget((event.data as { personId: string }).personId);
      }
    }
    const keysOf = await keys.load(page.flatMap(sealedFieldsOf).map((field) => field.keyId));
    // A rebuild's page is opened with a turn of the event loop every SLICE_MS (in one piece,
    // 20,000 events held the thread that serves for up to 340 ms).
    const opened: RecordedEvent[] = [];
    let slice = performance.now();
    for (let i = 0; i < page.length; i++) {
      opened.push(openEvent(page[i]!, keysOf));
      if (i % 100 === 99 && performance.now() - slice > SLICE_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    return opened;
  };

  const events: EventStore = {
    engine: inner.engine,
    appendToStream: async (streamId, toAppend, expected) =>
      inner.appendToStream(streamId, await Promise.all(toAppend.map(sealEvent)), expected),
    readStream: async (streamId, readOptions) => {
      const page = await inner.readStream(streamId, readOptions);
      return readOptions?.openPersonalFields === false ? page : openAll(page);
    },
    readAll: async (readOptions) => openAll(await inner.readAll(readOptions)),
    subscribeToAll: (start, signal) => ({
      [Symbol.asyncIterator]: async function* () {
        for await (const event of inner.subscribeToAll(start, signal)) {
          yield (await openAll([event]))[0]!;
        }
      },
    }),
    headPosition: () => inner.headPosition(),
    countEventsAfter: (position, cap) => inner.countEventsAfter(position, cap),
    close: () => inner.close(),
  };

  return {
    events,
    vault: {
      keyFor: (subject) => vault.keyFor(subject),
      find: (subject) => vault.find(subject),
      findMany: (subjects) => vault.findMany(subjects),
      destroy: async (subject) => {
        await vault.destroy(subject);
        keys.forget(subject);
      },
      importKeys: (imported) => vault.importKeys(imported),
      listSubjects: (after, limit) => vault.listSubjects(after, limit),
    },
  };
};
