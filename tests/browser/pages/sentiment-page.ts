import { expect, type Locator, type Page } from '@playwright/test';

/** The sentiment dashboard: range tabs, and a card per question and day. */
export class SentimentPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/sentiment');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Community Sentiment' }),
    ).toBeVisible();
  }

  range(label: 'Week' | 'Fortnight' | 'Month') {
    return this.page.getByRole('tablist', { name: 'Range' }).getByRole('tab', { name: label });
  }

  card(question: string): Locator {
    return this.page.getByRole('article', { name: question });
  }

  /** The card's count badge as a number. */
  async responseCount(question: string): Promise<number> {
    const text = await this.card(question)
      .getByText(/^\d+ responses?$/)
      .textContent();
    return Number(text!.split(' ')[0]);
  }

  figures(question: string) {
    return this.card(question).getByRole('tablist', { name: 'Figures' });
  }
}
