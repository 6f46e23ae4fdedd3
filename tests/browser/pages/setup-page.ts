import { expect, type Page } from '@playwright/test';

export class SetupPage {
  constructor(private readonly page: Page) {}

  /** A first visit: splash → device check → setup → home, as a new visitor. */
  async registerAsNewVisitor(): Promise<string> {
    await this.page.goto('/');
    await this.page.getByRole('button', { name: 'Enter' }).click();
    await expect(this.page.getByRole('heading', { name: 'Enter Your Journey' })).toBeVisible();
    const first = this.page.getByRole('radio').first();
    await expect(first).toBeVisible();
    const pseudonym = (await first.getAttribute('value'))!;
    await first.check();
    await this.page.getByRole('button', { name: 'Begin Journey' }).click();
    await expect(this.page).toHaveURL(/\/home$/);
    return pseudonym;
  }
}
