import { expect, test, type Page } from '@playwright/test';
import { AuthScreen, Onboarding } from './pages/onboarding';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail, visitor } from './pages/visitor';

const shots = 'tests/artifacts/screenshots';

const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

test('first visit: splash → auth → carousel → setup → home', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text());
  });
  const onboarding = new Onboarding(page);
  await onboarding.enterFromSplash();
  await expect(page.getByRole('heading', { name: 'Welcome to Boon' })).toBeVisible();
  await page.screenshot({ path: `${shots}/auth-light.png`, fullPage: true });
  await onboarding.continueWithoutAccount();
  await expect(page.getByText('A journey of thoughtful exploration awaits')).toBeVisible();
  await page.screenshot({ path: `${shots}/carousel-light.png`, fullPage: true });
  await onboarding.walkCarousel();
  // Without a pseudonym, the carousel leads straight to choosing one.
  await expect(page).toHaveURL(/\/setup$/);
  const name = await new SetupPage(page).chooseFirstPseudonym();
  await expect(toast(page, 'Welcome to Boon!')).toBeVisible();
  await expect(page.getByText(`Your journey begins as ${name}`).first()).toBeVisible();

  // The next visit knows the device.
  await page.goto('/');
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // The pre-paint theme script, the bundle and the live socket all pass the CSP.
  expect(blocked).toEqual([]);
  await context.close();
});

test('the carousel locks its buttons while a slide changes', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  // The page's clock stands still until told: the lock cannot run out behind the test's back.
  await page.clock.install();
  await page.goto('/welcome');
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeEnabled();
  await page.clock.pauseAt(Date.now() + 60_000);
  await next.click();
  await expect(next).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await page.clock.runFor(399);
  await expect(next).toBeDisabled();
  await page.clock.runFor(1);
  await expect(next).toBeEnabled();
  await expect(page.getByText('2 of 4', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('1 of 4', { exact: true })).toBeVisible();
  await context.close();
});

test('keyboard only: the carousel and pseudonym setup', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.goto('/welcome');
  // Tab to Next, then Enter through the slides; focus comes back after each change.
  const next = page.getByRole('button', { name: 'Next' });
  for (let i = 0; i < 20 && !(await next.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(next).toBeFocused();
  for (const n of [2, 3, 4]) {
    // Focus returns to Next once the slide has changed and the buttons unlock. A disabled
    // button can still read as focused for a moment, so wait for the unlock as well.
    await expect(next).toBeEnabled();
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`${n} of 4`, { exact: true })).toBeVisible();
  }
  const begin = page.getByRole('button', { name: 'Begin Your Journey' });
  await expect(begin).toBeEnabled();
  await expect(begin).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/setup$/);

  // The first name offered is chosen already; the keyboard changes it: Tab into the radio
  // group, arrow to the next name and choose it, Tab to Begin Journey, Enter.
  const beginJourney = page.getByRole('button', { name: 'Begin Journey' });
  const radios = page.getByRole('radio');
  await expect(radios).toHaveCount(3);
  await expect(radios.first()).toBeChecked();
  await expect(beginJourney).not.toHaveAttribute('aria-disabled', 'true');
  const firstRadio = radios.first();
  for (let i = 0; i < 40; i++) {
    if (await firstRadio.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(firstRadio).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(1)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(radios.nth(1)).toBeChecked();
  await expect(firstRadio).not.toBeChecked();
  for (let i = 0; i < 10; i++) {
    if (await beginJourney.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(beginJourney).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
});

test('sign-up → setup → home, then sign out and back in', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const auth = new AuthScreen(page);
  const email = uniqueEmail('ada');
  await page.goto('/auth');

  await auth.submit('Sign Up', email, 'long enough pw', 'different pw');
  await expect(auth.toast('Password Mismatch')).toBeVisible();
  await auth.submit('Sign Up', email, 'short', 'short');
  await expect(auth.toast('Password Too Short')).toBeVisible();
  await auth.submit('Sign Up', '', '', '');
  await expect(auth.toast('Missing Information')).toBeVisible();

  await auth.signUpAndConfirm(email, 'long enough pw');
  const name = await new SetupPage(page).chooseFirstPseudonym();

  // Signed in and confirmed: /auth sends you home.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/settings');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByLabel('Pseudonym', { exact: true })).toHaveValue(name);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  // A signed-out screen, which offers to sign in again or go on without an account.
  await expect(page).toHaveURL(/\/signed-out$/);

  // Another device signs in and takes part as the same pseudonym.
  const other = await visitor(browser);
  const otherAuth = new AuthScreen(other.page);
  await other.page.goto('/auth');
  await otherAuth.submit('Sign In', email, 'long enough pw');
  await expect(other.page).toHaveURL(/\/home$/);
  await other.page.goto('/settings');
  await expect(other.page.getByLabel('Pseudonym', { exact: true })).toHaveValue(name);
  await other.context.close();
  await context.close();
});

test('sign-in with a wrong password shows Sign In Failed', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const auth = new AuthScreen(page);
  await auth.submit('Sign In', uniqueEmail('nobody'), 'wrong password');
  await expect(auth.toast('Sign In Failed')).toBeVisible();
  await expect(page.getByText('Invalid login credentials').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.screenshot({ path: `${shots}/sign-in-failed.png`, fullPage: true });
  // The error belongs to the sign-in form: it does not follow the person to the next page.
  await page.getByRole('link', { name: 'Continue without an account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(auth.toast('Sign In Failed')).toBeHidden({ timeout: 1_000 });
  await context.close();
});

test('the consent banner stays away once accepted, across reloads', async ({ browser }) => {
  const { context, page } = await visitor(browser, { consent: false });
  const recorded: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/user-agreements')) {
      recorded.push((request.postDataJSON() as { agreementType: string }).agreementType);
    }
  });
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Privacy consent' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About Boon' })).toBeVisible();
  await page.screenshot({ path: `${shots}/consent-banner.png` });
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('boon-consent'))).toBe('true');
  // Not registered yet: the decision waits in the browser (consent.spec.ts follows it through).
  expect(recorded).toEqual([]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Enter' })).toBeVisible();
  await expect(banner).toBeHidden();
  await context.close();
});

