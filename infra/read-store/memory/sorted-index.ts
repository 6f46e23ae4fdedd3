import type { Doc } from '../read-store';
import { compareValues, valueAt } from './values';

export type IndexKey = Record<string, 1 | -1>;

type Entry = { values: unknown[]; id: string };

export type Bound = { value: unknown; inclusive: boolean };
/** Equalities on the first fields, then an optional range on the next one. */
export type IndexRange = { equal: unknown[]; lower?: Bound; upper?: Bound };

class UniqueKeyError extends Error {
  constructor(collection: string, index: string, id: string) {
    super(`E11000 duplicate key error collection: ${collection} index: ${index} dup key (${id})`);
    this.name = 'DuplicateKeyError';
  }
}

/**
 * One declared index: every document's key values in index order, kept in a sorted array.
 * Single writes are placed by binary search; a burst of writes (a rebuild) is buffered and
 * merged in one sort at the next read, so building an index stays O(n log n).
 */
export class SortedIndex {
  readonly fields: string[];
  readonly directions: (1 | -1)[];
  private sorted: Entry[] = [];
  private pending: Entry[] = [];
  private removed = new Set<string>();
  private readonly byId = new Map<string, Entry>();

  constructor(
    readonly name: string,
    key: IndexKey,
    readonly unique: boolean,
    private readonly collection: string,
  ) {
    this.fields = Object.keys(key);
    this.directions = Object.values(key);
  }

  private compare = (a: Entry, b: Entry): number => {
    for (let i = 0; i < this.fields.length; i++) {
      const order = compareValues(a.values[i], b.values[i]);
      if (order !== 0) return order * this.directions[i]!;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };

  private entryOf(doc: Doc): Entry {
    return { values: this.fields.map((field) => valueAt(doc, field) ?? null), id: doc._id };
  }

  private sameValues(a: unknown[], b: unknown[]) {
    return a.every((value, i) => compareValues(value, b[i]) === 0);
  }

  /** Throws when another document already holds this document's key in a unique index. */
  checkUnique(doc: Doc, lookup: (id: string) => Doc | undefined): void {
    if (!this.unique) return;
    const values = this.entryOf(doc).values;
    for (const id of this.idsMatching({ equal: values })) {
      if (id !== doc._id && lookup(id)) throw new UniqueKeyError(this.collection, this.name, id);
    }
  }

  put(doc: Doc): void {
    const entry = this.entryOf(doc);
    const existing = this.byId.get(doc._id);
    if (existing) {
      if (this.sameValues(existing.values, entry.values)) return;
      this.remove(doc._id);
    }
    this.byId.set(doc._id, entry);
    this.removed.delete(doc._id);
    if (this.pending.length === 0 && this.sorted.length < 50_000) {
      this.sorted.splice(this.position(entry), 0, entry);
    } else {
      this.pending.push(entry);
    }
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    if (this.pending.length > 0) {
      this.removed.add(id);
      return;
    }
    const at = this.position(entry);
    if (this.sorted[at]?.id === id) this.sorted.splice(at, 1);
  }

  clear(): void {
    this.sorted = [];
    this.pending = [];
    this.removed.clear();
    this.byId.clear();
  }

  private settle(): void {
    if (this.pending.length === 0 && this.removed.size === 0) return;
    const kept = this.removed.size
      ? this.sorted.filter((e) => !this.removed.has(e.id) || this.byId.get(e.id) !== e)
      : this.sorted;
    const live = this.pending.filter((e) => this.byId.get(e.id) === e);
    live.sort(this.compare);
    this.sorted = merge(kept, live, this.compare);
    this.pending = [];
    this.removed.clear();
  }

  /** First position whose entry is not before `entry`. */
  private position(entry: Entry): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.sorted[mid]!, entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Compares an entry's key with a probe on the first `length` fields (and the range field). */
  private compareKey(entry: Entry, probe: unknown[], length: number): number {
    for (let i = 0; i < length; i++) {
      const order = compareValues(entry.values[i], probe[i]);
      if (order !== 0) return order * this.directions[i]!;
    }
    return 0;
  }

  /** First index of an entry whose key is not before the probe (or after it, with `after`). */
  private boundary(probe: unknown[], after: boolean): number {
    let low = 0;
    let high = this.sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = this.compareKey(this.sorted[mid]!, probe, probe.length);
      if (order < 0 || (after && order === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Ids in index order (or reversed) whose key lies in the range: equal on the first
   * fields, then between the bounds on the next one.
   */
  *idsMatching(range: IndexRange, reverse = false): Generator<string> {
    this.settle();
    const { equal, lower, upper } = range;
    const field = equal.length;
    const direction = this.directions[field] ?? 1;
    // In index order, an ascending field's lower bound comes first; a descending one's upper.
    const first = direction === 1 ? lower : upper;
    const last = direction === 1 ? upper : lower;
    let start = first
      ? this.boundary([...equal, first.value], !first.inclusive)
      : this.boundary(equal, false);
    const end = last
      ? this.boundary([...equal, last.value], last.inclusive)
      : equal.length === 0
        ? this.sorted.length
        : this.boundary(equal, true);
    if (start > end) start = end;
    if (!reverse) {
      for (let i = start; i < end; i++) yield this.sorted[i]!.id;
    } else {
      for (let i = end - 1; i >= start; i--) yield this.sorted[i]!.id;
    }
  }
}

const merge = (a: Entry[], b: Entry[], compare: (x: Entry, y: Entry) => number): Entry[] => {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Array<Entry>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
};
