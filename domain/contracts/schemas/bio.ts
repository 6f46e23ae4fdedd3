import { z } from 'zod';
import { BIO_MAX } from '../bio';

/** An empty bio (or null) removes it. */
export const bioBody = z.strictObject({
  bio: z
    .string({ error: 'bio must be a string or null' })
    .max(BIO_MAX * 4, `bio must be at most ${BIO_MAX} characters`)
    .nullable(),
});
