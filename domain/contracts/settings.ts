import { z } from 'zod';

export const settingsPatchBody = z.strictObject({
  showActivity: z.boolean({ error: 'showActivity must be true or false' }),
});

export type SettingsDto = { showActivity: boolean; pseudonym: string };

export const AGREEMENT_VERSION = '1.0';
/** Versions of the privacy policy and terms that were published: consent names one of these. */
export const PUBLISHED_AGREEMENT_VERSIONS = [AGREEMENT_VERSION] as const;
export const AGREEMENT_TYPES = ['privacy', 'terms', 'privacy_decline'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

export const agreementBody = z.strictObject({
  agreementType: z.enum(AGREEMENT_TYPES, {
    error: `agreementType must be one of ${AGREEMENT_TYPES.join(', ')}`,
  }),
  agreementVersion: z.enum(PUBLISHED_AGREEMENT_VERSIONS, {
    error: `agreementVersion must be a published version: ${PUBLISHED_AGREEMENT_VERSIONS.join(', ')}`,
  }),
});
