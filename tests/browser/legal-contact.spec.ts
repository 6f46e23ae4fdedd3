import { expect, test } from '@playwright/test';
import { personAt, SCREENS } from './pages/ways-in';

// Runs on the server that has CONTACT_EMAIL and PRIVACY_EMAIL set (project 'journeys-2'); the
// journeys' own server (E2E_PORT) has neither.
const unconfigured = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`;
const LEGAL = ['/contact', '/privacy', '/privacy-policy', '/terms-of-use'];
const shots = 'tests/artifacts/screenshots';

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`Terms, Privacy and Contact show the operator's configured addresses, and without any promise no answer from one (${look})`, async ({
    browser,
  }) => {
    const { context, page } = await personAt(browser, screen);
    for (const path of LEGAL) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'privacy@boon.test' }).first()).toHaveAttribute(
        'href',
        'mailto:privacy@boon.test',
      );
      await expect(main).toContainText('within 30 days');
    }
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'hello@boon.test' })).toHaveAttribute(
      'href',
      'mailto:hello@boon.test',
    );
    await page.screenshot({
      path: `${shots}/contact-set-${screen.width}-${screen.colorScheme}.png`,
    });

    for (const path of LEGAL) {
      await page.goto(`${unconfigured}${path}`);
      const main = page.getByRole('main');
      await expect(main).toContainText('have not published a contact address');
      await expect(main).not.toContainText('within 30 days');
      await expect(main.locator('a[href^="mailto:"]')).toHaveCount(0);
      await expect(main.getByRole('link', { name: 'Profile' })).toBeVisible();
    }
    await page.screenshot({
      path: `${shots}/contact-unset-${screen.width}-${screen.colorScheme}.png`,
    });
    await context.close();
  });
}
