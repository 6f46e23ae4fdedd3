import { expect, test, type Page } from '@playwright/test';
import { adminArea } from './pages/admin-page';
import { HomePage } from './pages/home-page';
import { SetupPage } from './pages/setup-page';
import { personAt, SCREENS, type Screen } from './pages/ways-in';

const shots = 'tests/artifacts/screenshots';

/** The page in this screen's theme and then the other one, both looked at. */
const shootBothThemes = async (page: Page, name: string, screen: Screen) => {
  const other: Screen['colorScheme'] = screen.colorScheme === 'light' ? 'dark' : 'light';
  // The screen's own theme last: the page is left as it was.
  for (const colorScheme of [other, screen.colorScheme]) {
    await page.emulateMedia({ colorScheme });
    // The theme is settled as the page loads: shown again in the other one.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `${shots}/${name}-${screen.width}-${colorScheme}.png` });
  }
};

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`labels say what a person can do: no Exit Journey without a journey, no 'Join' after answering, the introduction at the foot of the page (${look})`, async ({
    browser,
  }) => {
    const { context, page } = await personAt(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();

    // A pseudonymous person cannot start a journey: there is nothing to exit.
    await page.goto('/mini');
    await expect(page.getByRole('heading', { name: 'Journeys need a free account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Exit Journey' })).toHaveCount(0);
    await shootBothThemes(page, 'labels-mini-account-needed', screen);

    // After answering, today's discussion is one they are already part of.
    await page.goto('/home');
    await new HomePage(page).answer('A label should say what the button does, nothing more.');
    await page.goto('/personal/archive');
    await expect(page.getByText('Showing 1 of 1 response')).toBeVisible();
    await expect(page.getByRole('link', { name: /Join today.s discussion/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Read today’s discussion' }).click();
    await expect(page).toHaveURL(/\/responses\/\d+$/);

    // The introduction is at the foot of every page, beside About.
    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Introduction' })
      .click();
    await expect(page).toHaveURL(/\/intro$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Boon' })).toBeVisible();
    await context.close();
  });

  test(`the admin area has no member tab bar over its own tabs, which show that they scroll, a history that fits, and the board's and submissions' own pages linked (${look})`, async ({
    browser,
  }) => {
    const { context, page } = await personAt(browser, screen);
    await adminArea(page).logIn();
    await expect(page.getByRole('tablist')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    // The nine tabs are wider than a phone: the row fades where tabs are out of sight.
    const tabs = page.getByRole('tablist', { name: 'Admin tools' });
    if (screen.width < 600) {
      await expect(tabs).toHaveAttribute('data-more', 'end');
      expect(await tabs.evaluate((el) => getComputedStyle(el).maskImage)).toContain('gradient');
      await tabs.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(tabs).toHaveAttribute('data-more', 'start');
      await tabs.evaluate((el) => el.scrollTo({ left: 0 }));
    } else {
      await expect(tabs).not.toHaveAttribute('data-more');
    }
    await shootBothThemes(page, 'admin-no-member-bar', screen);

    // The history: a table on a desktop, cards of labelled lines on a phone (no sideways scroll).
    await adminArea(page).openTab('Audit');
    const history = page.getByRole('region', { name: 'Moderation history' });
    const entry = history.locator('tbody tr').first();
    await expect(entry).toContainText('admin.signed-in');
    const fits = await history.evaluate((el) => el.scrollWidth <= el.clientWidth);
    const lines = await entry.evaluate((row) => getComputedStyle(row).display);
    if (screen.width < 600) {
      expect(fits).toBe(true);
      await expect(history.getByRole('table')).toBeVisible();
      expect(lines).toBe('flex');
      expect(
        await entry
          .locator('td')
          .first()
          .evaluate((td) => getComputedStyle(td, '::before').content),
      ).toBe('"When"');
    } else {
      expect(lines).toBe('table-row');
      await expect(history.getByRole('columnheader', { name: 'When' })).toBeVisible();
    }
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${shots}/admin-audit-${screen.width}-${screen.colorScheme}.png`,
    });
    // Leaving the admin area brings the member's bar back.
    await page.goto('/settings');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await context.close();
  });
}
