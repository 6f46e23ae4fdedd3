import { expect, test } from '@playwright/test';
import { isOfferablePseudonym } from '../../domain/identity/pseudonym-words';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

test('setup: New Options asks again and clears the choice', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/generate-pseudonyms')) asked++;
  });
  await page.goto('/setup');
  const options = page.getByRole('radio');
  await expect(options).toHaveCount(3);
  await options.nth(2).check();
  await page.getByRole('button', { name: 'New Options' }).click();
  await expect.poll(() => asked).toBe(2);
  await expect(options).toHaveCount(3);
  for (const option of await options.all()) await expect(option).not.toBeChecked();
  await context.close();
});

test('setup: when the server cannot offer names, three made here are offered', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await page.route('**/api/user/generate-pseudonyms', (route) =>
    route.fulfill({ status: 503, body: 'down for maintenance' }),
  );
  await page.goto('/setup');
  const options = page.getByRole('radio');
  await expect(options).toHaveCount(3);
  const names = await Promise.all((await options.all()).map((o) => o.getAttribute('value')));
  expect(new Set(names).size).toBe(3);
  for (const name of names) {
    expect(isOfferablePseudonym(name!)).toBe(true);
    // Numbered: nothing here knows which plain pairs the server has given out already, and a
    // name made here that turned out taken sent the person back to choose again.
    expect(name).toMatch(/ \d+$/);
  }
  // The server accepts a name made here: the same word lists stand behind both.
  await page.unroute('**/api/user/generate-pseudonyms');
  const chosen = await new SetupPage(page).chooseFirstPseudonym();
  expect(names).toContain(chosen);
  await context.close();
});

test('pseudonym welcome shows the name, then Enter records it was seen', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const name = await new SetupPage(page).registerAsNewVisitor();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/device/*/pseudonym', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/pseudonym-welcome');
  await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
  const enter = page.getByRole('button', { name: 'Enter' });
  await expect(enter).toBeDisabled();
  release();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await enter.click();
  await expect(page).toHaveURL(/\/home$/);
  const seen = await page.evaluate(() => [
    localStorage.getItem('boon-pseudonym-welcome-seen'),
    localStorage.getItem('boon-disclosure-seen'),
  ]);
  expect(seen).toEqual(['true', 'true']);
  await context.close();
});

test('disclosure: the policy opens in a new tab; Continue goes home', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  await page.goto('/disclosure');
  const [policy] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: /Terms & Privacy Policy/ }).click(),
  ]);
  await expect(policy).toHaveURL(/\/privacy$/);
  await expect(policy.getByText(/December 2024/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('boon-disclosure-seen'))).toBe('true');
  await context.close();
});
