import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { AgreementEvent, AgreementType } from './events';

/**
 * Consent belongs to the person (the pseudonym's or the account's), not to a browser: a second
 * device of the same account knows the decision and does not ask again. A browser keeps a
 * decision made before its pseudonym exists and sends it once it does (ui/lib/consent.ts).
 */
export const consentStreamId = (personId: string) => `consent-${personId}`;

/** Where v1 kept a decision: one stream per device (read for a person's data export). */
export const legacyAgreementsStreamId = (deviceHash: string) => `agreements-${deviceHash}`;

export type RecordAgreement = {
  type: 'RecordAgreement';
  personId: string;
  /** The device it was given on. */
  deviceHash: string;
  agreementType: AgreementType;
  agreementVersion: string;
  at: Date;
};

/** The latest decision per agreement version; repeating it records nothing new. */
export type AgreementsState = { latest: Map<string, AgreementType> };

/** Privacy and its decline are one question; the terms another. */
export const agreementTopic = (type: AgreementType, version: string) =>
  `${type === 'terms' ? 'terms' : 'privacy'}@${version}`;

export const agreementsDecider: Decider<RecordAgreement, AgreementEvent, AgreementsState> = {
  initialState: () => ({ latest: new Map() }),
  evolve: (state, event) => {
    const latest = new Map(state.latest);
    latest.set(
      agreementTopic(event.data.agreementType, event.data.agreementVersion),
      event.data.agreementType,
    );
    return { latest };
  },
  decide: (command, state) => {
    const key = agreementTopic(command.agreementType, command.agreementVersion);
    if (state.latest.get(key) === command.agreementType) return [];
    return [
      {
        type: 'AgreementRecorded',
        data: {
          personId: command.personId,
          deviceHash: command.deviceHash,
          agreementType: command.agreementType,
          agreementVersion: command.agreementVersion,
          at: command.at.toISOString(),
        },
      },
    ];
  },
};

/** Bound to the stream its commands address. */
export const agreements = commandHandler(agreementsDecider, (c) => consentStreamId(c.personId));

/**
 * A person's decision on a version, from their latest choice per topic: privacy and terms both
 * accepted, or privacy declined; anything else (one of two, nothing) is no decision yet.
 */
export const consentDecision = (
  latest: (topic: string) => AgreementType | undefined,
  version: string,
): 'accepted' | 'declined' | null => {
  const privacy = latest(agreementTopic('privacy', version));
  if (privacy === 'privacy_decline') return 'declined';
  return privacy === 'privacy' && latest(agreementTopic('terms', version)) === 'terms'
    ? 'accepted'
    : null;
};
