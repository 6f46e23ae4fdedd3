import { expect, type Page } from '@playwright/test';

/** Today's Mini journey (/mini) and its result (/mini/result/{archetypeId}). */
export class MiniJourney {
  constructor(private readonly page: Page) {}

  options() {
    return this.page.getByRole('list', { name: 'Your options' }).getByRole('button');
  }

  /** Picks the n-th option (from 0) once the options are there. */
  async choose(n: number) {
    await expect(this.options().nth(n)).toBeEnabled();
    await this.options().nth(n).click();
  }

  async goBack() {
    await this.page.getByRole('button', { name: 'Go back to previous step' }).click();
  }

  async expectResult(archetypeId: string, name: string) {
    await expect(this.page).toHaveURL(new RegExp(`/mini/result/${archetypeId}$`));
    await expect(this.page.getByRole('heading', { name: 'Your Archetype' })).toBeVisible();
    await expect(this.page.getByRole('heading', { name })).toBeVisible();
  }

  toast(title: string) {
    return this.page.getByText(title, { exact: true }).first();
  }

  async confirm(button: string) {
    await this.page.getByRole('button', { name: button }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: button }).click();
  }
}
