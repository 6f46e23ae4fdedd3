import type { Doc } from './read-store';

type Cached = { collection: string; doc: Doc | null };

/**
 * Documents a store's writer read or committed lately, bounded by a number of documents,
 * never a copy of a collection: two generations of at most half the capacity each; a
 * document used from the older one moves to the newer, and when the newer fills, the older
 * is dropped whole (an LRU's effect without deleting from the front of a Map, which V8 makes
 * slower as holes pile up). Whether what it holds of a collection is still what is stored is
 * the store's to check (each collection's version).
 */
export class DocumentLru {
  private recent = new Map<string, Cached>();
  private older = new Map<string, Cached>();

  constructor(private readonly capacity: number) {}

  private static key(collection: string, id: string) {
    return `${collection}\u0000${id}`;
  }

  /** A document as last committed: undefined when not cached, null when known missing. */
  get(collection: string, id: string): Doc | null | undefined {
    const key = DocumentLru.key(collection, id);
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
    const key = DocumentLru.key(collection, id);
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

  /** Drops everything held of one collection. */
  forget(collection: string): void {
    for (const generation of [this.recent, this.older]) {
      for (const [key, cached] of generation) {
        if (cached.collection === collection) generation.delete(key);
      }
    }
  }
}
