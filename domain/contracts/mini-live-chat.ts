/**
 * The ws protocol of the live chat at /mini-chat. The socket first sends the same `identify`
 * message as /ws (a registered device or a signed-in session); then it may send messages.
 */
export const LIVE_CHAT_PATH = '/mini-chat';

/** Longest live chat message, in characters. */
export const LIVE_CHAT_MAX_LENGTH = 500;

/** How many of the newest messages a socket receives when it joins. */
export const LIVE_CHAT_HISTORY = 50;

export type { LiveChatClientMessage } from './schemas/mini-live-chat';

/** Someone online: a pseudonym and, when they show it, today's archetype badge. Never an id of theirs. */
export type LiveChatUser = {
  /** Opaque: the same person gets the same one on every process; nothing else can be derived. */
  id: string;
  pseudonym: string;
  archetype: { id: string; name: string } | null;
};

export type LiveChatMessage = {
  id: string;
  pseudonym: string;
  archetype: { id: string; name: string } | null;
  content: string;
  timestamp: string;
};

export type LiveChatErrorCode = 'rate_limited' | 'invalid' | 'unavailable';

export type LiveChatServerMessage =
  | { type: 'message'; message: LiveChatMessage }
  | { type: 'userList'; users: LiveChatUser[] }
  | { type: 'userJoined'; user: LiveChatUser }
  | { type: 'userLeft'; userId: string }
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
