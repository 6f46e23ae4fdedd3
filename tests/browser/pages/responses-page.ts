import { expect, type Locator, type Page } from '@playwright/test';

export class ResponsesPage {
  constructor(private readonly page: Page) {}

  response(author: string) {
    return this.page.getByRole('article', { name: `Response by ${author}` });
  }

  /**
   * Pages on ("Show more answers") until `card` shows: other journeys share the day, and
   * answers with echoes come first, so a card may be on a later page.
   */
  async reveal(card: Locator): Promise<Locator> {
    const more = this.page.getByRole('button', { name: 'Show more answers' });
    await expect(card.or(more).first()).toBeVisible();
    for (let pages = 0; !(await card.isVisible()) && pages < 10; pages++) {
      await more.click();
      await expect(card.or(more).first()).toBeVisible();
    }
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
