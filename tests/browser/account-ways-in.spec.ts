import { expect, test, type Page } from '@playwright/test';
import { AuthScreen } from './pages/onboarding';
import { axeViolations, undersizedTargets } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail } from './pages/visitor';
import {
  ChoosePasswordScreen,
  CONFIRM,
  mailedLinks,
  personAt,
  SCREENS,
  SIGN_IN_LINK,
  SignInLinkOffer,
  startGuessing,
} from './pages/ways-in';

const shots = 'tests/artifacts/screenshots';
const OWNERS_PASSWORD = 'the owner chose this';
const STRANGERS_PASSWORD = 'a stranger chose this';

/** The screen passes axe's WCAG 2.2 AA rules, and no target is too small to hit. */
const checkScreen = async (page: Page, name: string) => {
  expect(await axeViolations(page), name).toEqual([]);
  expect(await undersizedTargets(page), name).toEqual([]);
};

for (const screen of SCREENS) {
  const at = `${screen.width}px, ${screen.colorScheme}`;

  test(`a stranger squats an address; the owner still ends up with the password they chose (${at})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('squatted');

    // The stranger signs the owner's address up three times, with the stranger's password.
    const stranger = await personAt(browser, screen);
    await new AuthScreen(stranger.page).submit('Sign Up', email, STRANGERS_PASSWORD);
    await expect(stranger.page).toHaveURL(/\/auth\/check-inbox$/);
    for (let i = 0; i < 2; i++) {
      const again = await stranger.page.request.post('/api/auth/signup', {
        data: { email, password: STRANGERS_PASSWORD },
      });
      expect(again.status()).toBe(202);
    }

    // The owner signs up too (from the same address here: the mails that address may cause
    // are spent), then opens the oldest mail in their inbox: one the stranger's sign-up sent.
    const owner = await personAt(browser, screen);
    const urls: string[] = [];
    owner.page.on('request', (request) => urls.push(request.url()));
    await new AuthScreen(owner.page).submit('Sign Up', email, OWNERS_PASSWORD);
    await expect(owner.page).toHaveURL(/\/auth\/check-inbox$/);
    const [strangersLink] = await mailedLinks(owner.page, email, CONFIRM, '/auth/verify');
    await owner.page.goto(strangersLink!);
    await expect(owner.page).toHaveURL(/\/auth\/verify$/);

    // The link proves the address and nothing more: the owner chooses the password here.
    const choose = new ChoosePasswordScreen(owner.page);
    await expect(owner.page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await checkScreen(owner.page, 'choose your password');
    await owner.page.screenshot({
      path: `${shots}/choose-password-${screen.width}-${screen.colorScheme}.png`,
      fullPage: true,
    });
    await choose.choose(OWNERS_PASSWORD);
    await expect(owner.page).toHaveURL(/\/setup$/);
    await new SetupPage(owner.page).chooseFirstPseudonym();
    const deviceId = await owner.page.evaluate(() => localStorage.getItem('boon-device-id'));
    expect(urls.filter((url) => url.includes(deviceId!))).toEqual([]);

    // The stranger's password opens nothing; the owner's opens the account anywhere.
    await new AuthScreen(stranger.page).submit('Sign In', email, STRANGERS_PASSWORD);
    await expect(
      stranger.page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }),
    ).toBeVisible({ timeout: 15_000 });
    const elsewhere = await personAt(browser, screen);
    await new AuthScreen(elsewhere.page).submit('Sign In', email, OWNERS_PASSWORD);
    await expect(elsewhere.page).toHaveURL(/\/home$/, { timeout: 15_000 });
    for (const person of [stranger, owner, elsewhere]) await person.context.close();
  });

  test(`a guesser hammers an account; the owner gets in within a minute, the guesser never (${at})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('hammered');
    const first = await personAt(browser, screen);
    await first.page.goto('/auth');
    await new AuthScreen(first.page).signUpAndConfirm(email, OWNERS_PASSWORD);
    await new SetupPage(first.page).chooseFirstPseudonym();
    await first.context.close();

    // The guesser starts, and keeps going until the end; the account soon answers 429.
    const guesser = await personAt(browser, screen);
    const guessing = startGuessing(guesser.page, email);
    await expect.poll(() => guessing.statuses.includes(429), { timeout: 30_000 }).toBe(true);

    // The owner, in a browser that never signed in, with the right password: throttled.
    const owner = await personAt(browser, screen);
    const auth = new AuthScreen(owner.page);
    await auth.submit('Sign In', email, OWNERS_PASSWORD);
    const started = Date.now();
    await expect(
      owner.page.getByRole('alert').filter({ hasText: 'Too many failed sign-in attempts' }),
    ).toBeVisible({ timeout: 15_000 });
    // The spec's 'Sign In Failed' toast comes too, its code loaded on first use: the screen is
    // checked once it is in (checked while it faded in, its text read as too faint).
    await expect(owner.page.getByText('Sign In Failed', { exact: true })).toBeVisible();
    const offer = new SignInLinkOffer(owner.page);
    await expect(offer.button).toBeVisible();
    await checkScreen(owner.page, 'sign-in throttled, with the link offered');
    await owner.page.screenshot({
      path: `${shots}/sign-in-link-offer-${screen.width}-${screen.colorScheme}.png`,
      fullPage: true,
    });
    await offer.request();
    await owner.page.screenshot({
      path: `${shots}/sign-in-link-sent-${screen.width}-${screen.colorScheme}.png`,
      fullPage: true,
    });

    // The guesser asks for links too: they go to the owner's mailbox, which only the owner reads.
    expect(
      (await guesser.page.request.post('/api/auth/signin-link', { data: { email } })).status(),
    ).toBe(202);
    const links = await mailedLinks(owner.page, email, SIGN_IN_LINK, '/auth/link');
    await owner.page.goto(links.at(-1)!);
    await expect(owner.page).toHaveURL(/\/home$/);
    expect(Date.now() - started).toBeLessThan(60_000);

    // Signed out and back in with the password while the guessing goes on: this browser is known.
    await owner.page.evaluate(() => localStorage.removeItem('boon-auth-session'));
    await auth.submit('Sign In', email, OWNERS_PASSWORD);
    await expect(owner.page).toHaveURL(/\/home$/, { timeout: 15_000 });

    await guessing.stop();
    expect(guessing.statuses.length).toBeGreaterThan(5);
    expect(guessing.statuses.every((status) => status === 401 || status === 429)).toBe(true);
    for (const person of [guesser, owner]) await person.context.close();
  });
}

