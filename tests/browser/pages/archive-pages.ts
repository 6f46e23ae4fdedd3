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

/** /questions/archive: the archive with the caller's answered questions marked. */
export class QuestionsArchivePage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/questions/archive');
  }

  question(text: string) {
    return this.page.getByRole('article', { name: text });
  }
}

/** /my-journey: every question with the caller's own answers, by topic and words. */
export class MyJourneyPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/my-journey');
  }

  stat(label: string) {
    return this.page
      .getByRole('region', { name: 'Your journey in numbers' })
      .locator('div', { hasText: label })
      .last();
  }

  question(text: string) {
    return this.page.getByRole('article', { name: text });
  }

  async chooseTopic(name: string) {
    await this.page.getByRole('combobox', { name: 'Topic' }).click();
    await this.page.getByRole('option', { name }).click();
  }

  async search(words: string) {
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(words);
  }
}
