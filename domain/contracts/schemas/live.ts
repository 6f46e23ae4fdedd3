import { z } from 'zod';

/** The first and later frames a socket at /ws may send (see ../live.ts). */
export const clientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('identify'),
    deviceId: z.string().max(200).optional(),
    accessToken: z.string().max(4000).optional(),
    adminToken: z.string().max(4000).optional(),
  }),
  z.strictObject({
    type: z.literal('subscribe'),
    topics: z.array(z.string().max(200)).max(50),
  }),
  z.strictObject({
    type: z.literal('unsubscribe'),
    topics: z.array(z.string().max(200)).max(50),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;
