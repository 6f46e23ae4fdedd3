/**
 * Value order for indexes and sorting, following MongoDB's for the types read models hold:
 * missing/null < numbers < strings < objects < arrays < booleans.
 */
const rank = (value: unknown): number => {
  if (value === undefined || value === null) return 0;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 1;
    case 'string':
      return 2;
    case 'boolean':
      return 5;
    default:
      return Array.isArray(value) ? 4 : 3;
  }
};

export const compareValues = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return 0;
  if (ra === 3 || ra === 4) {
    const ja = JSON.stringify(a);
    const jb = JSON.stringify(b);
    return ja < jb ? -1 : ja > jb ? 1 : 0;
  }
  return (a as number | string) < (b as number | string) ? -1 : 1;
};

/**
 * A document's own field (never one its prototype lends: a document without `constructor`
 * has no `constructor`), or undefined.
 */
export const ownValue = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

/**
 * Sets a field as the document's own, whatever its name: assigning `__proto__` would replace
 * the object's prototype instead (and a JSON document may hold a field of that name).
 */
export const setOwn = (target: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else target[key] = value;
};

/** The value at a dotted path ('address.city'), or undefined. */
export const valueAt = (doc: unknown, path: string): unknown => {
  if (!path.includes('.')) return ownValue(doc, path);
  let value: unknown = doc;
  for (const key of path.split('.')) value = ownValue(value, key);
  return value;
};
