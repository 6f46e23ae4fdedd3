export type SettingsDto = { showActivity: boolean; pseudonym: string };

export const AGREEMENT_VERSION = '1.0';
/** Versions of the privacy policy and terms that were published: consent names one of these. */
export const PUBLISHED_AGREEMENT_VERSIONS = [AGREEMENT_VERSION] as const;
export const AGREEMENT_TYPES = ['privacy', 'terms', 'privacy_decline'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/** A decision as the consent question offers it. */
export type ConsentDecision = 'accepted' | 'declined';

/** The caller's consent as recorded on them (any of their devices): null when never given. */
export type ConsentDto = { decision: ConsentDecision | null; version: string };
