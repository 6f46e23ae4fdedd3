import { expect, type Page } from '@playwright/test';

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
