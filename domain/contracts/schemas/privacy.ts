import { z } from 'zod';

/** `DELETE /api/user/data`: erasure happens only with an explicit `{"confirm": true}`. */
export const deleteDataBody = z.strictObject(
  {
    confirm: z.literal(true, { error: 'confirm must be true to delete your data' }),
  },
  { error: 'The body must be {"confirm": true}' },
);
