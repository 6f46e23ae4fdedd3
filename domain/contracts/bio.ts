import { z } from 'zod';

export const BIO_MAX = 280;

/** An empty bio (or null) removes it. */
export const bioBody = z.strictObject({
  bio: z
    .string({ error: 'bio must be a string or null' })
    .max(BIO_MAX * 4, `bio must be at most ${BIO_MAX} characters`)
    .nullable(),
});

/** The person's own bio, as only they are shown it. */
export type BioDto = { bio: string | null };
export type BioSaveResult = BioDto & { position: string | null };
