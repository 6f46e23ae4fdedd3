import { expect, type Page } from '@playwright/test';

export class ResponsesPage {
  constructor(private readonly page: Page) {}

  response(author: string) {
    return this.page.getByRole('article', { name: `Response by ${author}` });
  }

  async expectCount(n: number) {
    await expect(
      this.page.getByRole('heading', { name: `${n} ${n === 1 ? 'thought' : 'thoughts'}` }),
    ).toBeVisible();
  }
}
