import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { decideConsentUpFront } from './pages/setup-page';

/** Screens of the identity journey, checked by axe in both themes (WCAG 2.1 A and AA). */
const screens: [string, string][] = [
  ['/', 'Boon'],
  ['/auth', 'Welcome to Boon'],
  ['/auth/check-inbox', 'Check your inbox'],
  ['/auth/verify', 'Link incomplete'],
  ['/auth/recover', 'Forgot your password?'],
  ['/auth/reset', 'Choose a new password'],
  ['/welcome', 'Welcome to Boon'],
  ['/setup', 'Enter Your Journey'],
  ['/disclosure', 'Before you begin'],
  ['/pseudonym-welcome', 'Your pseudonym'],
  ['/settings', 'Settings'],
  ['/about', 'About Boon'],
  ['/privacy', 'Privacy & Terms'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-use', 'Terms of Use'],
  ['/contact', 'Contact'],
  ['/admin-login', 'Admin Login'],
];

const violations = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
};

for (const scheme of ['light', 'dark'] as const) {
  test(`identity screens have no axe violations in the ${scheme} theme`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await decideConsentUpFront(page);
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: heading, exact: true }),
      ).toBeVisible();
      // Let fades settle: axe measures contrast on what is painted.
      await page.waitForTimeout(350);
      expect(await violations(page), `${path} (${scheme})`).toEqual([]);
    }
    await context.close();
  });
}

test('sign-up with its field errors showing passes axe in both themes', async ({ browser }) => {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await decideConsentUpFront(page);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await page.waitForTimeout(350);
    expect(await violations(page), scheme).toEqual([]);
    await context.close();
  }
});

test('the consent banner itself passes axe', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/about');
  await expect(page.getByRole('region', { name: 'Privacy consent' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await context.close();
});
