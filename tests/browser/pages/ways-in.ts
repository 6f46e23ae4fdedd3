import { expect, type Browser, type Page } from '@playwright/test';
import { decideConsentUpFront } from './setup-page';

type OutboxEntry = { to: string; subject: string; text: string; links: string[] };

export const CONFIRM = 'Confirm your email for Boon';
export const SIGN_IN_LINK = 'Your Boon sign-in link';

export type Screen = { width: number; height: number; colorScheme: 'light' | 'dark' };
/** A phone in the light theme and a desktop in the dark one: both widths, both themes. */
export const SCREENS: Screen[] = [
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 1280, height: 800, colorScheme: 'dark' },
];

/** A person in a browser of their own, on a screen of that size and theme. */
export const personAt = async (browser: Browser, screen: Screen) => {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    colorScheme: screen.colorScheme,
  });
  const page = await context.newPage();
  await decideConsentUpFront(page);
  return { context, page };
};

/** Every link to `path` mailed to `email` and titled `subject`, oldest first (the dev outbox). */
export const mailedLinks = async (page: Page, email: string, subject: string, path: string) => {
  let links: string[] = [];
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/dev/outbox.json')).json()) as OutboxEntry[];
      links = mails
        .filter((m) => m.to === email && m.subject === subject)
        .flatMap((m) => m.links)
        .filter((l) => new URL(l).pathname === path);
      return links.length;
    })
    .toBeGreaterThan(0);
  return links;
};

/** The page a verification link opens in a browser that did not sign up: choose the password. */
export class ChoosePasswordScreen {
  constructor(private readonly page: Page) {}

  async choose(password: string) {
    await expect(this.page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm Password').fill(password);
    await this.page.getByRole('button', { name: 'Save password and continue' }).click();
  }
}

/** Sign-in's "too many attempts", and the mailed link it offers. */
export class SignInLinkOffer {
  constructor(private readonly page: Page) {}

  get button() {
    return this.page.getByRole('button', { name: 'Email me a sign-in link' });
  }

  async request() {
    await this.button.click();
    await expect(
      this.page.getByRole('status').filter({ hasText: 'sign-in link is on its way' }),
    ).toBeVisible();
  }
}

/** Sends a wrong password for `email` every `everyMs` until stopped: every status it got. */
export const startGuessing = (page: Page, email: string, everyMs = 500) => {
  const statuses: number[] = [];
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const res = await page.request.post('/api/auth/signin', {
        data: { email, password: `guess number ${i}` },
      });
      statuses.push(res.status());
      await page.waitForTimeout(everyMs);
    }
  })();
  return {
    statuses,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
};
