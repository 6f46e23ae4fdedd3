import { isUnreachable } from './registration';

/** What a page needs of a read (a TanStack query) to say how it failed. */
type Read<E> = { data: unknown; error: E | null };

/**
 * Asking again failed because Boon could not be reached (offline, or Boon restarting), but the
 * read still holds what it had: the page keeps showing that, with a note that it may not be
 * current (`UnreachableNotice`). A person offline keeps what they were reading.
 */
export const keptThroughFailure = <E>(read: Read<E>) =>
  read.data !== undefined && read.error !== null && isUnreachable(read.error);

/**
 * The failure that takes a read's place on the page: a first load that failed, or Boon's own
 * answer on asking again (a 403, a 404); null when there is none, or when what was read stays.
 */
export const failureInPlace = <E>(read: Read<E>): E | null =>
  keptThroughFailure(read) ? null : read.error;
