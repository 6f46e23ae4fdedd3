import {
  AGREEMENT_VERSION,
  type AgreementType,
  type ConsentDto,
} from '../../domain/contracts/settings';
import { api } from './api-client';
import { readLocal, REGISTERED_KEY, writeLocal } from './device-identity';

/**
 * The decision as this browser knows it: 'true' (accepted) or 'declined'. The person's own
 * record is on the server (every device of theirs reads it); this copy lets a prerendered page
 * hide the question before it paints (index.html) and keeps a decision made before the
 * pseudonym exists until it can be recorded.
 */
export const CONSENT_KEY = 'boon-consent';
export const CONSENT_DATE_KEY = 'boon-consent-date';
/** Set while the decision made here is not recorded on the person yet (it wins over theirs). */
const CONSENT_PENDING_KEY = 'boon-consent-pending';

export type ConsentChoice = 'true' | 'declined';

const agreementsFor = (choice: ConsentChoice): AgreementType[] =>
  choice === 'true' ? ['privacy', 'terms'] : ['privacy_decline'];

const choiceOf = (decision: ConsentDto['decision']): ConsentChoice | null =>
  decision === 'accepted' ? 'true' : decision === 'declined' ? 'declined' : null;

export const localChoice = (): ConsentChoice | null => {
  const stored = readLocal(CONSENT_KEY);
  return stored === 'true' || stored === 'declined' ? stored : null;
};
export const hasDecided = () => localChoice() !== null;

const listeners = new Set<() => void>();

/** Follows the browser's decision (for the consent bar): told when it is made or taken over. */
export const subscribeConsent = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const remember = (choice: ConsentChoice) => {
  writeLocal(CONSENT_KEY, choice);
  writeLocal(CONSENT_DATE_KEY, new Date().toISOString());
  for (const listener of listeners) listener();
};

const record = async (choice: ConsentChoice) => {
  for (const agreementType of agreementsFor(choice)) {
    await api('/api/user-agreements', {
      method: 'POST',
      body: { agreementType, agreementVersion: AGREEMENT_VERSION },
    });
  }
  writeLocal(CONSENT_PENDING_KEY, null);
};

/**
 * Brings this browser and the person's record together, once the pseudonym exists: a decision
 * made here and not recorded yet is recorded; else the person's own (made on another device of
 * their account) is taken here; a browser's decision the person has none of (made before
 * signing in, or under the pseudonym it had before) becomes theirs. Answers whether the person
 * has decided; an unregistered device answers from the browser alone.
 */
export const syncConsent = async (): Promise<boolean> => {
  if (readLocal(REGISTERED_KEY) !== 'true') return hasDecided();
  const here = localChoice();
  if (here && readLocal(CONSENT_PENDING_KEY) === 'true') {
    await record(here);
    return true;
  }
  const recorded = choiceOf((await api<ConsentDto>('/api/user/consent')).decision);
  if (recorded && recorded !== here) remember(recorded);
  if (!recorded && here) await record(here);
  return recorded !== null || here !== null;
};

let syncing: Promise<boolean> | null = null;

/** syncConsent, once at a time; a failure (offline) is tried again on the next occasion. */
export const sendPendingConsent = (): Promise<boolean> => {
  syncing ??= syncConsent()
    .catch((error: unknown) => {
      console.warn('Consent not in step with the server yet', error);
      return hasDecided();
    })
    .finally(() => {
      syncing = null;
    });
  return syncing;
};

/** The person's answer to the consent question, kept here and recorded on them. */
export const decideConsent = (choice: ConsentChoice) => {
  remember(choice);
  writeLocal(CONSENT_PENDING_KEY, 'true');
  if (readLocal(REGISTERED_KEY) !== 'true') return;
  void record(choice).catch((error: unknown) =>
    // Kept here: sent on a later visit (sendPendingConsent) if the server did not get it.
    console.warn('Consent not recorded yet', error),
  );
};
