import { AGREEMENT_VERSION, type AgreementType } from '../../domain/contracts/settings';
import { api } from './api-client';
import { deviceId, readLocal, REGISTERED_KEY, writeLocal } from './device-identity';

/** The decision made in this browser: 'true' (accepted) or 'declined'. */
export const CONSENT_KEY = 'boon-consent';
export const CONSENT_DATE_KEY = 'boon-consent-date';
/** The decision the server has recorded, and for which device: `decision:deviceId`. */
export const CONSENT_SENT_KEY = 'boon-consent-sent';

export type ConsentDecision = 'true' | 'declined';

const agreementsFor = (decision: string): AgreementType[] =>
  decision === 'true' ? ['privacy', 'terms'] : ['privacy_decline'];

let sending: Promise<void> | null = null;

const send = async () => {
  const decision = readLocal(CONSENT_KEY);
  const sent = `${decision}:${deviceId()}`;
  if (decision === null || readLocal(CONSENT_SENT_KEY) === sent) return;
  if (readLocal(REGISTERED_KEY) !== 'true') return;
  for (const agreementType of agreementsFor(decision)) {
    await api('/api/user-agreements', {
      method: 'POST',
      body: { agreementType, agreementVersion: AGREEMENT_VERSION },
    });
  }
  writeLocal(CONSENT_SENT_KEY, sent);
};

/**
 * The server records consent only for a registered device, and the banner asks before
 * registration: the decision waits here and is sent once the device is registered (at once
 * when it already is; after setup; on a later visit if sending failed). Best effort: a failure
 * never bothers the person (the spec swallows it) and is tried again next time.
 */
export const sendPendingConsent = (): Promise<void> => {
  sending ??= send()
    .catch((error: unknown) => console.warn('Consent not recorded yet', error))
    .finally(() => {
      sending = null;
    });
  return sending;
};

export const hasDecided = () => readLocal(CONSENT_KEY) !== null;

export const decideConsent = (decision: ConsentDecision) => {
  writeLocal(CONSENT_KEY, decision);
  writeLocal(CONSENT_DATE_KEY, new Date().toISOString());
  void sendPendingConsent();
};
