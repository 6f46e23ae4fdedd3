import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, forbidden } from '../shared/errors';
import type { AccountEvent, Sealed } from './events';
import {
  assertOpenLink,
  linkAlreadyUsed,
  RESET_LINK_TTL_MS,
  SIGN_IN_LINK_TTL_MS,
  VERIFICATION_LINK_TTL_MS,
  withLink,
  type OpenLink,
} from './one-time-links';

export const accountStreamId = (accountId: string) => `account-${accountId}`;

export type SignUp = {
  type: 'SignUp';
  accountId: string;
  userId: string;
  emailHash: string;
  email: Sealed;
  passwordHash: Sealed;
  displayName: string | null;
  confirmed: boolean;
  /**
   * SHA-256 of the token the signing-up browser keeps to complete the sign-up itself; null when
   * no browser does (the sign-up proves the address first: the link's follower chooses).
   */
  signUpTokenHash: string | null;
  at: Date;
};

/**
 * A link mailed to the address completes the sign-up, once. Followed in another browser than
 * the one that signed up, it brings the password the owner chose there (and the account a
 * fresh identity, `userId`): `chosen`.
 */
export type FollowSignUpLink = {
  type: 'FollowSignUpLink';
  accountId: string;
  chosen: { userId: string; passwordHash: Sealed } | null;
  at: Date;
};

export type UpdateAccountMetadata = {
  type: 'UpdateAccountMetadata';
  accountId: string;
  /** The identity of the device completing setup: its pseudonym is the display name. */
  userId: string;
  displayName: string;
  confirmed: boolean;
  at: Date;
};

/** Mail a link: `tokenHash` is the SHA-256 of the secret the link carries. */
export type RequestLink = {
  type: 'RequestEmailVerification' | 'RequestPasswordReset' | 'RequestSignInLink';
  accountId: string;
  tokenHash: string;
  at: Date;
};

export type ResetPassword = {
  type: 'ResetPassword';
  accountId: string;
  tokenHash: string;
  passwordHash: Sealed;
  at: Date;
};

/** Follow a sign-in link: it works once. */
export type UseSignInLink = {
  type: 'UseSignInLink';
  accountId: string;
  tokenHash: string;
  at: Date;
};

export type AccountCommand =
  SignUp | FollowSignUpLink | UpdateAccountMetadata | RequestLink | ResetPassword | UseSignInLink;

export type AccountState =
  | { exists: false }
  | {
      exists: true;
      accountId: string;
      userId: string;
      emailHash: string;
      email: Sealed;
      passwordHash: Sealed;
      displayName: string | null;
      confirmed: boolean;
      createdAt: string;
      /** Null once no browser may complete the sign-up as it started (or for v1 sign-ups). */
      signUpTokenHash: string | null;
      /** A link completed the sign-up, and no link was mailed since: another finds it used. */
      signUpLinkFollowed: boolean;
      verificationLinks: readonly OpenLink[];
      resetLinks: readonly OpenLink[];
      signInLinks: readonly OpenLink[];
    };

type Account = Extract<AccountState, { exists: true }>;
type LinkRequested = Extract<
  AccountEvent,
  { type: 'EmailVerificationRequested' | 'PasswordResetRequested' | 'SignInLinkRequested' }
>;

/** Where each kind of mailed link is kept open. */
const linksKey = {
  EmailVerificationRequested: 'verificationLinks',
  PasswordResetRequested: 'resetLinks',
  SignInLinkRequested: 'signInLinks',
} as const satisfies Record<LinkRequested['type'], keyof Account>;

/** What each request for a link records, and how long the link works. */
const linkRequests = {
  RequestEmailVerification: { type: 'EmailVerificationRequested', ttl: VERIFICATION_LINK_TTL_MS },
  RequestPasswordReset: { type: 'PasswordResetRequested', ttl: RESET_LINK_TTL_MS },
  RequestSignInLink: { type: 'SignInLinkRequested', ttl: SIGN_IN_LINK_TTL_MS },
} as const satisfies Record<RequestLink['type'], { type: LinkRequested['type']; ttl: number }>;

