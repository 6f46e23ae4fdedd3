import { expect, test, type Page } from '@playwright/test';
import { decideConsentUpFront } from './pages/setup-page';

/** The page container's entrance animation, as the browser will actually run it. */
const entrance = (page: Page) =>
  page.locator('main#main').evaluate((el) => {
    const style = getComputedStyle(el);
    return { name: style.animationName, ms: parseFloat(style.animationDuration) * 1000 };
  });

const slideEntrance = (page: Page) =>
  page
    .getByRole('group', { name: /of 4$/ })
    .evaluate((el) => parseFloat(getComputedStyle(el).animationDuration) * 1000);

test('pages animate in, and stay still for people who prefer reduced motion', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await decideConsentUpFront(page);

  await page.goto('/about');
  expect(await entrance(page)).toEqual({ name: 'page-fade', ms: 300 });
  await page.goto('/welcome');
  expect(await entrance(page)).toEqual({ name: 'page-slide', ms: 300 });
  expect(await slideEntrance(page)).toBe(300);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/about');
  expect((await entrance(page)).ms).toBeLessThan(1);
  await page.goto('/welcome');
  expect((await entrance(page)).ms).toBeLessThan(1);
  expect(await slideEntrance(page)).toBeLessThan(1);
  // The splash fades without motion too: its fade is a transition, also cut short.
  await page.goto('/');
  const fade = await page
    .getByRole('heading', { name: 'Boon' })
    .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration) * 1000);
  expect(fade).toBeLessThan(1);
  await context.close();
});
