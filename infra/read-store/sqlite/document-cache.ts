import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../sqlite';
import type { Doc } from '../read-store';
import type { StoredCollections } from './stored-collection';

type Cached = { collection: string; doc: Doc | null };

/**
 * Documents the writing connection read or committed lately, so a projection that touches
 * the same documents batch after batch (a question's counters, a person's progress) reads
 * each from the file once. Bounded by a number of documents, never a copy of a collection:
 * two generations of at most half the capacity each; a document used from the older one
 * moves to the newer, and when the newer fills, the older is dropped whole (an LRU's effect
 * without deleting from the front of a Map, which V8 makes slower as holes pile up).
 *
 * Several processes may write one file, so every collection has a version in `rm_versions`,
 * moved by each unit of work that writes it. A unit checks a collection's version the first
 * time it uses the collection (it holds the write lock, so nothing moves meanwhile): when
 * another process wrote it since, what is cached of it is dropped. The version the cache
 * holds a collection at is kept on the collection's object.
 */
export class DocumentCache {
  private recent = new Map<string, Cached>();
  private older = new Map<string, Cached>();
  private readonly selectVersion: Statement<[string], { version: number }>;
  private readonly bumpVersion: Statement<[string], { version: number }>;

  constructor(
    db: SqliteDatabase,
    private readonly capacity: number,
    private readonly collections: StoredCollections,
  ) {
    this.selectVersion = db.prepare('SELECT version FROM rm_versions WHERE collection = ?');
    this.bumpVersion = db.prepare(
      `INSERT INTO rm_versions (collection, version) VALUES (?, 1)
       ON CONFLICT(collection) DO UPDATE SET version = version + 1 RETURNING version`,
    );
  }

  private static key(collection: string, id: string) {
    return `${collection}\u0000${id}`;
  }

  /**
   * Called inside a unit of work before its first use of a collection: forgets what is cached
   * of it when another process wrote it since.
   */
  validate(name: string): void {
    const stored = this.selectVersion.get(name)?.version ?? 0;
    if (this.collections.get(name).version === stored) return;
    this.forget(name);
    this.collections.get(name).version = stored;
  }

  /** A document as last committed: undefined when not cached, null when known missing. */
  get(collection: string, id: string): Doc | null | undefined {
    const key = DocumentCache.key(collection, id);
    const cached = this.recent.get(key);
    if (cached) return cached.doc;
    const old = this.older.get(key);
    if (!old) return undefined;
    this.older.delete(key);
    this.keep(key, old);
    return old.doc;
  }

  /** Remembers a document as committed (or read); the caller hands over the object. */
  put(collection: string, id: string, doc: Doc | null): void {
    const key = DocumentCache.key(collection, id);
    this.older.delete(key);
    this.keep(key, { collection, doc });
  }

  private keep(key: string, cached: Cached) {
    if (this.capacity < 2) return;
    if (this.recent.size >= this.capacity / 2 && !this.recent.has(key)) {
      this.older = this.recent;
      this.recent = new Map();
    }
    this.recent.set(key, cached);
  }

  /** Inside the committing transaction: the collection was written; its version moves. */
  written(name: string): void {
    this.collections.get(name).version = this.bumpVersion.get(name)!.version;
  }

  forget(name: string): void {
    this.collections.get(name).version = undefined;
    for (const generation of [this.recent, this.older]) {
      for (const [key, cached] of generation) {
        if (cached.collection === name) generation.delete(key);
      }
    }
  }
}
