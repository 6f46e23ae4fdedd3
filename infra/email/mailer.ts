/** One plain-text mail. Links sit in the text on lines of their own, so any client shows them. */
export type MailMessage = { to: string; subject: string; text: string };

/** The email port: SMTP in production, the development outbox otherwise. */
export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  close: () => Promise<void>;
};

/** The http(s) links in a text, in order. */
export const linksIn = (text: string): string[] => text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
