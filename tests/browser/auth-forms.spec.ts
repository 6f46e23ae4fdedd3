import { expect, test, type Browser, type Page } from '@playwright/test';
import { decideConsentUpFront } from './pages/setup-page';

const shots = 'tests/artifacts/screenshots';

/** A phone in the light theme, a desktop in the dark. */
const LOOKS = [
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 1280, height: 900, colorScheme: 'dark' },
] as const;
type Look = (typeof LOOKS)[number];

const visitorIn = async (browser: Browser, look: Look) => {
  const context = await browser.newContext({
    viewport: { width: look.width, height: look.height },
    colorScheme: look.colorScheme,
  });
  const page = await context.newPage();
  await decideConsentUpFront(page);
  return { context, page };
};

const toast = (page: Page, title: string) => page.getByText(title, { exact: true }).first();

for (const look of LOOKS) {
  test(`admin login says what is missing beside its field, and the server's refusal as the spec's toast (${look.width} px, ${look.colorScheme})`, async ({
    browser,
  }) => {
    const { context, page } = await visitorIn(browser, look);
    await page.goto('/admin-login');
    const username = page.getByLabel('Username');
    const password = page.getByLabel('Password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expect(
      page.getByText('Username and password are required', { exact: true }),
    ).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toBeFocused();
    await expect(page.getByText('Enter your username', { exact: true })).toBeVisible();
    await page.screenshot({
      path: `${shots}/auth-forms-admin-login-missing-${look.width}-${look.colorScheme}.png`,
      fullPage: true,
    });

    await username.fill('admin');
    await expect(username).not.toHaveAttribute('aria-invalid');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill('not the password');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expect(page.getByText('Invalid credentials', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin-login$/);

    // Boon out of reach: the spec's other toast.
    await page.route('**/api/admin/login', (route) => route.abort());
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toast(page, 'Login error')).toBeVisible();
    await expect(
      page.getByText('There was a problem connecting to the server', { exact: true }),
    ).toBeVisible();
    await context.close();
  });
}

test('sign-in puts a problem the server names beside its field, and the unexpected as Error', async ({
  browser,
}) => {
  const { context, page } = await visitorIn(browser, LOOKS[0]);
  await page.goto('/auth');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('some password');

  await page.route('**/api/auth/signin', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Invalid request',
        status: 400,
        detail: 'Email must be at most 254 characters',
        field: 'email',
      }),
    }),
  );
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Sign In Failed')).toBeVisible();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  const describedBy = (await email.getAttribute('aria-describedby'))!;
  await expect(page.locator(`#${describedBy}`)).toHaveText('Email must be at most 254 characters');
  await email.fill('someone.else@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(toast(page, 'Sign In Failed')).toBeHidden();

  await page.unroute('**/api/auth/signin');
  await page.route('**/api/auth/signin', (route) => route.abort());
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Error')).toBeVisible();
  await expect(page.getByText('An unexpected error occurred', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' }).last()).toBeEnabled();
  await context.close();
});
