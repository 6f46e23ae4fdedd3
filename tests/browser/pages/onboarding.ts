import { expect, type Page } from '@playwright/test';
import { Inbox } from './inbox';

export class Onboarding {
  constructor(private readonly page: Page) {}

  async enterFromSplash() {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { name: 'Boon' })).toBeVisible();
    await this.page.getByRole('button', { name: 'Enter' }).click();
    await expect(this.page).toHaveURL(/\/auth$/);
  }

  async continueWithoutAccount() {
    await this.page.getByRole('link', { name: 'Continue without an account' }).click();
    await expect(this.page).toHaveURL(/\/welcome$/);
  }

  slideTitle() {
    return this.page.getByRole('group', { name: /of 4$/ }).getByRole('heading');
  }

  /** Walks the four slides with Next, checking each title and 'n of 4'. */
  async walkCarousel() {
    const titles = ['Welcome to Boon', 'Daily Dilemmas', 'Community Connection', 'Personal Growth'];
    for (const [i, title] of titles.entries()) {
      await expect(this.slideTitle()).toHaveText(title);
      await expect(this.page.getByText(`${i + 1} of 4`, { exact: true })).toBeVisible();
      if (i < titles.length - 1) {
        const next = this.page.getByRole('button', { name: 'Next' });
        await expect(next).toBeEnabled();
        await next.click();
      }
    }
    await this.page.getByRole('button', { name: 'Begin Your Journey' }).click();
  }
}

export class AuthScreen {
  constructor(private readonly page: Page) {}

  async open(tab: 'Sign In' | 'Sign Up') {
    if (!this.page.url().endsWith('/auth')) await this.page.goto('/auth');
    await this.page.getByRole('tab', { name: tab }).click();
  }

  async submit(tab: 'Sign In' | 'Sign Up', email: string, password: string, confirm = password) {
    await this.open(tab);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    if (tab === 'Sign Up') await this.page.getByLabel('Confirm Password').fill(confirm);
    await this.page.getByRole('tabpanel').getByRole('button', { name: tab }).click();
  }

  toast(title: string) {
    return this.page.getByText(title, { exact: true }).first();
  }

  /** Email-first sign-up: the form, 'Check your inbox', then the mailed link; lands on /setup. */
  async signUpAndConfirm(email: string, password: string) {
    await this.submit('Sign Up', email, password);
    await expect(this.page).toHaveURL(/\/auth\/check-inbox$/);
    await new Inbox(this.page).openLink(email, 'Confirm your email for Boon', '/auth/verify');
    await expect(this.page).toHaveURL(/\/setup$/);
  }
}
