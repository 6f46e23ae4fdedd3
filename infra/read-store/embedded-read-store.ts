import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Subject } from 'rxjs';
import { openSqlite, type SqliteDatabase } from '../sqlite';
import { evaluate } from './query/evaluate';
import {
  LeaseLostError,
  type CommitNotice,
  type Doc,
  type Lease,
  type ReadCollection,
  type ReadStore,
  type UnitOfWork,
} from './read-store';
import { commitFeed, commitReader } from './sqlite/commit-feed';
import { countDocuments, explainFind, findDocuments } from './sqlite/document-queries';
import { DocumentCache } from './sqlite/document-cache';
import { DocumentTables, type ReadCounter } from './sqlite/document-tables';
import { DocumentUnit } from './sqlite/document-unit';
import { IndexCatalog } from './sqlite/index-catalog';
import { StoredCollections } from './sqlite/stored-collection';
import { fenceChecker, sqliteLeases } from './sqlite/leases';
import { writeQueue } from './sqlite/write-queue';
import { LEGACY_TABLES, quoteIdentifier, STORE_SCHEMA, tableOf } from './sqlite/sql-names';
import { beginImmediate, writeTransaction } from './sqlite/write-lock';

export type EmbeddedReadStoreOptions = {
  /** How often this process looks for units of work other processes committed. */
  pollIntervalMs?: number;
  /** Commit records kept for processes that read them late; older ones are pruned. */
  keepCommits?: number;
  /** SQLite's page cache per connection. */
  cacheMiB?: number;
  /**
   * Documents the writing connection keeps parsed between units of work (the least recently
   * used go): a projection's hot documents are read from the file once, not once per batch.
   */
  cachedDocuments?: number;
  now?: () => number;
  /**
   * Told when reading other processes' commits keeps failing (every 100th failure in a row):
   * a busy file is retried silently, but a process that stays blind to the others' commits
   * (no notices for its sockets, no read-your-writes) must be seen.
   */
  onWarning?: (err: unknown, message: string) => void;
};

export type EmbeddedReadStore = ReadStore & {
  /** Documents read from the file since the store opened. */
  readonly counter: Readonly<ReadCounter>;
};

/** Longest the end of a unit writes documents back before it lets the event loop serve. */
const WRITE_BACK_SLICE_MS = 25;

/** Rows a dropped collection loses per step, so a large drop never holds the event loop long. */
const DROP_STEP = 2_000;

/**
 * The layout of the file, made or brought up to date at open. Deleted documents are
 * overwritten (`secure_delete`): an erased person's text does not linger in free pages, and
 * the WAL is kept short so it does not linger there either.
 */
