import type { Doc, UpdateSpec } from '../read-store';
import { ownValue, setOwn } from '../values';
import { compareText } from './evaluate';
import { isPlainPath } from './plan';

/**
 * The read store's update subset, applied in place to a document the unit of work holds:
 * `$set`, `$unset`, `$inc`, `$min`, `$max`, and `$push` / `$pull` of one plain value, on plain
 * dotted paths through plain objects, each path named once. Anything else (other operators,
 * array positions, a path through an array or a value, `$inc` of what is not a number) throws
 * `UnsupportedUpdateError` and changes nothing, where MongoDB either refuses it too or has
 * rules of its own that nothing here needs.
 */
export class UnsupportedUpdateError extends Error {
  constructor(collection: string, detail: string) {
    super(`Update in ${collection} is outside the read store's update subset: ${detail}`);
    this.name = 'UnsupportedUpdateError';
  }
}

type Container = Record<string, unknown>;
type Operation = { op: string; path: string; keys: string[]; value: unknown };

const OPERATORS = new Set(['$set', '$unset', '$inc', '$min', '$max', '$push', '$pull']);

const isPlainValue = (value: unknown) =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

const isRecord = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const describe = (value: unknown) =>
  value === undefined
    ? 'undefined'
    : typeof value === 'function'
      ? 'a function'
      : JSON.stringify(value);

/** The operations of an update, checked against the subset without looking at any document. */
export const updateOperations = (collection: string, spec: UpdateSpec): Operation[] => {
  const refuse: (detail: string) => never = (detail) => {
    throw new UnsupportedUpdateError(collection, detail);
  };
  if (!isRecord(spec)) refuse(`an update is a document of operators, not ${describe(spec)}`);
  const operations: Operation[] = [];
  for (const [op, fields] of Object.entries(spec)) {
    if (!OPERATORS.has(op)) refuse(`operator ${describe(op)} is not in the subset`);
    if (!isRecord(fields)) refuse(`${op} takes a document of fields`);
    for (const [path, value] of Object.entries(fields)) {
      if (!isPlainPath(path) || path === '_id' || path.startsWith('_id.')) {
        refuse(`${op} of ${describe(path)}: paths are plain dotted names other than _id`);
      }
      if (op === '$inc' && !(typeof value === 'number' && Number.isFinite(value))) {
        refuse(`$inc of ${describe(path)} takes a finite number, not ${describe(value)}`);
      }
      if (
        (op === '$min' || op === '$max') &&
        !(typeof value === 'string' || Number.isFinite(value))
      ) {
        refuse(
          `${op} of ${describe(path)} takes a string or a finite number, not ${describe(value)}`,
        );
      }
      if ((op === '$push' || op === '$pull') && !isPlainValue(value)) {
        refuse(
          `${op} of ${describe(path)} takes a string, number, boolean or null, not ${describe(value)}`,
        );
      }
      operations.push({ op, path, keys: path.split('.'), value });
    }
  }
  const paths = operations.map((o) => o.path).sort();
  for (let i = 1; i < paths.length; i++) {
    if (paths[i] === paths[i - 1] || paths[i]!.startsWith(`${paths[i - 1]}.`)) {
      refuse(`${describe(paths[i - 1])} and ${describe(paths[i])} conflict`);
    }
  }
  return operations;
};

/** The object holding a path's last key (created on the way when `create`); null when missing. */
const parentOf = (doc: Container, keys: readonly string[], create: boolean): Container | null => {
  let node = doc;
  for (const key of keys.slice(0, -1)) {
    let next = ownValue(node, key);
    if (next === undefined) {
      if (!create) return null;
      next = {};
      setOwn(node, key, next);
    }
    node = next as Container;
  }
  return node;
};

/** Why an operation cannot apply to this document, or null. */
const obstacle = (doc: Container, { op, keys, value }: Operation): string | null => {
  let node: unknown = doc;
  for (const key of keys.slice(0, -1)) {
    node = ownValue(node, key);
    if (node === undefined) return null;
    if (!isRecord(node))
      return `passes through ${Array.isArray(node) ? 'an array' : describe(node)} at ${describe(key)}`;
  }
  const current = ownValue(node, keys[keys.length - 1]!);
  if (current === undefined) return null;
  if (op === '$inc' && typeof current !== 'number')
    return `holds ${describe(current)}, not a number`;
  if ((op === '$push' || op === '$pull') && !Array.isArray(current))
    return `holds ${describe(current)}, not an array`;
  if ((op === '$min' || op === '$max') && typeof current !== typeof value) {
    return `holds ${describe(current)}, not a value of the operand's kind`;
  }
  return null;
};

const copyOf = (value: unknown): unknown =>
  value === undefined ? value : JSON.parse(JSON.stringify(value));

/** Applies an update to a document in place; throws, changing nothing, outside the subset. */
export const applyUpdate = (collection: string, doc: Doc, spec: UpdateSpec): void => {
  const operations = updateOperations(collection, spec);
  for (const operation of operations) {
    const reason = obstacle(doc, operation);
    if (reason) {
      throw new UnsupportedUpdateError(
        collection,
        `${operation.op} of ${describe(operation.path)}: the document ${reason}`,
      );
    }
  }
  for (const { op, keys, value } of operations) {
    // Removing or pulling from a field that is not there changes nothing (and creates nothing).
    const parent = parentOf(doc, keys, op !== '$unset' && op !== '$pull');
    if (!parent) continue;
    const key = keys[keys.length - 1]!;
    const current = ownValue(parent, key);
    switch (op) {
      case '$set':
        setOwn(parent, key, copyOf(value));
        break;
      case '$unset':
        delete parent[key];
        break;
      case '$inc':
        setOwn(parent, key, ((current as number | undefined) ?? 0) + (value as number));
        break;
      case '$min':
      case '$max': {
        if (current !== undefined) {
          const order =
            typeof value === 'string'
              ? compareText(value, current as string)
              : (value as number) - (current as number);
          if (op === '$min' ? order >= 0 : order <= 0) break;
        }
        setOwn(parent, key, value);
        break;
      }
      case '$push':
        setOwn(parent, key, [...((current as unknown[] | undefined) ?? []), value]);
        break;
      case '$pull':
        if (current !== undefined) {
          setOwn(
            parent,
            key,
            (current as unknown[]).filter((item) => item !== value),
          );
        }
        break;
    }
  }
};
