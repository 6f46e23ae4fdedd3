import { expect, type Page } from '@playwright/test';

export class ResponsesPage {
  constructor(private readonly page: Page) {}

  response(author: string) {
    return this.page.getByRole('article', { name: `Response by ${author}` });
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
