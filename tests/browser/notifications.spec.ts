import { expect, test, type Locator, type Page } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { SetupPage } from './pages/setup-page';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The one toast showing, once its entrance has settled. */
const toast = async (page: Page, title: string) => {
  const item = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
  await expect(item).toContainText(title);
  await page.waitForTimeout(300);
  return box(item);
};

test('on a phone, a toast never covers the consent sheet’s buttons or a text box', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/setup');
  const banner = page.getByRole('region', { name: 'Privacy consent' });
  await expect(banner).toBeVisible();
  // The consent banner is a compact sheet, not a quarter of the screen.
  expect((await box(banner)).height).toBeLessThan(844 / 4);
  await page.screenshot({ path: 'tests/artifacts/screenshots/consent-sheet-390.png' });

  // Choosing a pseudonym greets with a toast while the banner is still up, on a page with a
  // text box in view.
  await new SetupPage(page).chooseFirstPseudonym();
  const home = new HomePage(page);
  await expect(home.responseBox).toBeVisible();
  const welcome = await toast(page, 'Welcome to Boon!');
  for (const target of [
    banner.getByRole('button', { name: 'Accept' }),
    banner.getByRole('button', { name: 'Decline' }),
    home.responseBox,
  ]) {
    expect(overlaps(welcome, await box(target))).toBe(false);
  }
  await page.screenshot({ path: 'tests/artifacts/screenshots/toast-with-consent-390.png' });

  // With the text box scrolled to the top of the screen and in use, an error toast goes
  // elsewhere.
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('button', { name: 'Close' })
    .click();
  await home.write('An answer the server will not take right now.');
  await home.responseBox.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  // A refusal (a 503 would keep the answer to send later, as an unreachable server does).
  await page.route('**/api/responses', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Question closed',
        status: 409,
        detail: "Only today's question can be answered.",
      }),
    }),
  );
  await home.submitButton.click();
  const failed = await toast(page, 'Error submitting response');
  for (const target of [
    banner.getByRole('button', { name: 'Accept' }),
    banner.getByRole('button', { name: 'Decline' }),
    home.responseBox,
  ]) {
    expect(overlaps(failed, await box(target))).toBe(false);
  }
  await context.close();
});
