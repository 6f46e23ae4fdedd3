import type { Projection } from './query/plan';
import type { Doc } from './read-store';
import { setOwn } from './values';

/** The fields a query's projection keeps of a document (a new object; values are shared). */
export const projectDoc = (doc: Doc, projection: Projection): Doc => {
  if (projection.include) {
    const out: Record<string, unknown> = {};
    if (projection.id) out._id = doc._id;
    for (const key of projection.fields) {
      if (Object.hasOwn(doc, key)) setOwn(out, key, doc[key]);
    }
    return out as Doc;
  }
  const out: Record<string, unknown> = { ...doc };
  for (const key of projection.fields) delete out[key];
  if (!projection.id) delete out._id;
  return out as Doc;
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
