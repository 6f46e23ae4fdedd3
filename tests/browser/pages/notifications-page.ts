import { expect, type Page } from '@playwright/test';

/** The header's bell and the inbox it leads to. */
export class NotificationsPage {
  constructor(private readonly page: Page) {}

  get bell() {
    return this.page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  }

  /** The bell as a screen reader hears it: "Notifications, 2 unread". */
  async expectUnread(count: number, timeout?: number) {
    await expect(this.bell).toHaveAccessibleName(
      count === 0 ? 'Notifications' : `Notifications, ${count} unread`,
      timeout ? { timeout } : {},
    );
  }

  async unread(): Promise<number> {
    const name = (await this.bell.getAttribute('aria-label')) ?? '';
    return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
  }

  async open() {
    await this.bell.click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  }

  get list() {
    return this.page.getByRole('list', { name: 'Your notifications' });
  }

  /** The notification whose sentence reads `text`, as its button. */
  item(text: string | RegExp) {
    return this.list.getByRole('button', { name: text });
  }
}
