import { Map as ImmutableMap } from 'immutable';
import type { EventOfType } from '../event-catalog';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { AddressClass } from './events';

const HOUR_MS = 60 * 60_000;

/** The UTC hour a failure is counted in, as the ISO time it starts at. */
export const failureWindowOf = (at: Date) =>
  new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();

/** One stream per hour that saw failures: small, and never read again once the hour is over. */
export const adminSignInFailuresStreamId = (window: string) =>
  `admin-sign-in-failures-${window.slice(0, 13)}`;

/** The counts worth a line in the audit: 1, 2, 4, 8, … */
export const isRecordedCount = (failures: number) =>
  Number.isInteger(failures) && failures >= 1 && (failures & (failures - 1)) === 0;

export type RecordAdminSignInFailures = {
  type: 'RecordAdminSignInFailures';
  /** The admin name tried, or null for a name no admin has. */
  username: string | null;
  addressClass: AddressClass;
  /** How many failures this process counted for the name and class in the hour of `at`. */
  failures: number;
  at: Date;
};

type FailureEvent = EventOfType<'AdminSignInFailed'>;

/** The highest count recorded per name and class in the hour. */
export type SignInFailuresState = { recorded: ImmutableMap<string, number> };

const keyOf = (username: string | null, addressClass: AddressClass) =>
  `${username ?? ''}\n${addressClass}`;

export const signInFailuresDecider: Decider<
  RecordAdminSignInFailures,
  FailureEvent,
  SignInFailuresState
> = {
  initialState: () => ({ recorded: ImmutableMap() }),
  evolve: (state, { data }) => ({
    recorded: state.recorded.set(keyOf(data.username, data.addressClass), data.failures),
  }),
  /**
   * Records a count once it reaches the next power of two above what the hour holds: a
   * process that restarted (its count back at 1), or another process counting the same
   * name, adds nothing until it passes what was already written.
   */
  decide: (command, state) => {
    const { username, addressClass, failures } = command;
    const recorded = state.recorded.get(keyOf(username, addressClass)) ?? 0;
    if (!isRecordedCount(failures) || failures <= recorded) return [];
    const at = command.at.toISOString();
    return [
      {
        type: 'AdminSignInFailed',
        data: { username, addressClass, window: failureWindowOf(command.at), failures, at },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const adminSignInFailures = commandHandler(signInFailuresDecider, (c) =>
  adminSignInFailuresStreamId(failureWindowOf(c.at)),
);
