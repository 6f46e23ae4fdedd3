import type { Decider } from '../shared/decider';
import { conflict, invalid } from '../shared/errors';
import type { PseudonymEvent } from './events';
import { isOfferablePseudonym } from './pseudonym-words';

export { pseudonymCandidates, pseudonymKey, pseudonymStreamId } from './pseudonym-words';

export type ReservePseudonym = {
  type: 'ReservePseudonym';
  pseudonym: string;
  deviceHash: string;
  at: Date;
};

export type PseudonymState = { heldBy: string | null };

/** One stream per pseudonym makes it unique across the community. */
export const pseudonymDecider: Decider<ReservePseudonym, PseudonymEvent, PseudonymState> = {
  initialState: () => ({ heldBy: null }),
  evolve: (_state, event) => ({ heldBy: event.data.deviceHash }),
  decide: (command, state) => {
    if (!isOfferablePseudonym(command.pseudonym.trim())) {
      throw invalid('pseudonym', 'Invalid pseudonym', 'Choose one of the offered pseudonyms.');
    }
    if (state.heldBy === command.deviceHash) return [];
    if (state.heldBy !== null) {
      throw conflict(
        'Pseudonym taken',
        'That pseudonym is already taken. Choose another.',
        'pseudonym',
      );
    }
    return [
      {
        type: 'PseudonymReserved',
        data: {
          pseudonym: command.pseudonym.trim(),
          deviceHash: command.deviceHash,
          at: command.at.toISOString(),
        },
      },
    ];
  },
};
