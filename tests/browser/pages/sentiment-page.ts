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

  /** The card of one question-day, found by its heading's id. */
  cardOf(item: { questionId: number; date: string }): Locator {
    return this.page.locator(
      `article[aria-labelledby="sentiment-${item.questionId}-${item.date}"]`,
    );
  }

  /** The figure (chart and table) of a card whose table has this caption. */
  figure(card: Locator, caption: string): Locator {
    return card
      .locator('figure')
      .filter({ has: this.page.getByRole('table', { name: caption, exact: true }) });
  }

  /** The chart recharts drew inside a figure. */
  chart(figure: Locator): Locator {
    return figure.locator('svg.recharts-surface');
  }

  /** The value cell of the row headed `label` in a card's table. */
  cell(figure: Locator, label: string): Locator {
    return figure
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell');
  }

  /** GET /api/sentiment as the page asks for it, with this browser's device id. */
  async fromApi<T>(days: 7 | 14 | 30): Promise<T> {
    return this.page.evaluate(async (d) => {
      const deviceId = localStorage.getItem('boon-device-id') ?? '';
      const response = await fetch(`/api/sentiment?days=${d}`, {
        headers: { 'X-Device-ID': deviceId, Accept: 'application/json' },
      });
      return (await response.json()) as T;
    }, days);
  }
}
