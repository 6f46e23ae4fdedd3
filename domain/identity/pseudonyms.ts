import { commandHandler } from '../shared/command-handler';
import { pseudonymStreamId } from './pseudonym-words';
import type { Decider } from '../shared/decider';
import { conflict, invalid } from '../shared/errors';
import type { PseudonymEvent } from './events';
import { isOfferablePseudonym } from './pseudonym-words';

export { pseudonymCandidates, pseudonymKey, pseudonymStreamId } from './pseudonym-words';

/**
 * How long a reservation waits for its device to be registered under it. Setup reserves the
 * name, then registers the device; a failed registration releases the name at once, and this
 * frees one whose release never happened (the process died in between).
 */
export const RESERVATION_TTL_MS = 10 * 60_000;

export type ReservePseudonym = {
  type: 'ReservePseudonym';
  pseudonym: string;
  deviceHash: string;
  /** Whether the device holding the name now is registered under it (read by the caller). */
  holderRegisteredWithIt: boolean;
  at: Date;
};

export type ReleasePseudonym = {
  type: 'ReleasePseudonym';
  pseudonym: string;
  deviceHash: string;
  at: Date;
};

export type PseudonymCommand = ReservePseudonym | ReleasePseudonym;

export type PseudonymState = { heldBy: string | null; reservedAt: string | null };

const reserve = (command: ReservePseudonym, state: PseudonymState): PseudonymEvent[] => {
  const pseudonym = command.pseudonym.trim();
  if (!isOfferablePseudonym(pseudonym)) {
    throw invalid('pseudonym', 'Invalid pseudonym', 'Choose one of the offered pseudonyms.');
  }
  if (state.heldBy === command.deviceHash) return [];
  const lapsed =
    state.reservedAt !== null &&
    !command.holderRegisteredWithIt &&
    command.at.getTime() - Date.parse(state.reservedAt) >= RESERVATION_TTL_MS;
  if (state.heldBy !== null && !lapsed) {
    throw conflict(
      'Pseudonym taken',
      'That pseudonym is already taken. Choose another.',
      'pseudonym',
    );
  }
  return [
    {
      type: 'PseudonymReserved',
      data: { pseudonym, deviceHash: command.deviceHash, at: command.at.toISOString() },
    },
  ];
};

/** One stream per pseudonym makes it unique across the community. */
export const pseudonymDecider: Decider<PseudonymCommand, PseudonymEvent, PseudonymState> = {
  initialState: () => ({ heldBy: null, reservedAt: null }),
  readsPersonalFields: false,
  evolve: (_state, event) =>
    event.type === 'PseudonymReserved'
      ? { heldBy: event.data.deviceHash, reservedAt: event.data.at }
      : { heldBy: null, reservedAt: null },
  decide: (command, state) => {
    if (command.type === 'ReservePseudonym') return reserve(command, state);
    if (state.heldBy !== command.deviceHash) return [];
    return [
      {
        type: 'PseudonymReleased',
        data: {
          pseudonym: command.pseudonym.trim(),
          deviceHash: command.deviceHash,
          at: command.at.toISOString(),
        },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const pseudonyms = commandHandler(pseudonymDecider, (c) => pseudonymStreamId(c.pseudonym));
