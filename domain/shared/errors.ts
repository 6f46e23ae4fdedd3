/**
 * Errors a user can cause, or meet. The API maps each kind to a problem document:
 * invalid → 400, unauthorized → 401, forbidden → 403, not_found → 404,
 * conflict → 409, rejected → 422 (well formed, but refused for what it says), limit → 429,
 * unavailable → 503 (busy or catching up: try again shortly).
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rejected'
  | 'limit'
  | 'unavailable';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** A short title the UI can show as a toast heading. */
  readonly title: string;
  /** The request field the error is about, when there is one. */
  readonly field: string | undefined;

  constructor(kind: DomainErrorKind, title: string, message: string, field?: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.title = title;
    this.field = field;
  }
}

export const invalid = (field: string, title: string, message: string) =>
  new DomainError('invalid', title, message, field);
export const forbidden = (title: string, message: string) =>
  new DomainError('forbidden', title, message);
export const unauthorized = (title: string, message: string) =>
  new DomainError('unauthorized', title, message);
export const notFound = (title: string, message: string) =>
  new DomainError('not_found', title, message);
export const conflict = (title: string, message: string, field?: string) =>
  new DomainError('conflict', title, message, field);
/** Text the analyzer refuses (abuse): the person keeps it and may rephrase. */
export const rejected = (field: string, title: string, message: string) =>
  new DomainError('rejected', title, message, field);
export const limitReached = (title: string, message: string) =>
  new DomainError('limit', title, message);
export const unavailable = (title: string, message: string) =>
  new DomainError('unavailable', title, message);

/** Raised by an event store when the stream moved on since it was read. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Stream ${streamId}: expected revision ${expected}, actual ${actual}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
