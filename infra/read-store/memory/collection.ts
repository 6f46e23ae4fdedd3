import { compileFilter, project, sortDocs } from '../matching';
import type { Doc, Filter, FindOptions, IndexSpec, SortSpec } from '../read-store';
import { SortedIndex, type Bound, type IndexRange } from './sorted-index';

const isScalar = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

type FieldCondition = { equal?: unknown; in?: unknown[]; lower?: Bound; upper?: Bound };

/** Top-level conditions an index can serve: equalities, $in, and $gt/$gte/$lt/$lte ranges. */
const indexableConditions = (filter: Filter): Map<string, FieldCondition> => {
  const conditions = new Map<string, FieldCondition>();
  const add = (field: string, value: unknown) => {
    if (field.startsWith('$')) return;
    const condition = conditions.get(field) ?? {};
    if (isScalar(value)) condition.equal = value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const ops = Object.entries(value as Record<string, unknown>);
      if (!ops.every(([op]) => ['$eq', '$gt', '$gte', '$lt', '$lte', '$in'].includes(op))) return;
      for (const [op, operand] of ops) {
        if (op === '$in') {
          if (Array.isArray(operand) && operand.every(isScalar)) condition.in = operand;
          continue;
        }
        if (!isScalar(operand)) continue;
        if (op === '$eq') condition.equal = operand;
        if (op === '$gt' || op === '$gte')
          condition.lower = { value: operand, inclusive: op === '$gte' };
        if (op === '$lt' || op === '$lte')
          condition.upper = { value: operand, inclusive: op === '$lte' };
      }
    } else return;
    conditions.set(field, condition);
  };
  for (const [field, value] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(value)) {
      for (const part of value as Filter[]) for (const [f, v] of Object.entries(part)) add(f, v);
    } else add(field, value);
  }
  return conditions;
};

type Plan = {
  index: SortedIndex;
  ranges: IndexRange[];
  /** True when walking the index yields documents already in the requested sort order. */
  ordered: boolean;
  reverse: boolean;
};

const planFor = (
  indexes: Iterable<SortedIndex>,
  conditions: Map<string, FieldCondition>,
  sort: SortSpec | undefined,
): Plan | null => {
  let best: { plan: Plan; score: number } | null = null;
  const sortKeys = sort ? Object.entries(sort) : [];
  for (const index of indexes) {
    const equal: unknown[] = [];
    let inValues: unknown[] | null = null;
    for (const field of index.fields) {
      const condition = conditions.get(field);
      if (condition?.equal !== undefined) equal.push(condition.equal);
      else if (condition?.in && equal.length === 0 && !inValues) {
        inValues = condition.in;
        equal.push(undefined);
      } else break;
    }
    const rangeField = index.fields[equal.length];
    const range = rangeField ? conditions.get(rangeField) : undefined;
    const bounds = {
      ...(range?.lower ? { lower: range.lower } : {}),
      ...(range?.upper ? { upper: range.upper } : {}),
    };
    const rest = index.fields.slice(equal.length);
    let ordered = false;
    let reverse = false;
    if (sortKeys.length > 0 && !inValues && sortKeys.length <= rest.length) {
      const forward = sortKeys.every(
        ([f, d], i) => rest[i] === f && d === index.directions[equal.length + i],
      );
      const backward = sortKeys.every(
        ([f, d], i) => rest[i] === f && d === -index.directions[equal.length + i]!,
      );
      ordered = forward || backward;
      reverse = backward && !forward;
    }
    const usesRange = 'lower' in bounds || 'upper' in bounds;
    const score = equal.length * 4 + (usesRange ? 2 : 0) + (ordered ? 3 : 0);
    if (score === 0) continue;
    const ranges: IndexRange[] = inValues
      ? inValues.map((value) => ({ equal: [value, ...equal.slice(1)], ...bounds }))
      : [{ equal, ...bounds }];
    if (!best || score > best.score) best = { plan: { index, ranges, ordered, reverse }, score };
  }
  return best?.plan ?? null;
};

export type QueryStats = { index: string | null; examined: number };

/**
 * One collection in memory: documents by `_id`, plus the declared indexes, which the
 * planner uses for equality, range and sort so an indexed query never scans the collection.
 */
export class MemoryCollection {
  readonly docs = new Map<string, Doc>();
  private readonly indexes = new Map<string, SortedIndex>();
  lastQuery: QueryStats = { index: null, examined: 0 };

  constructor(readonly name: string) {}

  ensureIndex(spec: IndexSpec): void {
    const name =
      spec.name ??
      Object.entries(spec.key)
        .map(([f, d]) => `${f}_${d}`)
        .join('_');
    if (this.indexes.has(name)) return;
    const index = new SortedIndex(name, spec.key, spec.unique ?? false, this.name);
    for (const doc of this.docs.values()) index.put(doc);
    this.indexes.set(name, index);
  }

