import type { Decider } from '../shared/decider';
import { conflict } from '../shared/errors';
import type { EmailEvent } from './events';

/** One stream per normalized email (by keyed hash) makes addresses unique. */
export const emailStreamId = (emailHash: string) => `email-${emailHash}`;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type ReserveEmail = {
  type: 'ReserveEmail';
  emailHash: string;
  accountId: string;
  /**
   * Whether the account holding the reservation was ever written. A sign-up that died between
   * its two appends leaves a reservation without an account; the address must not stay lost.
   */
  holderExists: boolean;
  at: Date;
};

export type EmailState = { accountId: string | null; reservedAt: number | null };

/**
 * How long a reservation without its account is taken as a sign-up still in progress.
 * Past it, the sign-up died between its two appends and the address is free again.
 */
export const ORPHAN_RESERVATION_MS = 5 * 60_000;

export const emailDecider: Decider<ReserveEmail, EmailEvent, EmailState> = {
  initialState: () => ({ accountId: null, reservedAt: null }),
  evolve: (_state, event) => ({
    accountId: event.data.accountId,
    reservedAt: Date.parse(event.data.at),
  }),
  decide: (command, state) => {
    if (state.accountId === command.accountId) return [];
    const inProgress = command.at.getTime() - (state.reservedAt ?? 0) < ORPHAN_RESERVATION_MS;
    if (state.accountId !== null && (command.holderExists || inProgress)) {
      throw conflict(
        'Sign Up Failed',
        'An account with this email already exists. Sign in instead.',
        'email',
      );
    }
    return [
      {
        type: 'EmailReserved',
        data: {
          emailHash: command.emailHash,
          accountId: command.accountId,
          at: command.at.toISOString(),
        },
      },
    ];
  },
};
