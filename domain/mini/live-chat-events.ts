import { z } from 'zod';
import { defineEvent } from '../shared/events';

const badge = z.object({ id: z.string().min(1), name: z.string().min(1) }).nullable();

/**
 * A socket of the live chat (/mini-chat) joined, on one API process. Presence is kept as
 * events so every process sees who is online on any of them.
 */
export const MiniLiveChatJoined = defineEvent({
  type: 'MiniLiveChatJoined',
  version: 1,
  schema: z.object({
    connectionId: z.string().min(1),
    processId: z.string().min(1),
    personId: z.string().min(1),
    pseudonym: z.string().min(1),
    /** Today's archetype badge when the person shows their activity, else null. */
    archetype: badge,
    at: z.iso.datetime(),
  }),
});

/** That socket closed (or its process said goodbye). */
export const MiniLiveChatLeft = defineEvent({
  type: 'MiniLiveChatLeft',
  version: 1,
  schema: z.object({
    connectionId: z.string().min(1),
    processId: z.string().min(1),
    personId: z.string().min(1),
    at: z.iso.datetime(),
  }),
});

/**
 * An API process with live chat sockets is alive until `until` and renews it while it is. The
 * sockets of a process that stopped renewing (killed, cut off) count as gone once it passes.
 */
export const MiniLiveChatProcessAlive = defineEvent({
  type: 'MiniLiveChatProcessAlive',
  version: 1,
  schema: z.object({
    processId: z.string().min(1),
    until: z.iso.datetime(),
    at: z.iso.datetime(),
  }),
});