test('the link pages say what to do when a link is incomplete or spent (both themes)', async ({
  browser,
}) => {
  for (const screen of SCREENS) {
    const { context, page } = await personAt(browser, screen);
    for (const [path, name] of [
      ['/auth/link', 'sign-in-link'],
      ['/auth/admin-link', 'admin-link'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Link incomplete' })).toBeVisible();
      await checkScreen(page, `${path} at ${screen.width}px`);
      await page.screenshot({
        path: `${shots}/${name}-incomplete-${screen.width}-${screen.colorScheme}.png`,
        fullPage: true,
      });
    }
    await page.goto('/auth/link?token=someaccount.notasecretwesentatall');
    await expect(page).toHaveURL(/\/auth\/link$/);
    await expect(page.getByRole('heading', { name: 'Link expired or already used' })).toBeVisible();
    await context.close();
  }
});

test('an admin signs in by a one-time link made on the server’s machine', async ({ browser }) => {
  const { context, page } = await personAt(browser, SCREENS[0]!);
  // What `npm run admin-link -- admin` asks, from this machine.
  const made = await page.request.post('/api/admin/sign-in-links', {
    headers: { 'X-Boon-Ops': '1' },
    data: { username: 'admin' },
  });
  expect(made.status()).toBe(201);
  const { link } = (await made.json()) as { link: string };
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => localStorage.getItem('boon-known-browser-admin'))).toBeTruthy();
  // Spent: the same link again says so.
  await page.evaluate(() => localStorage.removeItem('adminToken'));
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Link expired or already used' })).toBeVisible();
  await context.close();
});
