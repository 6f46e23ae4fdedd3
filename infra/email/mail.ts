import type { Logger } from '../logger';
import { createDevOutbox, type DevOutbox } from './dev-outbox';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';

/** The mailer in use, the development outbox when that is it (null with SMTP), and links. */
export type Mail = {
  mailer: Mailer;
  outbox: DevOutbox | null;
  /** An absolute link to a path of the app, for a mail. */
  linkTo: (path: string) => string;
};

export const openMail = (
  config: { smtpUrl: string | undefined; mailFrom: string },
  logger: Logger,
  /** The app's public origin; a function, since it may be known only once the server listens. */
  origin: () => string,
): Mail => {
  const linkTo = (path: string) => `${origin()}${path}`;
  if (config.smtpUrl) {
    return { mailer: createSmtpMailer(config.smtpUrl, config.mailFrom), outbox: null, linkTo };
  }
  const outbox = createDevOutbox(logger);
  return { mailer: outbox, outbox, linkTo };
};
