import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { conflict, invalid } from '../shared/errors';
import type { EmailEvent } from './events';
import { linkAlreadyUsed } from './one-time-links';

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

export type VerifyEmail = {
  type: 'VerifyEmail';
  emailHash: string;
  accountId: string;
  at: Date;
};

export type EmailCommand = ReserveEmail | VerifyEmail;

export type EmailState = { accountId: string | null; reservedAt: number | null; verified: boolean };

/**
 * How long a reservation without its account is taken as a sign-up still in progress.
 * Past it, the sign-up died between its two appends and the address is free again.
 */
export const ORPHAN_RESERVATION_MS = 5 * 60_000;

export const emailTaken = () =>
  conflict(
    'Sign Up Failed',
    'An account with this email already exists. Sign in instead.',
    'email',
  );

/**
 * Who holds an address. Until someone proves it by following a mailed link, a later sign-up
 * takes it over: whoever can read the mail decides, never whoever typed the address first.
 */
export const emailDecider: Decider<EmailCommand, EmailEvent, EmailState> = {
  initialState: () => ({ accountId: null, reservedAt: null, verified: false }),
  evolve: (state, event) =>
    event.type === 'EmailReserved'
      ? {
          accountId: event.data.accountId,
          reservedAt: Date.parse(event.data.at),
          verified: !event.data.requiresVerification,
        }
      : { ...state, verified: true },
  decide: (command, state) => {
    const at = command.at.toISOString();
    if (command.type === 'VerifyEmail') {
      if (state.accountId !== command.accountId) {
        throw invalid(
          'token',
          'Link no longer valid',
          'This address was signed up for again after this link was sent. Open the newest link we sent.',
        );
      }
      if (state.verified) throw linkAlreadyUsed();
      const { emailHash, accountId } = command;
      return [{ type: 'EmailVerified', data: { emailHash, accountId, at } }];
    }
    if (state.accountId === command.accountId) return [];
    if (state.accountId !== null) {
      const inProgress = command.at.getTime() - (state.reservedAt ?? 0) < ORPHAN_RESERVATION_MS;
      if (state.verified || (!command.holderExists && inProgress)) throw emailTaken();
    }
    return [
      {
        type: 'EmailReserved',
        data: {
          emailHash: command.emailHash,
          accountId: command.accountId,
          requiresVerification: true,
          at,
        },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const emailReservations = commandHandler(emailDecider, (c) => emailStreamId(c.emailHash));
