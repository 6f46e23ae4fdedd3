import { BIO_MAX } from '../contracts/bio';
import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import { invalid } from '../shared/errors';
import { normalizeText, textFault } from '../shared/text';
import type { BioEvent } from './events';

/** One person's bio: only they write it. */
export const bioStreamId = (personId: string) => `bio-${personId}`;

export type SetBio = { type: 'SetBio'; personId: string; bio: string | null; at: Date };

export type BioState = { bio: string | null };

/** The bio as it is kept: normalised and trimmed, null when nothing visible is left. */
export const acceptBio = (bio: string | null): string | null => {
  if (bio === null) return null;
  const text = normalizeText(bio).trim();
  const fault = textFault(text, { multiline: true });
  if (text === '' || fault === 'nothing-visible') return null;
  if (fault)
    throw invalid('bio', 'Invalid characters', 'Your bio has characters that cannot be shown.');
  if ([...text].length > BIO_MAX) {
    throw invalid('bio', 'Bio too long', `Your bio can be at most ${BIO_MAX} characters.`);
  }
  return text;
};

export const bioDecider: Decider<SetBio, BioEvent, BioState> = {
  initialState: () => ({ bio: null }),
  evolve: (_state, event) => ({ bio: event.data.bio }),
  decide: (command, state) => {
    const bio = acceptBio(command.bio);
    if (bio === state.bio) return [];
    return [
      {
        type: 'ProfileBioChanged',
        data: { personId: command.personId, bio, at: command.at.toISOString() },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const bios = commandHandler(bioDecider, (c) => bioStreamId(c.personId));
