import type { Logger } from '../logger';
import { linksIn, type Mailer } from './mailer';

export type OutboxEntry = { to: string; subject: string; text: string; links: string[] };

export type DevOutbox = Mailer & {
  /** Newest last. */
  entries: () => OutboxEntry[];
};

/**
 * Where mail goes when no SMTP server is configured: each message is logged and kept (the
 * newest `capacity`), for a developer or a test to open its links at /dev/outbox.
 */
export const createDevOutbox = (logger: Logger, capacity = 200): DevOutbox => {
  const kept: OutboxEntry[] = [];
  return {
    send: async ({ to, subject, text }) => {
      const entry = { to, subject, text, links: linksIn(text) };
      kept.push(entry);
      if (kept.length > capacity) kept.shift();
      logger.info({ to, subject, links: entry.links }, 'mail kept in the development outbox');
    },
    close: async () => undefined,
    entries: () => kept.map((entry) => ({ ...entry, links: [...entry.links] })),
  };
};
