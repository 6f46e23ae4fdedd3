import { expect, test } from '@playwright/test';
import { Inbox } from './pages/inbox';
import { AuthScreen } from './pages/onboarding';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail, visitor } from './pages/visitor';

const shots = 'tests/artifacts/screenshots';
const CONFIRM = 'Confirm your email for Boon';
const RESET = 'Choose a new Boon password';

test('sign-up is email-first: check your inbox, the mailed link, then setup', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const auth = new AuthScreen(page);
  const email = uniqueEmail('mail');
  await auth.submit('Sign Up', email, 'long enough pw');

  await expect(page).toHaveURL(/\/auth\/check-inbox$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('24 hours')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up again with the right one' })).toBeVisible();
  await page.screenshot({ path: `${shots}/check-inbox.png`, fullPage: true });
  // No session until the link is followed.
  expect(await page.evaluate(() => localStorage.getItem('boon-auth-session'))).toBeNull();

  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(`If ${email} is waiting for confirmation`)).toBeVisible();

  const inbox = new Inbox(page);
  await inbox.openLink(email, CONFIRM, '/auth/verify');
  await expect(page).toHaveURL(/\/setup$/);
  expect(await page.evaluate(() => localStorage.getItem('boon-known-browser'))).toBeTruthy();
  await new SetupPage(page).chooseFirstPseudonym();

  // The link worked once.
  await inbox.openLink(email, CONFIRM, '/auth/verify');
  await expect(page.getByRole('heading', { name: 'Link already used' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/verify$/);
  await context.close();
});

test('a taken address gets the same screen; its owner gets a mail instead', async ({ browser }) => {
  const owner = await visitor(browser);
  const email = uniqueEmail('owner');
  await owner.page.goto('/auth');
  await new AuthScreen(owner.page).signUpAndConfirm(email, 'long enough pw');
  await owner.context.close();

  const stranger = await visitor(browser);
  await new AuthScreen(stranger.page).submit('Sign Up', email, 'another password');
  await expect(stranger.page).toHaveURL(/\/auth\/check-inbox$/);
  await expect(stranger.page.getByText(email)).toBeVisible();
  const notice = await new Inbox(stranger.page).mailTo(
    email,
    'Someone tried to sign up to Boon with your email',
  );
  expect(notice.links.some((l) => l.includes('/auth/verify'))).toBe(false);
  await stranger.context.close();
});

test('password reset: mailed link, new password, every old session ends, the new one works', async ({
  browser,
}) => {
  const email = uniqueEmail('forgetful');
  const first = await visitor(browser);
  await first.page.goto('/auth');
  await new AuthScreen(first.page).signUpAndConfirm(email, 'the old password');
  await new SetupPage(first.page).chooseFirstPseudonym();
  const oldToken = await first.page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('boon-auth-session')!) as { access_token: string })
        .access_token,
  );

  const { context, page } = await visitor(browser);
  const auth = new AuthScreen(page);
  await auth.open('Sign In');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/recover$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('30 minutes')).toBeVisible();
  await new Inbox(page).openLink(email, RESET, '/auth/reset');
  await expect(page).toHaveURL(/\/auth\/reset$/);

  // The field says what is wrong, and the error leaves once fixed.
  await page.getByLabel('New Password').fill('a brand new phrase');
  await page.getByLabel('Confirm Password').fill('a brand new phrasf');
  await page.getByRole('button', { name: 'Save new password' }).click();
  const confirm = page.getByLabel('Confirm Password');
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.locator('p[aria-live="assertive"]').filter({ hasText: 'Passwords do not match' }),
  ).toBeVisible();
  await confirm.fill('a brand new phrase');
  await expect(confirm).not.toHaveAttribute('aria-invalid');
  await page.screenshot({ path: `${shots}/reset-password.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(auth.toast('Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // The session from before the reset is over.
  const old = await first.page.request.get('/api/auth/session', {
    headers: { Authorization: `Bearer ${oldToken}` },
  });
  expect(old.status()).toBe(401);

  await auth.submit('Sign In', email, 'the old password');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }),
  ).toBeVisible();
  await auth.submit('Sign In', email, 'a brand new phrase');
  await expect(page).toHaveURL(/\/home$/);
  await first.context.close();
  await context.close();
});

test('validation errors sit under their fields, are announced, and leave when fixed', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const auth = new AuthScreen(page);
  await auth.submit('Sign Up', '', '', '');
  await expect(auth.toast('Missing Information')).toBeVisible();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  const describedBy = (await email.getAttribute('aria-describedby'))!;
  await expect(page.locator(`#${describedBy}`)).toHaveText('Enter your email address');
  await expect(page.locator(`#${describedBy}`)).toHaveAttribute('aria-live', 'assertive');
  await page.screenshot({ path: `${shots}/sign-up-field-errors.png`, fullPage: true });

  await email.fill(uniqueEmail('fixer'));
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await page.getByLabel('Password', { exact: true }).fill('long enough pw');
  await page.getByLabel('Confirm Password').fill('long enough pw');
  // Everything fixed: no error left on the page, and the toast about it is gone.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(auth.toast('Missing Information')).toBeHidden();

  // The server's refusal sits under the field it names.
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm Password').fill('password123');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Up' }).click();
  await expect(auth.toast('Sign Up Failed')).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.locator('p[aria-live="assertive"]').filter({ hasText: /too weak/ }),
  ).toBeVisible();
  await password.fill('a much better phrase');
  await expect(password).not.toHaveAttribute('aria-invalid');
  await expect(auth.toast('Sign Up Failed')).toBeHidden();

  // Sign-in: wrong credentials concern the whole form; an edit clears them.
  await auth.submit('Sign In', uniqueEmail('nobody'), 'wrong password');
  const wrong = page.getByRole('alert').filter({ hasText: 'Invalid login credentials' });
  // An unknown address costs a full password hash too (so it cannot be told apart): allow for it.
  await expect(wrong).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Password', { exact: true }).fill('another try');
  await expect(wrong).toBeHidden();
  await context.close();
});
