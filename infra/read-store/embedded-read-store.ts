import { randomUUID } from 'node:crypto';
import type { SqliteDatabase } from '../sqlite';
import { createMemoryCore, type CommitSet, type Persistence } from './memory/memory-read-store';
import {
  LeaseLostError,
  type CommitNotice,
  type Doc,
  type Lease,
  type LeaseStore,
  type ReadStore,
} from './read-store';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS read_collections (name TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS read_documents (
  collection TEXT NOT NULL,
  id TEXT NOT NULL,
  doc TEXT NOT NULL,
  PRIMARY KEY (collection, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS read_commits (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  origin TEXT NOT NULL,
  changes TEXT NOT NULL,
  notices TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS read_leases (
  name TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  token INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
`;

type CommitRow = { seq: number; origin: string; changes: string; notices: string };
type LeaseRow = { name: string; owner: string; token: number; expires_at: number };

export type EmbeddedReadStoreOptions = {
  /** How often this process looks for units of work other processes committed. */
  pollIntervalMs?: number;
  /** Commit records kept for processes that read them late; older ones are pruned. */
  keepCommits?: number;
  now?: () => number;
  /**
   * Told when reading other processes' commits keeps failing (every 100th failure in a row):
   * a busy file is retried silently, but a process that stays blind to the others' commits
   * (no notices for its sockets, stale documents) must be seen.
   */
  onWarning?: (err: unknown, message: string) => void;
};

const toLease = (row: LeaseRow): Lease => ({
  name: row.name,
  owner: row.owner,
  token: row.token,
  expiresAt: row.expires_at,
});

/** Leases in the shared file: each change is one IMMEDIATE transaction, so two processes never both win. */
const sqliteLeases = (db: SqliteDatabase, now: () => number): LeaseStore => {
  const select = db.prepare<[string], LeaseRow>('SELECT * FROM read_leases WHERE name = ?');
  const upsert = db.prepare(
    `INSERT INTO read_leases (name, owner, token, expires_at) VALUES (@name, @owner, @token, @expiresAt)
     ON CONFLICT(name) DO UPDATE SET owner = excluded.owner, token = excluded.token, expires_at = excluded.expires_at`,
  );
  const acquire = db.transaction((name: string, owner: string, ttlMs: number): Lease | null => {
    const row = select.get(name);
    const at = now();
    if (row && row.owner !== owner && row.expires_at > at) return null;
    const token =
      row && row.owner === owner && row.expires_at > at ? row.token : (row?.token ?? 0) + 1;
    const lease = { name, owner, token, expiresAt: at + ttlMs };
    upsert.run(lease);
    return lease;
  });
  const renew = db.transaction((lease: Lease, ttlMs: number): Lease | null => {
    const row = select.get(lease.name);
    if (!row || row.token !== lease.token || row.owner !== lease.owner) return null;
    const renewed = { ...lease, expiresAt: now() + ttlMs };
    upsert.run(renewed);
    return renewed;
  });
  const release = db.transaction((lease: Lease) => {
    const row = select.get(lease.name);
    if (row && row.token === lease.token) upsert.run({ ...toLease(row), expiresAt: 0 });
  });
  return {
    acquire: async (name, owner, ttlMs) => acquire.immediate(name, owner, ttlMs),
    renew: async (lease, ttlMs) => renew.immediate(lease, ttlMs),
    release: async (lease) => release.immediate(lease),
    list: async () => db.prepare<[], LeaseRow>('SELECT * FROM read_leases').all().map(toLease),
  };
};

/**
 * The embedded read store: collections in memory (mingo semantics, declared indexes) persisted
 * in the SQLite file. Several processes may share the file: every unit of work is recorded in
 * `read_commits` with the documents it changed and its notices, and each process tails that
 * record to refresh what it holds in memory and to learn of other processes' commits.
 */
export const openEmbeddedReadStore = (
  db: SqliteDatabase,
  options: EmbeddedReadStoreOptions = {},
): ReadStore => {
  db.exec(SCHEMA);
  const now = options.now ?? Date.now;
  const keepCommits = options.keepCommits ?? 20_000;
  const origin = randomUUID();

  const loadDocuments = db.prepare<[string], { doc: string }>(
    'SELECT doc FROM read_documents WHERE collection = ?',
  );
  const loadDocument = db.prepare<[string, string], { doc: string }>(
    'SELECT doc FROM read_documents WHERE collection = ? AND id = ?',
  );
  const saveDocument = db.prepare(
    `INSERT INTO read_documents (collection, id, doc) VALUES (?, ?, ?)
     ON CONFLICT(collection, id) DO UPDATE SET doc = excluded.doc`,
  );
  const removeDocument = db.prepare('DELETE FROM read_documents WHERE collection = ? AND id = ?');
  const registerCollection = db.prepare('INSERT OR IGNORE INTO read_collections (name) VALUES (?)');
  const dropDocuments = db.prepare('DELETE FROM read_documents WHERE collection = ?');
  const unregisterCollection = db.prepare('DELETE FROM read_collections WHERE name = ?');
  const selectCollections = db.prepare<[], { name: string }>('SELECT name FROM read_collections');
  const selectToken = db.prepare<[string], { token: number }>(
    'SELECT token FROM read_leases WHERE name = ?',
  );
  const insertCommit = db.prepare(
    'INSERT INTO read_commits (origin, changes, notices, at) VALUES (?, ?, ?, ?)',
  );
  const selectCommits = db.prepare<[number], CommitRow>(
    'SELECT seq, origin, changes, notices FROM read_commits WHERE seq > ? ORDER BY seq LIMIT 500',
  );
  const selectLastSeq = db.prepare<[], { seq: number | null }>(
    'SELECT MAX(seq) AS seq FROM read_commits',
  );
  const pruneCommits = db.prepare('DELETE FROM read_commits WHERE seq <= ?');

  let commitsSincePrune = 0;
  const writeCommit = db.transaction((set: CommitSet) => {
    for (const fence of set.fences) {
      if (selectToken.get(fence.name)?.token !== fence.token) throw new LeaseLostError(fence.name);
    }
    const changed: Record<string, string[]> = {};
    for (const [name, docs] of set.changes) {
      registerCollection.run(name);
      changed[name] = [...docs.keys()];
      for (const [id, doc] of docs) {
        if (doc === null) removeDocument.run(name, id);
        else saveDocument.run(name, id, JSON.stringify(doc));
      }
    }
    if (set.changes.size === 0 && set.notices.length === 0) return;
    insertCommit.run(origin, JSON.stringify(changed), JSON.stringify(set.notices), now());
    if (++commitsSincePrune >= 1000) {
      commitsSincePrune = 0;
      const last = selectLastSeq.get()?.seq ?? 0;
      pruneCommits.run(last - keepCommits);
    }
  });

  const persistence: Persistence = {
    load: function* (name) {
      for (const row of loadDocuments.iterate(name)) yield JSON.parse(row.doc) as Doc;
    },
    commit: (set) => writeCommit.immediate(set),
    drop: (name) => {
      db.transaction(() => {
        dropDocuments.run(name);
        unregisterCollection.run(name);
        insertCommit.run(origin, JSON.stringify({ [name]: '*' }), '[]', now());
      }).immediate();
    },
    list: () => selectCollections.all().map((row) => row.name),
  };

  const core = createMemoryCore({
    engine: 'embedded',
    persistence,
    leases: sqliteLeases(db, now),
  });

  // Tail the commit record: other processes' changes refresh what this one holds in memory
  // (read in one snapshot, applied synchronously), then their notices are emitted here.
  let lastSeq = selectLastSeq.get()?.seq ?? 0;
  // Nothing is applied or emitted until the whole snapshot was read: a read that fails (a busy
  // file) leaves `lastSeq` where it was, and the next poll reads the same commits again.
  const readNewCommits = db.transaction(() => {
    const rows = selectCommits.all(lastSeq);
    if (rows.length === 0) return { notices: [] as CommitNotice[], more: false };
    const pruned = rows[0]!.seq > lastSeq + 1;
    const loaded = new Set(core.loadedCollections());
    const notices: CommitNotice[] = [];
    const updates: [string, string, Doc | null][] = [];
    const unload = new Set<string>();
    for (const row of rows) {
      if (row.origin === origin) continue;
      const changed = JSON.parse(row.changes) as Record<string, string[] | '*'>;
      if (!pruned) {
        for (const [name, ids] of Object.entries(changed)) {
          if (!loaded.has(name) || unload.has(name)) continue;
          if (ids === '*') {
            unload.add(name);
            continue;
          }
          for (const id of ids) {
            const row = loadDocument.get(name, id);
            updates.push([name, id, row ? (JSON.parse(row.doc) as Doc) : null]);
          }
        }
      }
      notices.push(...(JSON.parse(row.notices) as CommitNotice[]));
    }
    if (pruned) core.unloadAll();
    else {
      core.applyExternal(updates.filter(([name]) => !unload.has(name)));
      unload.forEach((name) => core.unloadCollection(name));
    }
    lastSeq = rows.at(-1)!.seq;
    return { notices, more: rows.length === 500 };
  });

  const pollIntervalMs = options.pollIntervalMs ?? 5;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  const poll = () => {
    if (closed) return;
    try {
      for (;;) {
        const { notices, more } = readNewCommits();
        notices.forEach((notice) => core.emit(notice));
        if (!more) break;
      }
      failures = 0;
    } catch (error) {
      // A busy or briefly unreadable file: the next poll reads from the same place.
      if (++failures % 100 === 0) {
        options.onWarning?.(
          error,
          `other processes' read-model commits could not be read ${failures} times in a row`,
        );
      }
    } finally {
      timer = closed ? null : setTimeout(poll, pollIntervalMs);
      timer?.unref();
    }
  };
  timer = setTimeout(poll, pollIntervalMs);
  timer.unref();

  return {
    ...core.store,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await core.store.close();
    },
  };
};
