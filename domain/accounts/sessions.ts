import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, unauthorized } from '../shared/errors';
import type { SessionEvent } from './events';

/** One stream per refresh-token family: every rotation and the revocation live together. */
export const sessionStreamId = (familyId: string) => `session-${familyId}`;

export type StartSession = {
  type: 'StartSession';
  familyId: string;
  accountId: string;
  tokenHash: string;
  at: Date;
};
export type RefreshSession = {
  type: 'RefreshSession';
  familyId: string;
  presentedHash: string;
  nextHash: string;
  at: Date;
};
export type EndSession = { type: 'EndSession'; familyId: string; at: Date };
export type SessionCommand = StartSession | RefreshSession | EndSession;

export type SessionState = {
  familyId: string | null;
  accountId: string | null;
  currentHash: string | null;
  /** Refresh tokens already exchanged: presenting one again means it leaked. */
  spent: ReadonlySet<string>;
  /** The token exchanged last, and when: a retry of that exchange is not a leak. */
  previousHash: string | null;
  rotatedAt: number | null;
  revoked: boolean;
};

/**
 * How long the token just exchanged may be presented again. The answer to an exchange can be
 * lost on the way back (the client retries network failures); the retry must get the same new
 * token rather than end the session everywhere. One client tick (30 s) covers its retries.
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;

export const invalidRefreshToken = () =>
  unauthorized('Invalid Refresh Token', 'Your session has ended. Please sign in again.');

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: () => ({
    familyId: null,
    accountId: null,
    currentHash: null,
    spent: new Set(),
    previousHash: null,
    rotatedAt: null,
    revoked: false,
  }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'SessionStarted':
        return {
          ...state,
          familyId: event.data.familyId,
          accountId: event.data.accountId,
          currentHash: event.data.tokenHash,
        };
      case 'SessionRefreshed':
        return {
          ...state,
          spent: state.currentHash ? new Set([...state.spent, state.currentHash]) : state.spent,
          previousHash: state.currentHash,
          rotatedAt: Date.parse(event.data.at),
          currentHash: event.data.tokenHash,
        };
      case 'SessionRevoked':
        return { ...state, revoked: true };
    }
  },
  decide: (command, state) => {
    const at = command.at.toISOString();
    if (command.type === 'StartSession') {
      if (state.familyId !== null) throw conflict('Session exists', 'This session already exists.');
      return [
        {
          type: 'SessionStarted',
          data: {
            familyId: command.familyId,
            accountId: command.accountId,
            tokenHash: command.tokenHash,
            at,
          },
        },
      ];
    }
    if (state.familyId === null) throw invalidRefreshToken();
    if (command.type === 'EndSession') {
      if (state.revoked) return [];
      return [
        { type: 'SessionRevoked', data: { familyId: state.familyId, reason: 'signout', at } },
      ];
    }
    if (state.revoked) throw invalidRefreshToken();
    if (command.presentedHash === state.currentHash) {
      return [
        {
          type: 'SessionRefreshed',
          data: { familyId: state.familyId, tokenHash: command.nextHash, at },
        },
      ];
    }
    // The answer to the last exchange was lost and the client asks again: it derives the same
    // next token (so it knows the spent one's secret), and gets that token back.
    const retried =
      command.presentedHash === state.previousHash &&
      command.nextHash === state.currentHash &&
      state.rotatedAt !== null &&
      command.at.getTime() - state.rotatedAt <= REFRESH_RETRY_GRACE_MS;
    if (retried) return [];
    // A spent token came back: whoever holds the family's tokens, one of them is not its owner.
    if (state.spent.has(command.presentedHash)) {
      return [{ type: 'SessionRevoked', data: { familyId: state.familyId, reason: 'reuse', at } }];
    }
    throw invalidRefreshToken();
  },
};

/** Bound to the stream its commands address. */
export const sessions = commandHandler(sessionDecider, (c) => sessionStreamId(c.familyId));
