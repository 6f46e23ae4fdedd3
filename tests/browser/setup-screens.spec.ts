import { expect, test, type Browser } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { isOfferablePseudonym } from '../../domain/identity/pseudonym-words';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

test('setup: New Options asks again and chooses the first new name', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  let asked = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user/generate-pseudonyms')) asked++;
  });
  await page.goto('/setup');
  const options = page.getByRole('radio');
  await expect(options).toHaveCount(3);
  await options.nth(2).check();
  const before = await new SetupPage(page).offeredNames();
  await page.getByRole('button', { name: 'New Options' }).click();
  await expect.poll(() => asked).toBe(2);
  await expect(options).toHaveCount(3);
  await expect(options.first()).toBeChecked();
  await expect(options.first()).not.toHaveAttribute('value', before[0]!);
  for (const option of (await options.all()).slice(1)) await expect(option).not.toBeChecked();
  await context.close();
});

const NAMES_ENDPOINT = '**/api/user/generate-pseudonyms';
const isPlainPair = (name: string) => isOfferablePseudonym(name) && name.split(' ').length === 2;

/** A visitor on /setup while the server offers no names (503). */
const onSetupWithNamesDown = async (browser: Browser) => {
  const { context, page } = await visitor(browser);
  await page.route(NAMES_ENDPOINT, (route) =>
    route.fulfill({ status: 503, body: 'down for maintenance' }),
  );
  await page.goto('/setup');
  return { context, page };
};

test('setup: when the server cannot offer names, three plain pairs made here are offered', async ({
  browser,
}) => {
  const { context, page } = await onSetupWithNamesDown(browser);
  const names = await new SetupPage(page).offeredNames();
  expect(new Set(names).size).toBe(3);
  for (const name of names) expect(isPlainPair(name), name).toBe(true);
  // The server accepts a name made here: the same word lists stand behind both.
  await page.unroute(NAMES_ENDPOINT);
  const chosen = await new SetupPage(page).chooseFirstPseudonym();
  expect(names).toContain(chosen);
  await context.close();
});

test('setup: a name made here that someone else holds is replaced by another, selected, and said so', async ({
  browser,
  request,
}) => {
  const { context, page } = await onSetupWithNamesDown(browser);
  const setup = new SetupPage(page);
  const shown = await setup.offeredNames();
  const taken = shown[0]!;
  // Someone else registers the first name for real before this person presses Begin.
  const other = await request.post('/api/user/setup', {
    headers: { 'X-Device-ID': randomBytes(16).toString('base64url') },
    data: { pseudonym: taken, privacyConsent: true, termsConsent: true },
  });
  // The names are made in this browser, so on a server many journeys used the first may be
  // someone's already (409): either way someone else holds it when this person presses Begin.
  expect([201, 409], await other.text()).toContain(other.status());

  await page.getByRole('radio', { name: taken }).check();
  await page.getByRole('button', { name: 'Begin Journey' }).click();
  const status = page.getByRole('status').filter({ hasText: 'was just taken' });
  await expect(status).toHaveText(
    new RegExp(`^${taken} was just taken, so (.+) is offered instead\\.$`),
  );
  const offered = /so (.+) is offered instead/.exec((await status.textContent())!)![1]!;
  await expect(page.getByText('Setup Error')).toHaveCount(0);
  await expect(page).toHaveURL(/\/setup$/);

  const now = await setup.offeredNames();
  expect(now).toEqual(shown.map((name) => (name === taken ? offered : name)));
  expect(isPlainPair(offered), offered).toBe(true);
  const replacement = page.getByRole('radio', { name: offered });
  await expect(replacement).toBeChecked();
  await expect(replacement).toBeFocused();

  // Nothing was sent in the person's name: Begin again takes the name they now see. That one is
  // made in this browser too, and on a server where this run's journeys registered hundreds of
  // the 3,000 plain pairs it may be someone's as well: then the page says so again, with the
  // next one selected, and Begin takes that (as a person would press it again).
  let seen = offered;
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: 'Begin Journey' }).click();
    const again = page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${seen} was just taken, so (.+) is offered instead\\.$`) });
    await expect(page.getByText('Setup Error')).toHaveCount(0);
    await expect(async () => {
      expect(page.url().endsWith('/home') || (await again.count()) > 0).toBe(true);
    }).toPass({ timeout: 10_000 });
    if (page.url().endsWith('/home')) break;
    expect(attempt, 'names made here kept being taken').toBeLessThan(5);
    seen = /so (.+) is offered instead/.exec((await again.textContent())!)![1]!;
    await expect(page.getByRole('radio', { name: seen })).toBeChecked();
  }
  expect(await page.evaluate(() => localStorage.getItem('boon-device-pseudonym'))).toBe(seen);
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
