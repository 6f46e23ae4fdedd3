import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through the SMTP server at `url` (smtp:// or smtps://, credentials in the URL). */
export const createSmtpMailer = (url: string, from: string): Mailer => {
  const transport = nodemailer.createTransport(url);
  return {
    send: async ({ to, subject, text }) => {
      await transport.sendMail({ from, to, subject, text });
    },
    close: async () => transport.close(),
  };
};