test('theme: the toggle persists, and system follows an emulated dark scheme', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  const select = page.getByRole('combobox', { name: 'Theme', exact: true });
  await expect(select).toHaveText(/^System/);
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByText('Showing the dark theme now.')).toBeVisible();
  await page.screenshot({ path: `${shots}/settings-dark.png`, fullPage: true });

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
  await page.reload();
  await expect(select).toHaveText('Light');
  await expect(html).not.toHaveClass(/dark/);
  await select.click();
  await page.getByRole('option', { name: /^System/ }).click();
  await expect(html).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/dark/);
  await page.screenshot({ path: `${shots}/settings-light.png`, fullPage: true });
  await context.close();
});

test('settings: Show Activity is saved on the server', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Show Activity' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page, 'Settings Updated')).toBeVisible();
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await context.close();
});

test('admin: login → shell → logout, and the shell needs a login', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(toast(page, 'Login failed')).toBeVisible();

  await page.getByLabel('Password').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  for (const tab of ['Generate', 'Edit', 'Schedule', 'Manage', 'Mini', 'Ideas', 'Submit']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Generate' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Edit' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: `${shots}/admin-shell.png`, fullPage: true });

  // Already an admin: the login page sends you on.
  await page.goto('/admin-login');
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  await context.close();
});

test('legal pages and the not-found page', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.goto('/privacy-policy');
  await expect(page.getByText(/17 June 2025/)).toBeVisible();
  await expect(page.getByText(/30 days/).first()).toBeVisible();
  await page.goto('/terms-of-use');
  await expect(page.getByText(/Version 1\.0/)).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByText(/December 2024/)).toBeVisible();
  await page.goto('/about');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(page.getByRole('link', { name: /Privacy Policy/ }).first()).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await context.close();
});

test('setup while the server is unreachable keeps the pseudonym and sends it later', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await page.route('**/api/user/setup', (route) => route.abort('connectionrefused'));
  await page.goto('/setup');
  const name = await new SetupPage(page).chooseFirstPseudonym();
  await expect(page.getByText(`Your journey begins as ${name}`).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('boon-registration-fallback'))).toBe(
    'true',
  );
  const deviceId = await page.evaluate(() => localStorage.getItem('boon-device-id'));

  // Back online: the next visit to home registers the kept name with the server.
  await page.unroute('**/api/user/setup');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('boon-registration-fallback')))
    .toBeNull();
  const known = await page.request.get(`/api/device/${deviceId}/pseudonym`, {
    headers: { 'X-Device-ID': deviceId! },
  });
  expect(await known.json()).toEqual({ pseudonym: name });
  await context.close();
});
