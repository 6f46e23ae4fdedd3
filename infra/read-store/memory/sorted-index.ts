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

/** Entries per block: inserting or removing moves at most this many, whatever the index holds. */
const BLOCK = 512;

/**
 * One declared index: every document's key values in index order, kept as a list of sorted
 * blocks (each at most BLOCK entries), so an insert or removal is a binary search plus a
 * short move, and a range is read in order from where a binary search puts it.
 */
export class SortedIndex {
  readonly fields: string[];
  readonly directions: (1 | -1)[];
  private blocks: Entry[][] = [];
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

  /** True once any document held an array in an indexed field (equality then matches elements). */
  private multikey = false;

  private entryOf(doc: Doc): Entry {
    const values = this.fields.map((field) => valueAt(doc, field) ?? null);
    if (values.some(Array.isArray)) this.multikey = true;
    return { values, id: doc._id };
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

  /** The block an entry belongs in: the first whose last entry is not before it. */
  private blockFor(entry: Entry): number {
    let low = 0;
    let high = this.blocks.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const block = this.blocks[mid]!;
      if (this.compare(block[block.length - 1]!, entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private positionIn(block: Entry[], entry: Entry): number {
    let low = 0;
    let high = block.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(block[mid]!, entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  put(doc: Doc): void {
    const entry = this.entryOf(doc);
    const existing = this.byId.get(doc._id);
    if (existing) {
      if (this.sameValues(existing.values, entry.values)) return;
      this.remove(doc._id);
    }
    this.byId.set(doc._id, entry);
    if (this.blocks.length === 0) {
      this.blocks.push([entry]);
      return;
    }
    const b = this.blockFor(entry);
    const block = this.blocks[b]!;
    block.splice(this.positionIn(block, entry), 0, entry);
    if (block.length > BLOCK * 2)
      this.blocks.splice(b, 1, block.slice(0, BLOCK), block.slice(BLOCK));
  }

  remove(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    const b = this.blockFor(entry);
    const block = this.blocks[b]!;
    const at = this.positionIn(block, entry);
    if (block[at]?.id !== id) return;
    block.splice(at, 1);
    if (block.length === 0) this.blocks.splice(b, 1);
  }

  clear(): void {
    this.blocks = [];
    this.byId.clear();
  }

  /** Compares an entry's key with a probe on the probe's fields. */
  private compareKey(entry: Entry, probe: unknown[]): number {
    for (let i = 0; i < probe.length; i++) {
      const order = compareValues(entry.values[i], probe[i]);
      if (order !== 0) return order * this.directions[i]!;
    }
    return 0;
  }

  /** [block, offset] of the first entry not before the probe (or after it, with `after`). */
  private boundary(probe: unknown[], after: boolean): [number, number] {
    const before = (entry: Entry) => {
      const order = this.compareKey(entry, probe);
      return order < 0 || (after && order === 0);
    };
    let low = 0;
    let high = this.blocks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const block = this.blocks[mid]!;
      if (before(block[block.length - 1]!)) low = mid + 1;
      else high = mid;
    }
    if (low === this.blocks.length) return [low, 0];
    const block = this.blocks[low]!;
    let first = 0;
    let last = block.length;
    while (first < last) {
      const mid = (first + last) >>> 1;
      if (before(block[mid]!)) first = mid + 1;
      else last = mid;
    }
    return [low, first];
  }

  /**
   * How many entries have these values on the first fields: two binary searches and a sum of
   * block sizes, without visiting the entries (a count costs the same at any list size). Null
   * when an indexed field ever held an array: then only the documents can say.
   */
  countEqual(equal: unknown[]): number | null {
    if (this.multikey) return null;
    const [startBlock, startOffset] = this.boundary(equal, false);
    const [endBlock, endOffset] =
      equal.length === 0 ? [this.blocks.length, 0] : this.boundary(equal, true);
    if (startBlock === endBlock) return Math.max(0, endOffset - startOffset);
    let count = this.blocks[startBlock]!.length - startOffset + endOffset;
    for (let b = startBlock + 1; b < endBlock; b++) count += this.blocks[b]!.length;
    return count;
  }

  /**
   * Ids in index order (or reversed) whose key lies in the range: equal on the first
   * fields, then between the bounds on the next one.
   */
  *idsMatching(range: IndexRange, reverse = false): Generator<string> {
    const { equal, lower, upper } = range;
    const direction = this.directions[equal.length] ?? 1;
    // In index order, an ascending field's lower bound comes first; a descending one's upper.
    const first = direction === 1 ? lower : upper;
    const last = direction === 1 ? upper : lower;
    const start = first
      ? this.boundary([...equal, first.value], !first.inclusive)
      : this.boundary(equal, false);
    const end = last
      ? this.boundary([...equal, last.value], last.inclusive)
      : equal.length === 0
        ? ([this.blocks.length, 0] as [number, number])
        : this.boundary(equal, true);
    const at = (p: [number, number]) => p[0] * (BLOCK * 4) + p[1];
    if (at(start) >= at(end)) return;
    if (!reverse) {
      for (let b = start[0]; b <= end[0] && b < this.blocks.length; b++) {
        const block = this.blocks[b]!;
        const from = b === start[0] ? start[1] : 0;
        const to = b === end[0] ? end[1] : block.length;
        for (let i = from; i < to; i++) yield block[i]!.id;
      }
    } else {
      for (let b = Math.min(end[0], this.blocks.length - 1); b >= start[0]; b--) {
        const block = this.blocks[b]!;
        const from = b === start[0] ? start[1] : 0;
        const to = b === end[0] ? end[1] : block.length;
        for (let i = to - 1; i >= from; i--) yield block[i]!.id;
      }
    }
  }
}
