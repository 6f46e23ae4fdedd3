import { expect, type Page } from '@playwright/test';

/** The live chat (/mini-chat): the messages, the box to write in, who is online. */
export class LiveChatPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/mini-chat');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Live chat' })).toBeVisible();
  }

  draft() {
    return this.page.getByLabel('Message the live chat');
  }

  messages() {
    return this.page.getByRole('log', { name: 'Chat messages' });
  }

  online() {
    return this.page.getByRole('list', { name: 'People online' });
  }

  async waitUntilConnected() {
    await expect(this.draft()).toBeEnabled();
  }

  /** Types a message and presses Enter. */
  async say(text: string) {
    await this.draft().fill(text);
    await this.draft().press('Enter');
  }
}
