import { z } from 'zod';

export const setupBody = z.strictObject({
  pseudonym: z.string({ error: 'pseudonym must be a string' }).trim().min(1, 'Choose a pseudonym'),
  privacyConsent: z.boolean({ error: 'privacyConsent must be true or false' }),
  termsConsent: z.boolean({ error: 'termsConsent must be true or false' }),
  onboarded: z.boolean().optional(),
});
export type SetupBody = z.infer<typeof setupBody>;