const prepareFile = (db: SqliteDatabase, cacheMiB: number) => {
  db.pragma('secure_delete = ON');
  db.pragma(`journal_size_limit = ${8 * 2 ** 20}`);
  db.pragma(`cache_size = -${cacheMiB * 1024}`);
  db.transaction(() => {
    for (const table of LEGACY_TABLES) db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`);
    db.exec(STORE_SCHEMA);
  }).immediate();
  // Writes wait for the lock between turns of the event loop (write-lock.ts), never in SQLite.
  if (!db.memory) db.pragma('busy_timeout = 0');
};

/** A second connection for reads outside units of work: WAL gives it the last commit, never part of one. */
const openReader = (db: SqliteDatabase, cacheMiB: number): SqliteDatabase => {
  if (db.memory) return db;
  const reader = openSqlite(db.name, 'NORMAL');
  reader.pragma('query_only = ON');
  reader.pragma(`cache_size = -${cacheMiB * 1024}`);
  return reader;
};

/**
 * The embedded read store: MongoDB semantics on SQLite's own tables and indexes (see
 * `sql-plan.ts` for what SQL answers and what is matched on the rows it returns). Documents
 * live in the file and are read when asked for; units of work are SQLite transactions on one
 * connection, one after another; reads outside them go through a second connection. Several
 * processes may share the file: leases and fences are checked inside the committing
 * transaction, and committed notices reach the others through `rm_commits`.
 */
export const openEmbeddedReadStore = (
  db: SqliteDatabase,
  options: EmbeddedReadStoreOptions = {},
): EmbeddedReadStore => {
  const cacheMiB = options.cacheMiB ?? 32;
  prepareFile(db, cacheMiB);
  const now = options.now ?? Date.now;
  const origin = randomUUID();
  const reader = openReader(db, cacheMiB);
  const counter: ReadCounter = { documentsRead: 0 };
  const collections = new StoredCollections();
  const writeTables = new DocumentTables(db, counter, collections, 'writer');
  const cache = new DocumentCache(db, options.cachedDocuments ?? 50_000, collections);
  const readTables =
    reader === db ? writeTables : new DocumentTables(reader, counter, collections, 'reader');
  const feed = commitFeed(db, { origin, now, keepCommits: options.keepCommits ?? 20_000 });
  const tokenOf = fenceChecker(db);
  const notices = new Subject<CommitNotice>();

  const indexes = new IndexCatalog(db, writeTables, collections);

  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  // Everything that writes through the connection runs one after another.
  const queue = writeQueue(() => closed);
  const serial = queue.serial;
  /** One after another, each in a write transaction of its own. */
  const serialWrite = <R>(work: () => R | Promise<R>): Promise<R> =>
    serial(() => writeTransaction(db, work));
  /** Between two units of work, ahead of those waiting: lease changes. */
  const urgentWrite = <R>(work: () => R | Promise<R>): Promise<R> =>
    queue.urgent(() => writeTransaction(db, work));
  // With one connection (an in-memory file), reads wait for the unit of work under way.
  let unitInFlight: Promise<unknown> | null = null;
  const settled = async () => {
    if (reader !== db) return;
    while (unitInFlight) await unitInFlight;
  };

  const readCollection = <T extends Doc>(name: string): ReadCollection<T> => ({
    findOne: async (filter) => {
      const plan = indexes.planner(name).plan(filter, { limit: 1 });
      await settled();
      if (typeof filter._id === 'string') {
        const doc = readTables.byId(name, filter._id);
        return doc && evaluate(plan.where, doc) ? (doc as T) : null;
      }
      const [doc] = findDocuments(readTables, name, plan).docs;
      return (doc as T | undefined) ?? null;
    },
    find: async (filter, findOptions = {}) => {
      const plan = indexes.planner(name).plan(filter, findOptions);
      await settled();
      return findDocuments(readTables, name, plan).docs as T[];
    },
    count: async (filter = {}) => {
      const { where } = indexes.planner(name).plan(filter);
      await settled();
      return countDocuments(readTables, name, where);
    },
    explain: async (filter, findOptions = {}) => {
      const plan = indexes.planner(name).plan(filter, findOptions);
      await settled();
      return explainFind(readTables, name, plan);
    },
  });

  const runUnit = async <R>(work: (tx: UnitOfWork) => Promise<R>): Promise<R> => {
    await beginImmediate(db);
    const unit = new DocumentUnit(writeTables, indexes, cache);
    const fences: Pick<Lease, 'name' | 'token'>[] = [];
    const pending: CommitNotice[] = [];
    let result: R;
    try {
      result = await work({
        collection: <T extends Doc>(name: string) => unit.collection<T>(name),
        fence: (lease) => fences.push({ name: lease.name, token: lease.token }),
        notify: (notice) => pending.push(notice),
      });
      await unit.flushInSlices(WRITE_BACK_SLICE_MS);
      unit.markWritten();
      for (const fence of fences) {
        if (tokenOf(fence.name) !== fence.token) throw new LeaseLostError(fence.name);
      }
      feed.record(pending);
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      unit.rolledBack();
      throw error;
    }
    unit.committed();
    pending.forEach((notice) => notices.next(notice));
    return result;
  };

  const store: EmbeddedReadStore = {
    engine: 'embedded',
    counter,
    collection: readCollection,
    transaction: (work) =>
      serial(() => {
        const unit = runUnit(work);
        unitInFlight = unit.catch(() => undefined);
        return unit.finally(() => {
          unitInFlight = null;
        });
      }),
    ensureIndexes: (name, specs, ensureOptions) =>
      serialWrite(() => indexes.ensure(name, specs, ensureOptions?.whenQueried ?? false)),
    dropCollection: async (name) => {
      const table = tableOf(name);
      // A large collection goes a step at a time, other units of work running in between.
      for (;;) {
        const removed = await serialWrite(() =>
          writeTables.exists(name)
            ? db
                .prepare(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} LIMIT ?)`)
                .run(DROP_STEP).changes
            : 0,
        );
        if (removed < DROP_STEP) break;
        await nextTurn();
      }
      await serialWrite(() => {
        db.transaction(() => {
          db.exec(`DROP TABLE IF EXISTS ${table}`);
          db.prepare('DELETE FROM rm_collections WHERE name = ?').run(name);
          db.prepare('DELETE FROM rm_indexes WHERE collection = ?').run(name);
          db.prepare('DELETE FROM rm_versions WHERE collection = ?').run(name);
        }).immediate();
        cache.forget(name);
        writeTables.forget(name);
        readTables.forget(name);
        collections.forget(name);
      });
    },
    listCollections: async () => {
      await settled();
      return reader
        .prepare<[], { name: string }>('SELECT name FROM rm_collections ORDER BY name')
        .all()
        .map((row) => row.name);
    },
    leases: sqliteLeases(db, now, urgentWrite),
    notices: notices.asObservable(),
    announce: (notice) => {
      if (!closed) notices.next(notice);
    },
    close: async () => {
      await serial(() => undefined);
      closed = true;
      if (timer) clearTimeout(timer);
      notices.complete();
      if (reader !== db) reader.close();
    },
  };

  // Other processes' commits: their notices are emitted here once their writes are readable.
  if (reader !== db) {
    const commits = commitReader(reader, origin);
    const pollIntervalMs = options.pollIntervalMs ?? 5;
    let failures = 0;
    const poll = () => {
      if (closed) return;
      try {
        for (;;) {
          const { notices: theirs, more } = commits.read();
          theirs.forEach((notice) => notices.next(notice));
          if (!more) break;
        }
        failures = 0;
      } catch (error) {
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
  }

  return store;
};

/** An embedded read store in memory (one connection, nothing on disk): for specs and tests. */
export const openMemoryReadStore = (options: EmbeddedReadStoreOptions = {}): EmbeddedReadStore => {
  const db = openSqlite(':memory:');
  const store = openEmbeddedReadStore(db, options);
  return {
    ...store,
    close: async () => {
      await store.close();
      db.close();
    },
  };
};
