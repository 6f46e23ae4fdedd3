import { z } from 'zod';
import { AGREEMENT_TYPES, PUBLISHED_AGREEMENT_VERSIONS } from '../settings';

export const settingsPatchBody = z.strictObject({
  showActivity: z.boolean({ error: 'showActivity must be true or false' }),
});

export const agreementBody = z.strictObject({
  agreementType: z.enum(AGREEMENT_TYPES, {
    error: `agreementType must be one of ${AGREEMENT_TYPES.join(', ')}`,
  }),
  agreementVersion: z.enum(PUBLISHED_AGREEMENT_VERSIONS, {
    error: `agreementVersion must be a published version: ${PUBLISHED_AGREEMENT_VERSIONS.join(', ')}`,
  }),
});
