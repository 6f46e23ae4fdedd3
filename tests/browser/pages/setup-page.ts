import { expect, type Page } from '@playwright/test';

/** Journeys that are not about the consent banner start with the decision already made. */
export const decideConsentUpFront = (page: Page) =>
  page.addInitScript(() => {
    if (!localStorage.getItem('boon-consent')) localStorage.setItem('boon-consent', 'true');
  });

export class SetupPage {
  constructor(private readonly page: Page) {}

  /** Picks the first offered pseudonym on 'Enter Your Journey' and begins; answers the name. */
  async chooseFirstPseudonym(): Promise<string> {
    await expect(this.page.getByRole('heading', { name: 'Enter Your Journey' })).toBeVisible();
    const first = this.page.getByRole('radio').first();
    await expect(first).toBeVisible();
    const pseudonym = (await first.getAttribute('value'))!;
    await first.check();
    await this.page.getByRole('button', { name: 'Begin Journey' }).click();
    await expect(this.page).toHaveURL(/\/home$/);
    return pseudonym;
  }

  /** A new visitor who goes straight to pseudonym setup. */
  async registerAsNewVisitor(): Promise<string> {
    await decideConsentUpFront(this.page);
    await this.page.goto('/setup');
    return this.chooseFirstPseudonym();
  }
}
