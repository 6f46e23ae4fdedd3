import { z } from 'zod';

/**
 * The ws protocol at /ws. A socket first says who it is (never in the URL), then subscribes
 * to topics from the registry in `topics.ts`; the server pushes one `changed` notice per
 * commit per topic, after the read model behind it changed.
 */
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

export type RefusedTopic = { topic: string; reason: 'unknown' | 'forbidden' | 'too-many' };

export type ServerMessage =
  | { type: 'identified'; registered: boolean; signedIn: boolean }
  | { type: 'changed'; topic: string; position: string }
  | { type: 'subscribed'; topics: string[]; refused: RefusedTopic[] }
  | { type: 'error'; message: string };
