import {
  RESET_LINK_TTL_MS,
  SIGN_IN_LINK_TTL_MS,
  VERIFICATION_LINK_TTL_MS,
} from '../../domain/accounts/one-time-links';
import type { MailMessage } from '../../infra/email/mailer';
import type { AppContext } from '../context';

const hours = (ms: number) => `${ms / 3_600_000} hours`;
const minutes = (ms: number) => `${ms / 60_000} minutes`;

export const VERIFICATION_LINK_LIFETIME = hours(VERIFICATION_LINK_TTL_MS);
export const RESET_LINK_LIFETIME = minutes(RESET_LINK_TTL_MS);
export const SIGN_IN_LINK_LIFETIME = minutes(SIGN_IN_LINK_TTL_MS);

const signature = '\n\nBoon · Thoughtful Dialogue • Ethical Exploration\n';

export const verificationMail = (ctx: AppContext, to: string, token: string): MailMessage => ({
  to,
  subject: 'Confirm your email for Boon',
  text:
    `Welcome to Boon!\n\nTo finish signing up, open this link:\n\n` +
    `${ctx.mail.linkTo(`/auth/verify?token=${encodeURIComponent(token)}`)}\n\n` +
    `It works once, for the next ${VERIFICATION_LINK_LIFETIME}. Opened in another browser ` +
    `than the one you signed up in, it asks you to choose your password there.\n\n` +
    `If you did not sign up for Boon, ignore this mail: nothing happens without the link.` +
    signature,
});

export const alreadyRegisteredMail = (ctx: AppContext, to: string): MailMessage => ({
  to,
  subject: 'Someone tried to sign up to Boon with your email',
  text:
    `Someone (perhaps you) just tried to create a Boon account with this address, ` +
    `which already has one. No new account was made and nothing about yours changed.\n\n` +
    `If it was you, sign in instead:\n\n${ctx.mail.linkTo('/auth')}\n\n` +
    `Forgot your password? Choose a new one here:\n\n${ctx.mail.linkTo('/auth/recover')}\n\n` +
    `If it was not you, you can ignore this mail.` +
    signature,
});

export const resetMail = (ctx: AppContext, to: string, token: string): MailMessage => ({
  to,
  subject: 'Choose a new Boon password',
  text:
    `Someone (we hope you) asked to reset the password of your Boon account.\n\n` +
    `To choose a new one, open this link:\n\n` +
    `${ctx.mail.linkTo(`/auth/reset?token=${encodeURIComponent(token)}`)}\n\n` +
    `It works once, for the next ${RESET_LINK_LIFETIME}. Choosing a new password signs you ` +
    `out everywhere. If you did not ask for this, ignore this mail: your password stays as it is.` +
    signature,
});

export const signInLinkMail = (ctx: AppContext, to: string, token: string): MailMessage => ({
  to,
  subject: 'Your Boon sign-in link',
  text:
    `Someone (we hope you) asked to sign in to your Boon account by mail.\n\n` +
    `To sign in, open this link:\n\n` +
    `${ctx.mail.linkTo(`/auth/link?token=${encodeURIComponent(token)}`)}\n\n` +
    `It works once, for the next ${SIGN_IN_LINK_LIFETIME}, and the browser you open it in ` +
    `is known from then on. If you did not ask for it, ignore this mail: nobody gets in ` +
    `without the link, and your password stays as it is.` +
    signature,
});

/**
 * Sends without holding up the answer (and so without its timing telling anything); a
 * failure is logged, and the person can ask for the mail again.
 */
export const sendMail = (ctx: AppContext, message: MailMessage) => {
  ctx.mail.mailer
    .send(message)
    .catch((err: unknown) =>
      ctx.logger.warn({ err, subject: message.subject }, 'a mail could not be sent'),
    );
};
