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

/** The value at a dotted path ('address.city') through own fields, or undefined. */
export const valueAt = (doc: unknown, path: string): unknown => {
  if (!path.includes('.')) return ownValue(doc, path);
  let value: unknown = doc;
  for (const key of path.split('.')) value = ownValue(value, key);
  return value;
};