const noAccount = () => forbidden('No account', 'Sign up before updating your account.');

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: () => ({ exists: false }),
  evolve: (state, event) => {
    if (event.type === 'AccountSignedUp') {
      const d = event.data;
      return {
        exists: true,
        accountId: d.accountId,
        userId: d.userId,
        emailHash: d.emailHash,
        email: d.email,
        passwordHash: d.passwordHash,
        displayName: d.displayName,
        confirmed: d.confirmed,
        createdAt: d.at,
        signUpTokenHash: d.signUpTokenHash,
        signUpLinkFollowed: false,
        verificationLinks: [],
        resetLinks: [],
        signInLinks: [],
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'AccountMetadataUpdated':
        return {
          ...state,
          userId: event.data.userId,
          displayName: event.data.displayName,
          confirmed: event.data.confirmed,
        };
      case 'SignUpPasswordChosen':
        return {
          ...state,
          userId: event.data.userId,
          passwordHash: event.data.passwordHash,
          displayName: null,
          confirmed: false,
          signUpTokenHash: null,
        };
      case 'SignUpLinkFollowed':
        return { ...state, signUpLinkFollowed: true };
      case 'EmailVerificationRequested':
      case 'PasswordResetRequested':
      case 'SignInLinkRequested': {
        const link = {
          tokenHash: event.data.tokenHash,
          expiresAt: Date.parse(event.data.expiresAt),
        };
        const now = Date.parse(event.data.at);
        const kept = linksKey[event.type];
        const next = { ...state, [kept]: withLink(state[kept], link, now) };
        // Mailed after a completion that died before the address was proven: it may complete.
        return event.type === 'EmailVerificationRequested'
          ? { ...next, signUpLinkFollowed: false }
          : next;
      }
      case 'SignInLinkUsed':
        return {
          ...state,
          signInLinks: state.signInLinks.filter((l) => l.tokenHash !== event.data.tokenHash),
        };
      case 'PasswordReset':
        // A new password ends every way in that existed before it.
        return { ...state, passwordHash: event.data.passwordHash, resetLinks: [], signInLinks: [] };
    }
  },
  decide: (command, state) => {
    const at = command.at.toISOString();
    if (command.type === 'SignUp') {
      if (state.exists) throw conflict('Sign Up Failed', 'This account already exists.');
      return [
        {
          type: 'AccountSignedUp',
          data: {
            accountId: command.accountId,
            userId: command.userId,
            emailHash: command.emailHash,
            email: command.email,
            passwordHash: command.passwordHash,
            displayName: command.displayName,
            confirmed: command.confirmed,
            signUpTokenHash: command.signUpTokenHash,
            at,
          },
        },
      ];
    }
    if (!state.exists) throw noAccount();
    switch (command.type) {
      case 'RequestEmailVerification':
      case 'RequestPasswordReset':
      case 'RequestSignInLink': {
        const { ttl, type } = linkRequests[command.type];
        const data = {
          accountId: state.accountId,
          tokenHash: command.tokenHash,
          expiresAt: new Date(command.at.getTime() + ttl).toISOString(),
          at,
        };
        return [{ type, data }];
      }
      case 'FollowSignUpLink': {
        // Ten browsers following one link append one after another: the first completes the
        // sign-up, and every other finds the link used and sets nothing.
        if (state.signUpLinkFollowed) throw linkAlreadyUsed();
        const followed: AccountEvent = {
          type: 'SignUpLinkFollowed',
          data: { accountId: state.accountId, at },
        };
        if (!command.chosen) return [followed];
        const { userId, passwordHash } = command.chosen;
        return [
          followed,
          {
            type: 'SignUpPasswordChosen',
            data: { accountId: state.accountId, userId, passwordHash, at },
          },
        ];
      }
      case 'UseSignInLink':
        assertOpenLink(state.signInLinks, command.tokenHash, command.at);
        return [
          {
            type: 'SignInLinkUsed',
            data: { accountId: state.accountId, tokenHash: command.tokenHash, at },
          },
        ];
      case 'ResetPassword':
        assertOpenLink(state.resetLinks, command.tokenHash, command.at);
        return [
          {
            type: 'PasswordReset',
            data: {
              accountId: state.accountId,
              tokenHash: command.tokenHash,
              passwordHash: command.passwordHash,
              at,
            },
          },
        ];
      case 'UpdateAccountMetadata':
        return updateMetadata(command, state);
    }
  },
};

const updateMetadata = (command: UpdateAccountMetadata, state: Account): AccountEvent[] => {
  if (state.confirmed && state.userId !== command.userId) {
    throw conflict(
      'Account has another identity',
      `This account already takes part as ${state.displayName}.`,
      'display_name',
    );
  }
  if (
    state.userId === command.userId &&
    state.displayName === command.displayName &&
    state.confirmed === command.confirmed
  ) {
    return [];
  }
  return [
    {
      type: 'AccountMetadataUpdated',
      data: {
        accountId: state.accountId,
        userId: command.userId,
        displayName: command.displayName,
        confirmed: command.confirmed,
        at: command.at.toISOString(),
      },
    },
  ];
};

/** Bound to the stream its commands address. */
export const accounts = commandHandler(accountDecider, (c) => accountStreamId(c.accountId));
