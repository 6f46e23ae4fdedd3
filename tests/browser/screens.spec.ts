import { expect, test } from '@playwright/test';
import { axeViolations, screenshotWholePage, undersizedTargets } from './pages/screen-checks';
import { tourEveryScreen } from './pages/screen-tour';

const shots = 'tests/artifacts/screenshots';

/**
 * Every screen at a phone's 390 px and a desktop's 1280 px, in both themes: a screenshot for
 * people to look at, axe's WCAG 2.2 AA rules, and no interactive target under 24 × 24 px.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`every screen at ${width} px in the ${colorScheme} theme`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const problems: string[] = [];
      await tourEveryScreen(browser, request, { colorScheme, width }, async (page, screen) => {
        await screenshotWholePage(page, `${shots}/${screen}-${width}-${colorScheme}.png`);
        for (const violation of await axeViolations(page)) problems.push(`${screen}: ${violation}`);
        for (const target of await undersizedTargets(page)) problems.push(`${screen}: ${target}`);
      });
      expect(problems).toEqual([]);
    });
  }
}
