import { expect, test } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { AuthScreen } from './pages/onboarding';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail, visitor } from './pages/visitor';

const stored = (key: string) => localStorage.getItem(key);

test('signing out makes a fresh anonymous device; signing in brings the identity back', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const auth = new AuthScreen(page);
  const email = uniqueEmail('leaver');
  await page.goto('/auth');
  await auth.signUpAndConfirm(email, 'long enough pw');
  const name = await new SetupPage(page).chooseFirstPseudonym();
  await new HomePage(page).answer('Promises bind us because other people plan around them.');
  const responsesUrl = page.url();
  const responses = new ResponsesPage(page);
  await expect(responses.response(name)).toContainText('Your response');
  await expect(responses.response(name).getByRole('button', { name: 'Delete' })).toBeVisible();
  const before = {
    device: await page.evaluate(stored, 'boon-device-id'),
    knownBrowser: await page.evaluate(stored, 'boon-known-browser'),
  };
  expect(before.knownBrowser).toBeTruthy();

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  // A signed-out screen, not a pseudonym picker: it says the identity stays with the account.
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You’re signed out' })).toBeVisible();
  await expect(page.getByText(`no longer takes part as ${name}`)).toBeVisible();
  // A fresh device: a new id, nothing of the account's identity, the known-browser token kept.
  expect(await page.evaluate(stored, 'boon-device-id')).not.toBe(before.device);
  for (const key of ['boon-device-pseudonym', 'boon-device-registered', 'boon-responses']) {
    expect(await page.evaluate(stored, key), key).toBeNull();
  }
  expect(await page.evaluate(stored, 'boon-known-browser')).toBe(before.knownBrowser);
  // Home asks the fresh device to choose a pseudonym of its own.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await page.goto('/settings');
  await expect(page.getByLabel('Pseudonym', { exact: true })).toHaveValue('Not chosen yet');
  // The account's answer is not this device's: it has not even answered today.
  await page.goto(responsesUrl);
  await expect(page.getByText('Share Your Voice First')).toBeVisible();
  await expect(page.getByText('Your response')).toHaveCount(0);

  // Signing back in (with the known-browser token) restores the identity on the new device.
  const sentTokens: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/signin')) {
      sentTokens.push(
        (request.postDataJSON() as { known_browser_token?: string }).known_browser_token,
      );
    }
  });
  await auth.submit('Sign In', email, 'long enough pw');
  // Home, which sends a device that already answered today on to the answers.
  await expect(page).toHaveURL(/\/(home|responses\/\d+)$/);
  expect(sentTokens).toEqual([before.knownBrowser]);
  await page.goto(responsesUrl);
  await expect(responses.response(name)).toContainText('Your response');
  await expect(responses.response(name).getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByLabel('Pseudonym', { exact: true })).toHaveValue(name);
  await context.close();
});
