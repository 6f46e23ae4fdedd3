import { expect, type Locator, type Page } from '@playwright/test';

export class ResponsesPage {
  constructor(private readonly page: Page) {}

  response(author: string) {
    return this.page.getByRole('article', { name: `Response by ${author}` });
  }

  /**
   * Pages on ("Show more answers") until `card` shows: other journeys share the day, and
   * answers with echoes come first, so a card may be on a later page. Each press waits for
   * more cards to show: the button is disabled while a page loads, the list may load the next
   * page itself as the button scrolls near, and after the last page the button is gone (a
   * press on a button about to go would wait for it until the test's end).
   */
  async reveal(card: Locator): Promise<Locator> {
    const more = this.page.getByRole('button', { name: 'Show more answers' });
    const cards = this.page.getByRole('article', { name: /^Response by / });
    for (let pages = 0; pages < 20; pages++) {
      await expect(card.or(more).first()).toBeVisible();
      if (await card.isVisible()) return card;
      const shown = await cards.count();
      await more.click({ timeout: 5_000 }).catch(() => undefined);
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
    }
    await expect(card).toBeVisible();
    return card;
  }

  /** The count the page shows in its 'n thoughts' heading. */
  async count(): Promise<number> {
    const heading = this.page.getByRole('heading', { name: /^\d+ thoughts?$/ });
    await expect(heading).toBeVisible();
    return Number((await heading.textContent())!.split(' ')[0]);
  }

  async expectCount(n: number) {
    await expect(
      this.page.getByRole('heading', { name: `${n} ${n === 1 ? 'thought' : 'thoughts'}` }),
    ).toBeVisible();
  }
}
