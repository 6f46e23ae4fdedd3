import { z } from 'zod';
import { defineEvent } from '../shared/events';

const badge = z.object({ id: z.string().min(1), name: z.string().min(1) }).nullable();

/*
 * Presence of the live chat (/mini-chat) as earlier versions recorded it, one event per socket
 * joining and leaving and per process renewing its lease. Presence is not history: it now lives
 * in the read store with an expiry, and these are no longer written. Shipped events stay in the
 * catalog so the logs that hold them still read.
 */

/** A socket of the live chat joined, on one API process. */
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
