import { expect, type Page, type Request } from '@playwright/test';

/**
 * Opens Home by the app's own navigation (its tab, from Settings), as a person moving between
 * pages does: the page arrives without the question the server renders into a Home document,
 * so what Home shows comes from what the API answers now. Fails if a document was loaded.
 */
export const openHomeByItsTab = async (page: Page) => {
  await page.goto('/settings');
  // Only the app draws this heading: from here the tab bar's links are the app's.
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const documents: string[] = [];
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  };
  page.on('request', onRequest);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  page.off('request', onRequest);
  expect(documents).toEqual([]);
};

export class HomePage {
  constructor(private readonly page: Page) {}

  get responseBox() {
    return this.page.getByLabel('Your response');
  }
  get submitButton() {
    return this.page.getByRole('button', { name: /Share Response|Submitting/ });
  }

  async questionText(): Promise<string> {
    const heading = this.page.locator('#question');
    await expect(heading).toBeVisible();
    return (await heading.textContent())!;
  }

  /**
   * Writes in the answer box and waits until the answer form's code has taken over from the
   * stand-in Home draws first (writing is what brings it), so what follows acts on the form.
   */
  async write(text: string) {
    await this.responseBox.fill(text);
    await expect(this.page.locator('[data-answer-form]')).toBeAttached();
  }

  async answer(text: string) {
    await this.write(text);
    await this.submitButton.click();
    await expect(this.page.getByText('Response Submitted!', { exact: true })).toBeVisible();
    await expect(
      this.page.getByText('Your voice has been added to the conversation.'),
    ).toBeVisible();
    await expect(this.page).toHaveURL(/\/responses\/\d+$/, { timeout: 10_000 });
  }
}
