import type { Request } from 'express';
import { createHash } from 'node:crypto';
import type { Once } from '../../domain/shared/command-handler';
import { invalid } from '../../domain/shared/errors';

/** The header a client names a write with, so that sending it again never makes two. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * At least 16 characters (a UUID, or 96 random bits and more in base64url): the key is what
 * keeps a request's fingerprint unguessable (see `keyed`), so it must not be short.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** A keyed request: its command runs once (`Once`), and its new ids come from the key too. */
export type RequestKey = Once & {
  /** An id for what the command creates (an answer, a reply, an entry): the same on a repeat. */
  newId: (what: string) => string;
};

const sha256 = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part, 'utf8').update('\0');
  return hash.digest();
};

/** A UUID (version 8: made by the application) from a hash, as every event store takes. */
const uuidOf = (hash: Buffer) => {
  const bytes = Buffer.from(hash.subarray(0, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** JSON with every object's keys in order: the same request always reads the same. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
          .map(
            (key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`,
          )
          .join(',')}}`
      : JSON.stringify(value);

/**
 * The request's idempotency key, bound to the caller and the command, or undefined when it
 * carries none (a malformed key is a 400 naming the header, before anything is written).
 *
 * Everything derives from a scope hashed from the person, the command and the key: one
 * person's key never touches another's writes, and the same key for another command is
 * another scope. The log keeps the derived event ids and a fingerprint of the request (the
 * scope and the validated body, hashed), never the key: after an erasure, the fingerprint
 * cannot be used to test a guess of the erased text without the key the client held.
 */
export const requestKeyOf = (
  req: Request,
  personId: string,
  command: string,
  request: unknown,
): RequestKey | undefined => {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw invalid(
      IDEMPOTENCY_HEADER,
      'Invalid idempotency key',
      `${IDEMPOTENCY_HEADER} must be 16–128 letters, digits, "-" or "_" (a UUID will do).`,
    );
  }
  const scope = sha256('boon-idempotency', personId, command, key).toString('hex');
  return {
    eventId: (streamId, index) => uuidOf(sha256(scope, 'event', streamId, String(index))),
    newId: (what) => uuidOf(sha256(scope, 'id', what)),
    request: sha256(scope, 'request', canonical(request)).toString('base64url'),
    field: IDEMPOTENCY_HEADER,
  };
};
