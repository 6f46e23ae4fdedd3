import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, forbidden } from '../shared/errors';
import type { AccountEvent, Sealed } from './events';
import {
  assertOpenLink,
  RESET_LINK_TTL_MS,
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
  type: 'RequestEmailVerification' | 'RequestPasswordReset';
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

export type AccountCommand = SignUp | UpdateAccountMetadata | RequestLink | ResetPassword;

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
      verificationLinks: readonly OpenLink[];
      resetLinks: readonly OpenLink[];
    };

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
        verificationLinks: [],
        resetLinks: [],
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
      case 'EmailVerificationRequested':
      case 'PasswordResetRequested': {
        const link = {
          tokenHash: event.data.tokenHash,
          expiresAt: Date.parse(event.data.expiresAt),
        };
        const now = Date.parse(event.data.at);
        return event.type === 'EmailVerificationRequested'
          ? { ...state, verificationLinks: withLink(state.verificationLinks, link, now) }
          : { ...state, resetLinks: withLink(state.resetLinks, link, now) };
      }
      case 'PasswordReset':
        return { ...state, passwordHash: event.data.passwordHash, resetLinks: [] };
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
            at,
          },
        },
      ];
    }
    if (!state.exists) throw noAccount();
    switch (command.type) {
      case 'RequestEmailVerification':
      case 'RequestPasswordReset': {
        const ttl =
          command.type === 'RequestEmailVerification'
            ? VERIFICATION_LINK_TTL_MS
            : RESET_LINK_TTL_MS;
        const data = {
          accountId: state.accountId,
          tokenHash: command.tokenHash,
          expiresAt: new Date(command.at.getTime() + ttl).toISOString(),
          at,
        };
        return command.type === 'RequestEmailVerification'
          ? [{ type: 'EmailVerificationRequested', data }]
          : [{ type: 'PasswordResetRequested', data }];
      }
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

const updateMetadata = (
  command: UpdateAccountMetadata,
  state: Extract<AccountState, { exists: true }>,
): AccountEvent[] => {
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
