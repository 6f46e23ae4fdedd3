import { expect, test, type Page } from '@playwright/test';
import { adopted } from './pages/adopted';
import { visitor } from './pages/visitor';

/**
 * The page container's entrance animation, as the browser will actually run it. A container
 * React has just replaced is detached, and a detached element has no computed style (every
 * property reads ''): read again until the one on the page answers.
 */
const entrance = async (page: Page) => {
  let found = { name: '', ms: Number.NaN };
  await expect
    .poll(async () => {
      found = await page.locator('main#main').evaluate((el) => {
        const style = getComputedStyle(el);
        return { name: style.animationName, ms: parseFloat(style.animationDuration) * 1000 };
      });
      return found.name;
    })
    .not.toBe('');
  return found;
};

const slideEntrance = async (page: Page) => {
  let ms = Number.NaN;
  await expect
    .poll(async () => {
      ms = await page
        .getByRole('group', { name: /of 4$/ })
        .evaluate((el) => parseFloat(getComputedStyle(el).animationDuration) * 1000);
      return Number.isNaN(ms);
    })
    .toBe(false);
  return ms;
};

/**
 * Goes to a page the way a person does, by a link on the page they are on, once the app runs
 * that page (a link followed before is a new page load, which has no entrance), and waits
 * until the next page is showing, its heading in place: read earlier, the container may be the
 * page being left, or one React is about to replace (detached, it has no computed style).
 */
const follow = async (page: Page, from: string, link: string, to: RegExp, heading: string) => {
  await page.goto(from);
  await adopted(page);
  await page.getByRole('link', { name: link, exact: true }).first().click();
  await expect(page).toHaveURL(to);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
};

test('pages animate in, and stay still for people who prefer reduced motion', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);

  // The page a visit starts on is shown at once (it may be prerendered, already painted).
  await page.goto('/about');
  expect((await entrance(page)).name).toBe('none');

  await follow(page, '/privacy-policy', 'About', /\/about$/, 'About Boon');
  expect(await entrance(page)).toEqual({ name: 'page-fade', ms: 300 });
  await follow(page, '/auth', 'Continue without an account', /\/welcome$/, 'Welcome to Boon');
  expect(await entrance(page)).toEqual({ name: 'page-slide', ms: 300 });
  expect(await slideEntrance(page)).toBe(300);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await follow(page, '/privacy-policy', 'About', /\/about$/, 'About Boon');
  expect((await entrance(page)).ms).toBeLessThan(1);
  await follow(page, '/auth', 'Continue without an account', /\/welcome$/, 'Welcome to Boon');
  expect((await entrance(page)).ms).toBeLessThan(1);
  expect(await slideEntrance(page)).toBeLessThan(1);
  // The splash's title fades in without motion too: at once, with no delay.
  await page.goto('/');
  const splash = page.getByRole('heading', { name: 'Boon' });
  const fade = await splash.evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.animationName, parseFloat(style.animationDuration) * 1000, style.animationDelay];
  });
  expect(fade[0]).toBe('title-in');
  expect(fade[1]).toBeLessThan(1);
  expect(fade[2]).toBe('0s');
  await context.close();
});
