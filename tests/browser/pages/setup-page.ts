import { expect, type Page } from '@playwright/test';

/** Journeys that are not about the consent banner start with the decision already made. */
export const decideConsentUpFront = (page: Page) =>
  page.addInitScript(() => {
    if (!localStorage.getItem('boon-consent')) localStorage.setItem('boon-consent', 'true');
  });

export class SetupPage {
  constructor(private readonly page: Page) {}

  /** The three names on offer, once they are shown. */
  async offeredNames(): Promise<string[]> {
    const options = this.page.getByRole('radio');
    await expect(options).toHaveCount(3);
    return Promise.all((await options.all()).map(async (o) => (await o.getAttribute('value'))!));
  }

  /** Picks the first offered pseudonym on 'Enter Your Journey' and begins; answers the name. */
  async chooseFirstPseudonym(): Promise<string> {
    await expect(this.page.getByRole('heading', { name: 'Enter Your Journey' })).toBeVisible();
    const first = this.page.getByRole('radio').first();
    await expect(first).toBeVisible();
    // Begin Journey is enabled only with a choice (aria-disabled without one). On a busy CI run
    // the page was still settling and a choice made at once was gone again (none checked,
    // the button disabled): choose until the choice holds.
    const begin = this.page.getByRole('button', { name: 'Begin Journey' });
    await expect(async () => {
      await first.check();
      await expect(begin).toBeEnabled({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    const pseudonym = (await this.page
      .getByRole('radio', { checked: true })
      .getAttribute('value'))!;
    await begin.click();
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
