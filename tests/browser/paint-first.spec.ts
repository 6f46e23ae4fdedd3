import { expect, test, type Page } from '@playwright/test';
import { adopted } from './pages/adopted';
import { visitor } from './pages/visitor';

/**
 * When each of a page's requests started, against its first contentful paint: the scripts and
 * the web fonts (their style sheet and files), as the browser timed them.
 */
const startsAgainstPaint = (page: Page) =>
  page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
    const started = (pattern: RegExp) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => pattern.test(new URL(entry.name).pathname))
        .map((entry) => ({ file: new URL(entry.name).pathname, before: entry.startTime < paint }));
    return { code: started(/\.js$/), fonts: started(/web-fonts.*\.css$|\.woff2$/) };
  });

test('a prerendered page asks for its code and fonts only once it has painted; a returning browser takes the fonts at once', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);

  await page.goto('/about');
  await adopted(page);
  await page.waitForLoadState('networkidle');
  const first = await startsAgainstPaint(page);
  // One start module, the rest fetched by the browser as it imports them.
  expect(first.code.filter(({ file }) => file.includes('/assets/start-'))).toHaveLength(1);
  expect(first.code.length).toBeGreaterThan(1);
  expect(first.code.filter(({ before }) => before)).toEqual([]);
  expect(first.fonts.length).toBeGreaterThan(0);
  expect(first.fonts.filter(({ before }) => before)).toEqual([]);
  // The page is drawn in the web fonts once they are in, its style sheet linked once.
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"')))
    .toBe(true);
  await expect(page.locator('link[href*="/assets/web-fonts"]')).toHaveCount(1);

  // The next visit has the fonts already: they are asked for with the page, not after it.
  await page.goto('/privacy-policy');
  await adopted(page);
  await page.waitForLoadState('networkidle');
  const again = await startsAgainstPaint(page);
  expect(again.fonts.find(({ file }) => file.includes('web-fonts'))?.before).toBe(true);
  expect(again.code.filter(({ before }) => before)).toEqual([]);
  await expect(page.locator('link[href*="/assets/web-fonts"]')).toHaveCount(1);
  await context.close();
});
