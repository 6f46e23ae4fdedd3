import { expect, test, type Page } from '@playwright/test';
import { adopted } from './pages/adopted';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';
import { personAt, SCREENS } from './pages/ways-in';

// Promises the product broke (issue 39, points 6 to 11), at a phone's 390 px in the light
// theme and a desktop's 1280 px in the dark one.

const shots = 'tests/artifacts/screenshots';

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`a reply that already addresses the author carries their name once (${look})`, async ({
    browser,
  }) => {
    const ana = await personAt(browser, screen);
    const anaName = await new SetupPage(ana.page).registerAsNewVisitor();
    await new HomePage(ana.page).answer('Promises kept quietly matter more than loud ones.');
    await ana.context.close();

    const { context, page } = await personAt(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();
    await new HomePage(page).answer('A promise is only as good as the worst day it survives.');
    const card = new ResponsesPage(page).response(anaName);
    await card.getByRole('button', { name: /repl/ }).click();
    const typed = `@${anaName.toLowerCase()} even the ones nobody sees?`;
    await card.getByLabel('Write a reply').fill(typed);
    await card.getByRole('button', { name: 'Reply', exact: true }).click();
    const reply = card.getByRole('list', { name: 'Replies' }).getByRole('listitem');
    await expect(reply).toHaveCount(1);
    await expect(reply.locator('p')).toHaveText(typed);
    await page.screenshot({
      path: `${shots}/promises-reply-${screen.width}-${screen.colorScheme}.png`,
    });
    await context.close();
  });
}

/** Every error the page logs or throws, from here on. */
const consoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`an unknown address answers 404 with the branded page, and an unknown discussion opens without a console error (${look})`, async ({
    browser,
  }) => {
    const { context, page } = await personAt(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();
    const errors = consoleErrors(page);

    for (const path of ['/no-such-page', '/responses/1/extra', '/admin/nothing-here']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(
        page.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Boon, today’s question' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found · Boon');
    }
    await page.screenshot({
      path: `${shots}/promises-404-${screen.width}-${screen.colorScheme}.png`,
    });
    await page.getByRole('link', { name: 'Go to today’s question' }).click();
    await expect(page).toHaveURL(/\/home$/);

    for (const path of ['/responses/987654', '/responses/abc']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(
        page.getByRole('heading', { level: 1, name: /Question not found|404 Page Not Found/ }),
      ).toBeVisible();
      await adopted(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        path.endsWith('abc') ? '404 Page Not Found' : 'Question not found',
      );
    }
    // The browser's own notes of answers refused (the page and the question are 404: so they
    // should be) are not the app's errors; anything else logged is.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource:'))).toEqual([]);
    await context.close();
  });
}
