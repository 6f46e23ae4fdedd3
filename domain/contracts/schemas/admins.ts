import { z } from 'zod';

export const addAdminBody = z.object({
  username: z
    .string({ error: 'username must be text' })
    .regex(/^[A-Za-z0-9._-]{3,32}$/, 'Use 3 to 32 letters, digits, dots, dashes or underscores.'),
  password: z
    .string({ error: 'password must be text' })
    .min(8, 'Password must be at least 8 characters long')
    .max(200, 'password is too long'),
});
export type AddAdminBody = z.infer<typeof addAdminBody>;

export const adminUsernameParams = z.object({
  username: z.string().regex(/^[A-Za-z0-9._-]{3,32}$/, 'username is not an admin’s name'),
});
