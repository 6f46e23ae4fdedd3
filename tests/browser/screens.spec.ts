import { expect, test } from '@playwright/test';
import {
  axeViolations,
  boundedStep,
  cutText,
  policyViolations,
  readMoreMismatches,
  screenshotWholePage,
  sidewaysOverflow,
  undersizedTargets,
} from './pages/screen-checks';
import { tourEveryScreen } from './pages/screen-tour';

const shots = 'tests/artifacts/screenshots';

/**
 * Every screen at a phone's 390 px and a desktop's 1280 px, in both themes: a screenshot for
 * people to look at, axe's WCAG 2.2 AA rules, no interactive target under 24 × 24 px, nothing
 * the Content-Security-Policy had to refuse, no sideways scrolling with the longest texts the
 * product allows, no name or title cut with an ellipsis, and 'Read more' on exactly the answers
 * whose preview hides something.
 * The dark theme differs from the light one only in colours, so there axe runs the rules that
 * depend on colours (contrast, links told from text); the light tour runs them all.
 * A theme's two widths tour side by side (separate visitors, separate browser contexts): the
 * checks run in the browser, so two tours share the machine better than one after the other.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`every screen at 390 px and 1280 px in the ${colorScheme} theme`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(600_000); // ~2 min on a quick machine, 4 on a slow one
    const rules = colorScheme === 'light' ? 'all' : 'colours';
    const problems = await Promise.all(
      [390, 1280].map(async (width) => {
        const found: string[] = [];
        await tourEveryScreen(browser, request, { colorScheme, width }, async (page, screen) => {
          const at = `${screen} (${width} px)`;
          // Each check bounded and named: one that never ends fails at once and says which.
          const check = <T>(name: string, body: () => Promise<T>) =>
            boundedStep(`${at}: ${name}`, body);
          await check('screenshot', () =>
            screenshotWholePage(page, `${shots}/${screen}-${width}-${colorScheme}.png`),
          );
          for (const violation of await check('axe', () => axeViolations(page, rules)))
            found.push(`${at}: ${violation}`);
          for (const target of await check('target sizes', () => undersizedTargets(page)))
            found.push(`${at}: ${target}`);
          for (const refused of await check('CSP', () => policyViolations(page)))
            found.push(`${at}: CSP ${refused}`);
          for (const overflow of await check('reflow', () => sidewaysOverflow(page)))
            found.push(`${at}: ${overflow}`);
          for (const mismatch of await check('Read more', () => readMoreMismatches(page)))
            found.push(`${at}: ${mismatch}`);
          for (const cut of await check('cut text', () => cutText(page)))
            found.push(`${at}: ${cut}`);
        });
        return found;
      }),
    );
    expect(problems.flat()).toEqual([]);
  });
}
