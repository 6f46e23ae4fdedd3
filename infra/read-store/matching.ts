import { Query, update } from 'mingo';
import { fastFilter, fastUpdate } from './fast-paths';
import { compareValues, setOwn, valueAt } from './values';
import type { Doc, Filter, SortSpec, UpdateSpec } from './read-store';

const isPlainEquality = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Compiles a MongoDB filter: the read models' operators by hand, anything else by mingo. */
export const compileFilter = (filter: Filter): ((doc: Doc) => boolean) => {
  const fast = fastFilter(filter);
  if (fast) return fast;
  const query = new Query(filter);
  return (doc) => query.test(doc);
};

/** The `_id` a filter pins down exactly, if it does. */
export const idOf = (filter: Filter): string | null =>
  typeof filter._id === 'string' ? filter._id : null;

export const sortDocs = (docs: Doc[], sort: SortSpec): Doc[] => {
  const keys = Object.entries(sort).map(([path, direction]) => ({ path, direction }));
  // Each document's sort values are read once, not on every comparison.
  const decorated = docs.map((doc) => ({
    doc,
    values: keys.map(({ path }) => valueAt(doc, path)),
  }));
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const order = compareValues(a.values[i], b.values[i]);
      if (order !== 0) return order * keys[i]!.direction;
    }
    return 0;
  });
  return decorated.map((d) => d.doc);
};

export const project = (doc: Doc, projection: Record<string, 0 | 1>): Doc => {
  const entries = Object.entries(projection);
  const including = entries.some(([key, flag]) => flag === 1 && key !== '_id');
  if (including) {
    const out: Record<string, unknown> = {};
    if (projection._id !== 0) out._id = doc._id;
    for (const [key, flag] of entries) {
      if (flag === 1 && Object.hasOwn(doc, key)) setOwn(out, key, doc[key]);
    }
    return out as Doc;
  }
  const out: Record<string, unknown> = { ...doc };
  for (const [key, flag] of entries) if (flag === 0) delete out[key];
  return out as Doc;
};

export const isOperatorUpdate = (spec: UpdateSpec) =>
  Object.keys(spec).every((k) => k.startsWith('$'));

/** Applies a MongoDB update document in place. */
export const applyUpdate = (doc: Doc, spec: UpdateSpec): void => {
  if (!isOperatorUpdate(spec)) throw new Error('Update documents must use update operators');
  if (!fastUpdate(doc, spec)) update(doc, spec as never);
};

/** The fields an upsert takes from its filter (top-level equalities). */
export const seedFromFilter = (filter: Filter): Doc => {
  const seed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (!key.startsWith('$') && !key.includes('.') && isPlainEquality(value)) {
      setOwn(seed, key, value);
    }
  }
  return seed as Doc;
};

/** Documents are JSON data, so a plain recursive copy is all a clone needs (and far cheaper than structuredClone). */
const cloneValue = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneValue);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    setOwn(out, key, cloneValue((value as Record<string, unknown>)[key]));
  }
  return out;
};

export const cloneDoc = <T extends Doc>(doc: T): T => cloneValue(doc) as T;
