import { expect, type Page } from '@playwright/test';

/** /archive: every question asked so far, once today's is answered. */
export class ArchivePage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/archive');
  }

  get closed() {
    return this.page.getByRole('heading', { name: "Join Today's Conversation First" });
  }

  question(text: string) {
    return this.page.getByRole('link').filter({ hasText: text });
  }

  async search(words: string) {
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(words);
  }
}

/** /my-responses: the person's own answers, each deletable after a confirm. */
export class MyResponsesPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/my-responses');
  }

  response(n: number) {
    return this.page.getByRole('article', { name: `Response #${n}` });
  }

  async deleteResponse(n: number) {
    await this.response(n)
      .getByRole('button', { name: `Delete response #${n}` })
      .click();
    const dialog = this.page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      'Are you sure you want to delete this response? This action cannot be undone.',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
  }
}
