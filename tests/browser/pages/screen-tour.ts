import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { answerAsSomeoneElse } from './community';
import { HomePage } from './home-page';
import { decideConsentUpFront, SetupPage } from './setup-page';
import { recordPolicyViolations } from './screen-checks';

export type TourOptions = { colorScheme: 'light' | 'dark'; width: number };
/** Called once each screen is showing and settled. */
export type Stop = (page: Page, screen: string) => Promise<void>;

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** Public screens, seen by a visitor who has not chosen a pseudonym yet. */
const publicScreens: [string, string, string | RegExp][] = [
  ['splash', '/', 'Boon'],
  ['auth', '/auth', 'Welcome to Boon'],
  ['auth-check-inbox', '/auth/check-inbox', 'Check your inbox'],
  ['auth-verify', '/auth/verify', 'Link incomplete'],
  ['auth-recover', '/auth/recover', 'Forgot your password?'],
  ['auth-reset', '/auth/reset', 'Choose a new password'],
  ['welcome', '/welcome', 'Welcome to Boon'],
  ['setup', '/setup', 'Enter Your Journey'],
  ['about', '/about', 'About Boon'],
  ['privacy', '/privacy', 'Privacy & Terms'],
  ['privacy-policy', '/privacy-policy', 'Privacy Policy'],
  ['terms-of-use', '/terms-of-use', 'Terms of Use'],
  ['contact', '/contact', 'Contact'],
  ['admin-login', '/admin-login', 'Admin Login'],
  ['not-found', '/no-such-page', '404 Page Not Found'],
  ['responses-not-a-question', '/responses/abc', '404 Page Not Found'],
  ['question-not-found', '/responses/987654', 'Question not found'],
  ['archive-closed', '/archive', "Join Today's Conversation First"],
];

const LONG_ANSWER = Array.from(
  { length: 30 },
  (_, i) => `Sentence ${i + 1} of a long and careful answer about what we owe each other.`,
).join(' ');

/**
 * Walks every screen of the app as one visitor would meet them, in one theme and width,
 * stopping on each: public pages, onboarding, home, the offline state, the responses with
 * replies, the reader and the delete confirmation, settings, the admin shell.
 */
export const tourEveryScreen = async (
  browser: Browser,
  request: APIRequestContext,
  options: TourOptions,
  stop: Stop,
) => {
  await answerAsSomeoneElse(request, LONG_ANSWER);
  const context = await browser.newContext({
    colorScheme: options.colorScheme,
    reducedMotion: 'reduce',
    viewport: { width: options.width, height: options.width < 600 ? 844 : 900 },
  });
  await recordPolicyViolations(context);
  const page = await context.newPage();
  await decideConsentUpFront(page);

  for (const [screen, path, title] of publicScreens) {
    await page.goto(path);
    await heading(page, title);
    if (screen === 'setup') await expect(page.getByRole('radio')).toHaveCount(3);
    await stop(page, screen);
  }

  await page.route('**/api/device/*/pseudonym', () => new Promise(() => {}));
  await page.goto('/device-check');
  await expect(page.getByText('Checking device registration...')).toBeVisible();
  await stop(page, 'device-check');
  await page.unroute('**/api/device/*/pseudonym');

  await page.goto('/setup');
  await new SetupPage(page).chooseFirstPseudonym();
  await page.goto('/home');
  await expect(page.getByLabel('Your response')).toBeVisible();
  await stop(page, 'home');
  const questionId = await page.evaluate(
    async () => (await (await fetch('/api/question/today')).json()).id,
  );

  await page.goto(`/responses/${questionId}`);
  await expect(page.getByRole('heading', { name: 'Share Your Voice First' })).toBeVisible();
  await stop(page, 'responses-share-first');

  await page.route('**/api/question/today', (route) => route.abort('internetdisconnected'));
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Can’t reach Boon' })).toBeVisible({
    timeout: 15_000,
  });
  await stop(page, 'home-unreachable');
  await page.unroute('**/api/question/today');

  for (const [screen, path, title] of [
    ['pseudonym-welcome', '/pseudonym-welcome', 'Your pseudonym'],
    ['disclosure', '/disclosure', 'Before you begin'],
    ['settings', '/settings', 'Settings'],
  ] as const) {
    await page.goto(path);
    await heading(page, title);
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    await stop(page, screen);
  }

  await page.goto('/mini-chat');
  await heading(page, 'Live chat');
  await expect(page.getByLabel('Message the live chat')).toBeEnabled();
  await stop(page, 'mini-chat');

  await page.goto('/home');
  await new HomePage(page).answer('My own view: we owe each other honesty, even when it costs us.');
  await expect(page.getByRole('button', { name: 'Read more' }).first()).toBeVisible();
  await stop(page, 'responses');

  const own = page
    .getByRole('article', { name: /^Response by / })
    .filter({ hasText: 'Your response' });
  await own.getByRole('button', { name: /repl/ }).click();
  await expect(own.getByLabel('Write a reply')).toBeVisible();
  await stop(page, 'responses-replies-open');

  await own.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await stop(page, 'confirm-delete');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Read more' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await stop(page, 'reader');
  await page.keyboard.press('Escape');

  await page.goto('/sentiment');
  await heading(page, 'Community Sentiment');
  await expect(page.getByRole('article').first()).toBeVisible();
  await stop(page, 'sentiment');
  for (const [screen, path, title] of [
    ['archive', '/archive', 'Question Archive'],
    ['my-responses', '/my-responses', 'My Responses'],
    ['questions-archive', '/questions/archive', 'Question Archive'],
    ['my-journey', '/my-journey', 'My Journey'],
    ['question', `/question/${questionId}`, /./],
    ['profile', '/profile', /./],
  ] as const) {
    await page.goto(path);
    await heading(page, title);
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    await stop(page, screen);
  }

  await page.goto('/admin-login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  // The password is hashed on a worker pool that yields to everything else: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({
    timeout: 20_000,
  });
  await stop(page, 'admin');

  await context.close();
};
