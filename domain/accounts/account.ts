import type { Decider } from '../shared/decider';
import { conflict, forbidden } from '../shared/errors';
import type { AccountEvent, Sealed } from './events';

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
  /** The identity of the device completing setup: its pseudonym is the display name. */
  userId: string;
  displayName: string;
  confirmed: boolean;
  at: Date;
};

export type AccountCommand = SignUp | UpdateAccountMetadata;

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
    };

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
      };
    }
    if (!state.exists) return state;
    return {
      ...state,
      userId: event.data.userId,
      displayName: event.data.displayName,
      confirmed: event.data.confirmed,
    };
  },
  decide: (command, state) => {
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
            at: command.at.toISOString(),
          },
        },
      ];
    }
    if (!state.exists) throw forbidden('No account', 'Sign up before updating your account.');
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
  },
};
