import { commandHandler } from '../shared/command-handler';
import type { Decider } from '../shared/decider';
import type { AgreementEvent, AgreementType } from './events';

/** Consent is given before a pseudonym exists, so it lives on the device, not the person. */
export const agreementsStreamId = (deviceHash: string) => `agreements-${deviceHash}`;

export type RecordAgreement = {
  type: 'RecordAgreement';
  deviceHash: string;
  agreementType: AgreementType;
  agreementVersion: string;
  at: Date;
};

/** The latest decision per agreement version; repeating it records nothing new. */
export type AgreementsState = { latest: Map<string, AgreementType> };

const topic = (type: AgreementType, version: string) =>
  `${type === 'terms' ? 'terms' : 'privacy'}@${version}`;

export const agreementsDecider: Decider<RecordAgreement, AgreementEvent, AgreementsState> = {
  initialState: () => ({ latest: new Map() }),
  evolve: (state, event) => {
    const latest = new Map(state.latest);
    latest.set(
      topic(event.data.agreementType, event.data.agreementVersion),
      event.data.agreementType,
    );
    return { latest };
  },
  decide: (command, state) => {
    const key = topic(command.agreementType, command.agreementVersion);
    if (state.latest.get(key) === command.agreementType) return [];
    return [
      {
        type: 'AgreementRecorded',
        data: {
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
export const agreements = commandHandler(agreementsDecider, (c) =>
  agreementsStreamId(c.deviceHash),
);
