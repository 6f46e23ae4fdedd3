import { expect, test, type Page, type Route } from '@playwright/test';
import { adopted } from './pages/adopted';
import { adminArea } from './pages/admin-page';
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
    // Sent (its "Sending…" line gone), the reply reads as typed: the name once.
    await expect(reply).not.toContainText('Sending…');
    await expect(reply.locator('p').last()).toHaveText(typed);
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

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`an admin is not signed out by a network blip during the token check; only a refusal signs out (${look})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await personAt(browser, screen);
    await adminArea(page).logIn();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const token = () => page.evaluate(() => localStorage.getItem('adminToken'));
    const kept = await token();
    expect(kept).toBeTruthy();

    // The check's request never reaches the server, then the server fails: still signed in.
    const check = '**/api/admin/verify';
    const unanswered = page.getByRole('alert').filter({
      hasText: 'Can’t reach Boon to check your admin session',
    });
    for (const fail of [
      (route: Route) => route.abort('internetdisconnected'),
      (route: Route) =>
        route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{}' }),
    ]) {
      await page.route(check, fail);
      await page.reload();
      await expect(unanswered).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
      expect(await token()).toBe(kept);
      await page.unroute(check);
    }
    await page.screenshot({
      path: `${shots}/promises-admin-blip-${screen.width}-${screen.colorScheme}.png`,
    });
    // Answered at last (Boon asks again by itself): the dashboard, the same session.
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    expect(await token()).toBe(kept);

    // A refusal is the only thing that signs out.
    await page.route(check, (route) =>
      route.fulfill({ status: 401, contentType: 'application/problem+json', body: '{}' }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/admin-login$/);
    expect(await token()).toBeNull();
    await context.close();
  });
}
