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

  async answer(text: string) {
    await this.responseBox.fill(text);
    await this.submitButton.click();
    await expect(this.page.getByText('Response Submitted!', { exact: true })).toBeVisible();
    await expect(
      this.page.getByText('Your voice has been added to the conversation.'),
    ).toBeVisible();
    await expect(this.page).toHaveURL(/\/responses\/\d+$/, { timeout: 10_000 });
  }
}
