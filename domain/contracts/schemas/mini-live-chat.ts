import { z } from 'zod';

/** The frames a socket at /mini-chat may send (see ../mini-live-chat.ts). */
export const liveChatClientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('identify'),
    deviceId: z.string().max(200).optional(),
    accessToken: z.string().max(4000).optional(),
  }),
  // The length is the server's to judge after normalising (an error frame, not a closed socket).
  z.strictObject({ type: z.literal('message'), content: z.string().max(8000) }),
]);
export type LiveChatClientMessage = z.infer<typeof liveChatClientMessage>;
