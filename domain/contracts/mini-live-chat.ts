/**
 * The ws protocol of the live chat at /mini-chat. The socket first sends the same `identify`
 * message as /ws (a registered device or a signed-in session); then it may send messages.
 */
export const LIVE_CHAT_PATH = '/mini-chat';

/** Longest live chat message, in characters. */
export const LIVE_CHAT_MAX_LENGTH = 500;

/** How many of the newest messages a socket receives when it joins. */
export const LIVE_CHAT_HISTORY = 50;

import type { ModerationStateDto } from './reports';

export type { LiveChatClientMessage } from './schemas/mini-live-chat';

/**
 * Never an archetype: the Mini promises that the path someone took is not linked to their
 * pseudonym, so the field the spec's shape has is always null.
 */
type NoArchetype = null;

/** Someone online: a pseudonym. Never an id of theirs, never their archetype. */
export type LiveChatUser = {
  /** Opaque: the same person gets the same one on every process; nothing else can be derived. */
  id: string;
  pseudonym: string;
  archetype: NoArchetype;
};

export type LiveChatMessage = {
  id: string;
  pseudonym: string;
  archetype: NoArchetype;
  content: string;
  timestamp: string;
  /** The reader's own message (it cannot be reported by them). */
  isOwn: boolean;
  /** Only on one's own message that others no longer see: held or hidden, and why. */
  moderation: ModerationStateDto | null;
};

export type LiveChatErrorCode = 'rate_limited' | 'invalid' | 'unavailable';

export type LiveChatServerMessage =
  | { type: 'message'; message: LiveChatMessage }
  | { type: 'userList'; users: LiveChatUser[] }
  | { type: 'userJoined'; user: LiveChatUser }
  | { type: 'userLeft'; userId: string }
  /** A message others may no longer see (held, hidden or removed by a moderator). */
  | { type: 'messageRemoved'; id: string }
  | { type: 'error'; code: LiveChatErrorCode; message: string };

/**
 * Close codes: the socket did not identify first, is not a registered person, sent a frame
 * that is not the protocol's, or is one too many for its person or its address.
 */
export const LIVE_CHAT_CLOSE = {
  identifyFirst: 4401,
  notRegistered: 4403,
  malformed: 4400,
  tooMany: 4429,
} as const;
