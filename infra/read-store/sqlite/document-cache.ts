import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from '../../sqlite';
import type { Doc } from '../read-store';
import { DocumentLru } from '../document-lru';
import type { StoredCollections } from './stored-collection';

/**
 * Documents the writing connection read or committed lately (a bounded `DocumentLru`), so a
 * projection that touches the same documents batch after batch (a question's counters, a
 * person's progress) reads each from the file once.
 *
 * Several processes may write one file, so every collection has a version in `rm_versions`,
 * moved by each unit of work that writes it. A unit checks a collection's version the first
 * time it uses the collection (it holds the write lock, so nothing moves meanwhile): when
 * another process wrote it since, what is cached of it is dropped. The version the cache
 * holds a collection at is kept on the collection's object.
 */
export class DocumentCache {
  private readonly documents: DocumentLru;
  private readonly selectVersion: Statement<[string], { version: number }>;
  private readonly bumpVersion: Statement<[string], { version: number }>;

  constructor(
    db: SqliteDatabase,
    capacity: number,
    private readonly collections: StoredCollections,
  ) {
    this.documents = new DocumentLru(capacity);
    this.selectVersion = db.prepare('SELECT version FROM rm_versions WHERE collection = ?');
    this.bumpVersion = db.prepare(
      `INSERT INTO rm_versions (collection, version) VALUES (?, 1)
       ON CONFLICT(collection) DO UPDATE SET version = version + 1 RETURNING version`,
    );
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
    return this.documents.get(collection, id);
  }

  /** Remembers a document as committed (or read); the caller hands over the object. */
  put(collection: string, id: string, doc: Doc | null): void {
    this.documents.put(collection, id, doc);
  }

  /** Inside the committing transaction: the collection was written; its version moves. */
  written(name: string): void {
    this.collections.get(name).version = this.bumpVersion.get(name)!.version;
  }

  forget(name: string): void {
    this.collections.get(name).version = undefined;
    this.documents.forget(name);
  }
}
