import type { Doc } from '../read-store';
import { ownValue, setOwn } from '../values';

/** A document refused because a declared index field holds what SQL cannot compare as MongoDB does. */
export class IndexedValueError extends Error {
  constructor(collection: string, id: string, field: string, detail: string) {
    super(
      `Document ${JSON.stringify(id)} in ${collection} refused: indexed field ${JSON.stringify(field)} ${detail}; ` +
        'indexed fields hold strings, finite numbers or null',
    );
    this.name = 'IndexedValueError';
  }
}

const kindOf = (value: unknown) =>
  Array.isArray(value)
    ? 'an array'
    : typeof value === 'object'
      ? 'a document'
      : typeof value === 'number'
        ? String(value)
        : `a ${typeof value}`;

/**
 * What the query subset rests on: each declared index field of a document is missing, null, a
 * string or a number, and reached through plain objects only (an array on the way would make
 * MongoDB match each element's field). A scalar on the way leaves the field missing.
 */
export const checkIndexedValues = (
  collection: string,
  doc: Doc,
  paths: readonly (readonly string[])[],
): void => {
  for (const segments of paths) {
    let value: unknown = doc;
    for (const [i, key] of segments.entries()) {
      value = ownValue(value, key);
      if (value === undefined || value === null) break;
      const last = i === segments.length - 1;
      if (last && (typeof value === 'string' || Number.isFinite(value))) break;
      if (!last && typeof value === 'object' && !Array.isArray(value)) continue;
      if (!last && typeof value !== 'object') break;
      throw new IndexedValueError(
        collection,
        doc._id,
        segments.join('.'),
        last
          ? `holds ${kindOf(value)}`
          : `passes through ${kindOf(value)} at ${JSON.stringify(key)}`,
      );
    }
  }
};

/**
 * What an update does to declared index fields, judged from the update alone (for an engine
 * that applies updates itself, MongoDB): no array, boolean or document may land in one.
 */
export const checkIndexedUpdate = (
  collection: string,
  operations: readonly { op: string; path: string; keys: readonly string[]; value: unknown }[],
  paths: readonly (readonly string[])[],
): void => {
  for (const { op, path, keys, value } of operations) {
    for (const segments of paths) {
      const field = segments.join('.');
      const within = field === path || field.startsWith(`${path}.`);
      const below = path.startsWith(`${field}.`);
      if ((!within && !below) || op === '$unset') continue;
      if (below || op === '$push' || op === '$pull') {
        throw new IndexedValueError(
          collection,
          '(any)',
          field,
          `would be changed by ${op} of ${JSON.stringify(path)}`,
        );
      }
      if (op === '$set') {
        const probe: Record<string, unknown> = { _id: '(any)' };
        let node = probe;
        for (const key of keys.slice(0, -1)) {
          const next: Record<string, unknown> = {};
          setOwn(node, key, next);
          node = next;
        }
        setOwn(node, keys[keys.length - 1]!, value);
        checkIndexedValues(collection, probe as Doc, [segments]);
      }
    }
  }
};
