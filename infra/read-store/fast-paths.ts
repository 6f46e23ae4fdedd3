import { compareValues, ownValue, setOwn, valueAt } from './values';

/**
 * Hand-written matching and updating for the operators read models use every event. Each
 * returns null when a filter or update goes beyond them, and the caller falls back to mingo:
 * building mingo's operator context for every query and update cost a third of a rebuild.
 */

type Test = (doc: unknown) => boolean;

const isScalar = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** MongoDB comparison: values of different kinds (a number and a string) never compare. */
const sameKind = (a: unknown, b: unknown) =>
  (typeof a === 'number' && typeof b === 'number') ||
  (typeof a === 'string' && typeof b === 'string') ||
  (typeof a === 'boolean' && typeof b === 'boolean');

const equals = (actual: unknown, expected: unknown) =>
  expected === null ? actual === null || actual === undefined : actual === expected;

/** A condition on one value, applied to each element of an array value too (MongoDB's rule). */
const anyOf = (actual: unknown, test: (value: unknown) => boolean) =>
  test(actual) || (Array.isArray(actual) && actual.some(test));

const fieldTest = (path: string, condition: unknown): Test | null => {
  if (isScalar(condition)) return (doc) => anyOf(valueAt(doc, path), (v) => equals(v, condition));
  if (!condition || typeof condition !== 'object' || Array.isArray(condition)) return null;
  if (Object.keys(condition).length === 0) return null;
  const tests: Test[] = [];
  for (const [op, operand] of Object.entries(condition)) {
    const compare = (ok: (order: number) => boolean): Test | null =>
      isScalar(operand) && operand !== null
        ? (doc) =>
            anyOf(valueAt(doc, path), (v) => sameKind(v, operand) && ok(compareValues(v, operand)))
        : null;
    let test: Test | null;
    switch (op) {
      case '$eq':
        test = isScalar(operand)
          ? (doc) => anyOf(valueAt(doc, path), (v) => equals(v, operand))
          : null;
        break;
      case '$ne':
        test = isScalar(operand)
          ? (doc) => !anyOf(valueAt(doc, path), (v) => equals(v, operand))
          : null;
        break;
      case '$gt':
        test = compare((o) => o > 0);
        break;
      case '$gte':
        test = compare((o) => o >= 0);
        break;
      case '$lt':
        test = compare((o) => o < 0);
        break;
      case '$lte':
        test = compare((o) => o <= 0);
        break;
      case '$in':
      case '$nin': {
        if (!Array.isArray(operand) || !operand.every(isScalar)) return null;
        const wanted = operand;
        const found: Test = (doc) =>
          anyOf(valueAt(doc, path), (v) => wanted.some((w) => equals(v, w)));
        test = op === '$in' ? found : (doc) => !found(doc);
        break;
      }
      case '$exists':
        test =
          typeof operand === 'boolean'
            ? (doc) => (valueAt(doc, path) !== undefined) === operand
            : null;
        break;
      default:
        return null;
    }
    if (!test) return null;
    tests.push(test);
  }
  return (doc) => tests.every((t) => t(doc));
};

/** A filter of field conditions, $and and $or; null for anything else. */
export const fastFilter = (filter: Record<string, unknown>): Test | null => {
  const tests: Test[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) return null;
      const parts = value.map((part) =>
        part && typeof part === 'object' ? fastFilter(part as Record<string, unknown>) : null,
      );
      if (parts.some((p) => p === null)) return null;
      const all = parts as Test[];
      tests.push(
        key === '$and' ? (doc) => all.every((t) => t(doc)) : (doc) => all.some((t) => t(doc)),
      );
      continue;
    }
    if (key.startsWith('$')) return null;
    const test = fieldTest(key, value);
    if (!test) return null;
    tests.push(test);
  }
  return (doc) => tests.every((t) => t(doc));
};

type Container = Record<string, unknown>;

/** The object holding a path's last key, creating plain objects on the way; null if blocked. */
const parentOf = (doc: Container, path: string, create: boolean): [Container, string] | null => {
  const keys = path.split('.');
  let node: Container = doc;
  for (const key of keys.slice(0, -1)) {
    let next = ownValue(node, key);
    if (next === undefined && create) {
      next = {};
      setOwn(node, key, next);
    }
    if (!next || typeof next !== 'object' || Array.isArray(next)) return null;
    node = next as Container;
  }
  return [node, keys[keys.length - 1]!];
};

/** Every step before the last is missing or a plain object (no array or value in the way). */
const plainPath = (doc: Container, path: string) => {
  let node: unknown = doc;
  for (const key of path.split('.').slice(0, -1)) {
    node = ownValue(node, key);
    if (node === undefined) return true;
    if (!node || typeof node !== 'object' || Array.isArray(node)) return false;
  }
  return true;
};

const SUPPORTED = new Set(['$set', '$unset', '$inc', '$min', '$max', '$push', '$pull']);
// Not $addToSet: mingo itself parts from MongoDB on arrays that already hold duplicates.
const ARRAY_OPS = new Set(['$push', '$pull']);

/** Whether every operation of the update is one `fastUpdate` applies exactly as MongoDB does. */
const fastUpdatable = (doc: Container, spec: Record<string, unknown>) =>
  Object.entries(spec).every(
    ([op, fields]) =>
      SUPPORTED.has(op) &&
      fields !== null &&
      typeof fields === 'object' &&
      Object.entries(fields).every(([path, value]) => {
        if (path.split('.').some((key) => key === '' || key.startsWith('$') || /^\d+$/.test(key))) {
          return false;
        }
        if (!plainPath(doc, path)) return false;
        const current = valueAt(doc, path);
        if (op === '$inc') {
          return (
            typeof value === 'number' && (current === undefined || typeof current === 'number')
          );
        }
        if (ARRAY_OPS.has(op)) {
          return isScalar(value) && (current === undefined || Array.isArray(current));
        }
        if (op === '$min' || op === '$max') {
          return (
            isScalar(value) && value !== null && (current === undefined || sameKind(current, value))
          );
        }
        return true;
      }),
  );

/**
 * Applies $set, $unset, $inc, $min, $max, $push and $pull (of plain values) in
 * place; returns false, changing nothing, when the update needs more than that.
 */
export const fastUpdate = (doc: Container, spec: Record<string, unknown>): boolean => {
  if (!fastUpdatable(doc, spec)) return false;
  for (const [op, fields] of Object.entries(spec)) {
    for (const [path, value] of Object.entries(fields as Container)) {
      if (op === '$unset') {
        const at = parentOf(doc, path, false);
        if (at) delete at[0][at[1]];
        continue;
      }
      // Pulling from a field that is not there changes nothing (and creates nothing).
      const at = parentOf(doc, path, op !== '$pull');
      if (!at) continue;
      const [parent, key] = at;
      const current = ownValue(parent, key);
      switch (op) {
        case '$set':
          setOwn(parent, key, value);
          break;
        case '$inc':
          setOwn(parent, key, ((current as number | undefined) ?? 0) + (value as number));
          break;
        case '$min':
          if (current === undefined || compareValues(value, current) < 0) {
            setOwn(parent, key, value);
          }
          break;
        case '$max':
          if (current === undefined || compareValues(value, current) > 0) {
            setOwn(parent, key, value);
          }
          break;
        case '$push':
          setOwn(parent, key, [...((current as unknown[] | undefined) ?? []), value]);
          break;
        case '$pull':
          if (current !== undefined) {
            setOwn(
              parent,
              key,
              (current as unknown[]).filter((v) => !equals(v, value)),
            );
          }
          break;
      }
    }
  }
  return true;
};
