import type { Doc } from '../read-store';
import { ownValue, setOwn, valueAt } from '../values';
import type { FieldRef, Predicate, Scalar } from './plan';

/**
 * Strings in the order SQLite's BINARY and PostgreSQL's "C" collation give them (UTF-8 bytes,
 * which is code point order) and MongoDB's simple collation with them; JavaScript's `<`
 * compares UTF-16 code units, which puts a character past U+FFFF before U+E000–U+FFFF.
 */
export const compareText = (a: string, b: string): number => {
  if (a === b) return 0;
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === a.length || i === b.length) return a.length - b.length;
  return a.codePointAt(i)! - b.codePointAt(i)!;
};

const fieldValue = (doc: Doc, field: FieldRef): unknown =>
  field.segments.length === 1 ? ownValue(doc, field.path) : valueAt(doc, field.path);

const equals = (actual: unknown, expected: Scalar) =>
  expected === null ? actual === null || actual === undefined : actual === expected;

const compare = (actual: unknown, op: string, bound: string | number): boolean => {
  if (typeof actual !== typeof bound) return false;
  const order =
    typeof bound === 'string' ? compareText(actual as string, bound) : (actual as number) - bound;
  switch (op) {
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
    case 'lt':
      return order < 0;
    default:
      return order <= 0;
  }
};

/**
 * Whether one document in hand meets a planned condition (a unit's document looked up by id
 * with further conditions): the same answer SQL gives, since declared fields hold scalars.
 */
export const evaluate = (where: Predicate, doc: Doc): boolean => {
  switch (where.kind) {
    case 'all':
      return true;
    case 'and':
      return where.parts.every((part) => evaluate(part, doc));
    case 'or':
      return where.parts.some((part) => evaluate(part, doc));
    case 'not':
      return !evaluate(where.part, doc);
    case 'eq':
      return equals(fieldValue(doc, where.field), where.value);
    case 'range':
      return compare(fieldValue(doc, where.field), where.op, where.value);
    case 'in': {
      const value = fieldValue(doc, where.field);
      return where.values.some((candidate) => equals(value, candidate));
    }
    case 'exists':
      return fieldValue(doc, where.field) !== undefined;
  }
};

/** The document an upsert starts from: the equalities its filter requires (as MongoDB seeds it). */
export const seedOf = (where: Predicate): Record<string, unknown> => {
  const seed: Record<string, unknown> = {};
  const visit = (part: Predicate) => {
    if (part.kind === 'and') part.parts.forEach(visit);
    if (part.kind !== 'eq') return;
    let node = seed;
    const { segments } = part.field;
    for (const key of segments.slice(0, -1)) {
      let next = ownValue(node, key);
      if (next === undefined) {
        next = {};
        setOwn(node, key, next);
      }
      node = next as Record<string, unknown>;
    }
    setOwn(node, segments[segments.length - 1]!, part.value);
  };
  visit(where);
  return seed;
};
