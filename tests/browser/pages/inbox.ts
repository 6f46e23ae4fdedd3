import { expect, type Page } from '@playwright/test';

type OutboxEntry = { to: string; subject: string; text: string; links: string[] };

/** The development outbox (the server runs without SMTP): the mail a person would receive. */
export class Inbox {
  constructor(private readonly page: Page) {}

  async mailTo(email: string, subject: string): Promise<OutboxEntry> {
    let found: OutboxEntry | undefined;
    await expect
      .poll(async () => {
        const mails = (await (
          await this.page.request.get('/dev/outbox.json')
        ).json()) as OutboxEntry[];
        found = mails.filter((m) => m.to === email && m.subject === subject).at(-1);
        return found !== undefined;
      })
      .toBe(true);
    return found!;
  }

  /** Opens the newest link to `path` in the mail titled `subject`, as a click in a mail app would. */
  async openLink(email: string, subject: string, path: '/auth/verify' | '/auth/reset') {
    const mail = await this.mailTo(email, subject);
    const link = mail.links.find((l) => new URL(l).pathname === path)!;
    await this.page.goto(link);
  }
}