  indexNames(): string[] {
    return [...this.indexes.keys()];
  }

  get(id: string): Doc | undefined {
    return this.docs.get(id);
  }

  /**
   * Stores the document (replacing any with its `_id`); throws on a unique-index clash unless
   * the write was already checked where it was made (another process's commit, an undo).
   */
  put(doc: Doc, checked = false): void {
    if (!checked) {
      for (const index of this.indexes.values()) index.checkUnique(doc, (id) => this.docs.get(id));
    }
    this.docs.set(doc._id, doc);
    for (const index of this.indexes.values()) index.put(doc);
  }

  delete(id: string): void {
    if (!this.docs.delete(id)) return;
    for (const index of this.indexes.values()) index.remove(id);
  }

  clear(): void {
    this.docs.clear();
    for (const index of this.indexes.values()) index.clear();
  }

  /**
   * How many documents match. A filter of plain equalities on an index's leading fields is
   * answered from the index alone; anything else counts what `query` finds.
   */
  count(filter: Filter): number {
    const keys = Object.keys(filter);
    const plain = keys.every((key) => {
      const value = filter[key];
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    });
    if (plain && keys.length > 0 && !keys.includes('_id')) {
      for (const index of this.indexes.values()) {
        const leading = index.fields.slice(0, keys.length);
        if (leading.length === keys.length && leading.every((field) => keys.includes(field))) {
          const counted = index.countEqual(leading.map((field) => filter[field]));
          if (counted === null) break;
          this.lastQuery = { index: index.name, examined: 0 };
          return counted;
        }
      }
    }
    return this.query(filter).length;
  }

  /** Matching documents (the stored objects: callers copy before handing them out). */
  query(filter: Filter, options: FindOptions = {}): Doc[] {
    const id = filter._id;
    if (typeof id === 'string') {
      const doc = this.docs.get(id);
      this.lastQuery = { index: '_id', examined: doc ? 1 : 0 };
      // The projections' commonest query, {_id}: nothing else to test.
      const match = doc && (Object.keys(filter).length === 1 || compileFilter(filter)(doc));
      return shapeResult(match ? [doc] : [], options, false);
    }
    const ids = idsListed(id);
    if (ids) {
      // {_id: {$in: [...]}}: a lookup per listed id (a page's echoes, its authors), never a scan.
      const test = compileFilter(filter);
      const listed = ids.map((docId) => this.docs.get(docId)).filter((doc) => doc !== undefined);
      this.lastQuery = { index: '_id', examined: listed.length };
      return shapeResult(listed.filter(test), options, false);
    }
    const test = compileFilter(filter);
    const plan = planFor(this.indexes.values(), indexableConditions(filter), options.sort);
    if (!plan) {
      const found: Doc[] = [];
      for (const doc of this.docs.values()) if (test(doc)) found.push(doc);
      this.lastQuery = { index: null, examined: this.docs.size };
      return shapeResult(found, options, false);
    }
    const wanted =
      plan.ordered && options.limit && options.limit > 0
        ? (options.skip ?? 0) + options.limit
        : Infinity;
    const found: Doc[] = [];
    const seen = plan.ranges.length > 1 ? new Set<string>() : null;
    let examined = 0;
    outer: for (const range of plan.ranges) {
      for (const docId of plan.index.idsMatching(range, plan.reverse)) {
        if (seen) {
          if (seen.has(docId)) continue;
          seen.add(docId);
        }
        const doc = this.docs.get(docId)!;
        examined++;
        if (!test(doc)) continue;
        found.push(doc);
        if (found.length >= wanted) break outer;
      }
    }
    this.lastQuery = { index: plan.index.name, examined };
    return shapeResult(found, options, plan.ordered);
  }
}

/** The distinct ids of `{$in: [ids]}` (strings only, nothing else beside): null otherwise. */
const idsListed = (condition: unknown): string[] | null => {
  if (!condition || typeof condition !== 'object' || Array.isArray(condition)) return null;
  const keys = Object.keys(condition);
  const listed = (condition as { $in?: unknown }).$in;
  if (keys.length !== 1 || !Array.isArray(listed)) return null;
  if (!listed.every((value) => typeof value === 'string')) return null;
  return [...new Set(listed as string[])];
};

const shapeResult = (docs: Doc[], options: FindOptions, ordered: boolean): Doc[] => {
  let result = options.sort && !ordered ? sortDocs(docs, options.sort) : docs;
  if (options.skip) result = result.slice(options.skip);
  if (options.limit !== undefined && options.limit > 0) result = result.slice(0, options.limit);
  return options.projection ? result.map((d) => project(d, options.projection!)) : result;
};
