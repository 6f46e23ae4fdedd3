import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { answerAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { readMoreMismatches, sidewaysOverflow } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';

// A new person's first minutes, at a phone's 390 px and a desktop's 1280 px: the reward for
// answering, every screen reachable, every tab useful without an account, offline said and
// recovered from, consent asked once, Read more where text is hidden, an echo withdrawn knowingly.

const shots = 'tests/artifacts/screenshots';
const WIDTHS = [390, 1280] as const;

const person = async (browser: Browser, width: number, colorScheme: 'light' | 'dark' = 'light') => {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    colorScheme,
  });
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  return { context, page, name };
};

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether the whole of `locator` is on screen now. */
const inView = async (page: Page, locator: Locator) => {
  const box = (await locator.boundingBox())!;
  const { height } = page.viewportSize()!;
  return box.y >= 0 && box.y + box.height <= height;
};

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of WIDTHS) {
    test(`after sharing, the celebration is in view with the streak day and the badge, then the discussion opens at its top (${width} px, ${colorScheme})`, async ({
      browser,
    }) => {
      const { context, page } = await person(browser, width, colorScheme);
      const home = new HomePage(page);
      await home.write('Keeping a small promise is how trust is built, one day at a time.');
      // The first answer earns First Voice: told in the celebration, or, when the award comes
      // after it, by a toast on the discussion; never both.
      const told = Promise.any([
        page
          .getByRole('list', { name: 'Badges this answer earned' })
          .getByText('First Voice')
          .waitFor({ timeout: 15_000 })
          .then(() => 'celebration'),
        page
          .getByText('Badge earned: First Voice', { exact: true })
          .waitFor({ timeout: 15_000 })
          .then(() => 'toast'),
      ]);
      // The phone is scrolled down to the button, as it is after writing. (Typing brings the
      // answer form's code, which takes the stand-in's place: the button may be replaced once.)
      await expect(async () => home.submitButton.scrollIntoViewIfNeeded()).toPass();
      await home.submitButton.click();

      const celebration = page.getByRole('region', { name: 'Response Submitted!' });
      await expect(celebration.getByRole('heading', { name: '1 day streak' })).toBeVisible();
      await expect.poll(() => inView(page, celebration.getByRole('heading').first())).toBe(true);
      // No toast over it: what happened is said in the celebration itself.
      const heading = (await celebration.getByRole('heading').first().boundingBox())!;
      const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
      for (const toast of await toasts.all()) {
        const box = await toast.boundingBox();
        if (box) expect(overlaps(heading, box)).toBe(false);
      }
      await page.screenshot({ path: `${shots}/celebration-${width}-${colorScheme}.png` });
      const where = await told;
      expect(['celebration', 'toast']).toContain(where);

      await expect(page).toHaveURL(/\/responses\/\d+$/, { timeout: 10_000 });
      // The address changes first; Home (the question as its heading too, scrolled to the
      // celebration) stays until the discussion's code is here and its page takes over.
      await expect(celebration).toHaveCount(0, { timeout: 10_000 });
      await expect(page.getByRole('heading', { level: 2, name: /^\d+ thoughts?$/ })).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      if (where === 'celebration') {
        // The celebration showed the badge from the badges list, so the toasts know it; they
        // look again once the celebration is gone (it is: above) and React has run their
        // effect. Two frames later, a toast for it would be in the page. Counted once, not
        // awaited to reach none: a toast closes by itself after 5 s.
        await page.evaluate(
          () =>
            new Promise((resolve) =>
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))),
            ),
        );
        expect(await page.getByText('Badge earned: First Voice', { exact: true }).count()).toBe(0);
      }
      await context.close();
    });
  }
}

/** Where a link goes, as a route: ids become parameters. */
const routeOf = (path: string) =>
  path
    .replace(/^\/responses\/\d+$/, '/responses/:id')
    .replace(/^\/question\/\d+$/, '/question/:id')
    .replace(/^\/mini\/result\/[^/]+$/, '/mini/result/:id');

test('every screen is reachable by clicks from Home', async ({ browser, request }) => {
  test.setTimeout(120_000);
  await answerAsSomeoneElse(request, 'Somebody else’s view, so the discussion has two.');
  const { context, page } = await person(browser, 1280);
  await new HomePage(page).answer('My view first, then the archive opens to me.');
  await page.goto('/home');

  const reached = new Set<string>(['/home']);
  const queue = ['/home'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Lists load after the heading (My Journey's links to each question among them): read the
    // links once no skeleton says it is still loading.
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    const hrefs = await page
      .locator('a[href^="/"]:visible')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    for (const href of hrefs) {
      const target = new URL(href, 'http://boon.test').pathname;
      const route = routeOf(target);
      if (reached.has(route) || target.startsWith('/admin')) continue;
      reached.add(route);
      queue.push(target);
    }
  }
  const screens = [
    '/home',
    '/archive',
    '/questions/archive',
    '/personal/archive',
    '/my-responses',
    '/my-journey',
    '/question/:id',
    '/responses/:id',
    '/submit-question',
    '/brainstorm',
    '/mini',
    '/mini-legacy',
    '/mini-chat',
    '/sentiment',
    '/profile',
    '/settings',
    '/pseudonym-welcome',
    '/disclosure',
    '/auth',
    '/about',
    '/privacy',
    '/privacy-policy',
    '/terms-of-use',
    '/contact',
  ];
  expect(screens.filter((screen) => !reached.has(screen))).toEqual([]);
  await context.close();
});

for (const width of WIDTHS) {
  test(`a person with only a pseudonym finds every tab useful (${width} px)`, async ({
    browser,
  }) => {
    const { context, page, name } = await person(browser, width);
    const tabs = page.getByRole('navigation', { name: 'Main' });
    const expectations: [string, RegExp | string][] = [
      ['Questions', "Join Today's Conversation First"],
      ['Responses', 'Your Response Archive'],
      ['Submit', 'Submit a Question'],
      ['Mini', 'Today’s Dilemma'],
      ['Profile', name],
      ['Home', /./],
    ];
    for (const [tab, heading] of expectations) {
      await tabs.getByRole('link', { name: tab }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await expect(page).not.toHaveURL(/\/auth/);
      // Polled: a page animating in may stand a pixel out for a moment; a page that stays too
      // wide still fails.
      await expect.poll(() => sidewaysOverflow(page), { message: tab }).toEqual([]);
    }
    await tabs.getByRole('link', { name: 'Mini' }).click();
    await expect(page.getByRole('heading', { name: 'Journeys need a free account' })).toBeVisible();
    await page.screenshot({ path: `${shots}/mini-no-account-tab-${width}.png`, fullPage: true });
    await context.close();
  });
}

test('offline, Boon says so: a page whose code cannot arrive, data that cannot load, and an echo that waits', async ({
  browser,
  request,
}) => {
  await answerAsSomeoneElse(request, 'An answer to echo while the network is away.');
  const { context, page } = await person(browser, 390);
  await new HomePage(page).answer('My own answer, so the discussion is open to me.');
  const card = page.getByRole('article', { name: /^Response by / }).filter({
    hasText: 'An answer to echo while the network is away.',
  });
  await expect(card).toBeVisible();

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: 'You’re offline.' });
  await expect(banner).toBeVisible();
  await card.getByRole('button', { name: /^Echo / }).click();
  const waiting = card.getByRole('button', { name: /waiting to be sent/ });
  await expect(waiting).toBeVisible();
  await expect(banner).toContainText('1 action will be sent when you’re back.');
  await page.screenshot({ path: `${shots}/offline-echo-waiting-390.png`, fullPage: true });

  // A page never opened before: its code cannot arrive. Branded, with a retry, never a raw error.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Community sentiment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Can’t reach Boon' })).toBeVisible();
  await expect(page.getByText(/You seem to be offline/)).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
  await page.screenshot({ path: `${shots}/offline-page-390.png`, fullPage: true });

  // Back online: the page comes by itself, and the echo that waited is sent.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Community Sentiment' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goBack();
  await expect(card.getByRole('button', { name: /^Remove echo/ })).toBeVisible();
  await page.reload();
  await expect(card.getByRole('button', { name: /^Remove echo/ })).toContainText('1 echo');

  // Data that cannot load gives way to a message with a retry, never a skeleton for ever.
  await page.route('**/api/user/streak', (route) => route.abort('connectionrefused'));
  await page.goto('/profile');
  const failed = page.getByRole('alert').filter({ hasText: 'Your streak could not be loaded' });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/user/streak');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: '1 day streak' })).toBeVisible();
  await context.close();
});

test('consent is asked once: in setup, as a compact sheet elsewhere, never over onboarding or admin pages', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const sheet = page.locator('[data-consent-sheet]');
  for (const path of ['/', '/welcome', '/auth', '/admin-login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(sheet, path).toBeHidden();
  }
  // Setup asks in its own flow, not as a sheet over it.
  await page.goto('/setup');
  const question = page.getByRole('region', { name: 'Privacy consent' });
  await expect(question).toBeVisible();
  await expect(sheet).toBeHidden();
  // Elsewhere, for someone who has not decided, a compact sheet.
  await page.goto('/about');
  await expect(sheet).toBeVisible();
  expect((await sheet.boundingBox())!.height).toBeLessThan(844 * 0.15);
  await sheet.getByRole('button', { name: 'Accept' }).click();
  await page.goto('/setup');
  await expect(question).toHaveCount(0);
  await context.close();
});

test('Read more is there exactly when a preview hides text, at 390 px and 1280 px', async ({
  browser,
  request,
}) => {
  const threeParagraphs = [
    'A promise kept in private still shapes who we become.',
    'It is tempting to think small promises do not count, but they are where trust is practised.',
    'The last sentence is the one a clamp would hide on a phone: read it in full.',
  ].join('\n\n');
  expect(threeParagraphs.length).toBeLessThan(600);
  await answerAsSomeoneElse(request, threeParagraphs);
  await answerAsSomeoneElse(request, 'Short and complete.');
  await answerAsSomeoneElse(request, `${'A long answer that goes on. '.repeat(30)}The end.`);
  const { context, page } = await person(browser, 390);
  await new HomePage(page).answer('My own short answer, to open the discussion.');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('article', { name: /^Response by / }).first()).toBeVisible();
    await expect.poll(() => readMoreMismatches(page), `${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('article').filter({ hasText: 'A promise kept in private' });
  await card.getByRole('button', { name: 'Read more' }).click();
  await expect(page.getByRole('dialog')).toContainText('read it in full.');
  await context.close();
});

// Once flaky: as the echo left the outbox, its card still drew the answer from before the echo
// (the list is drawn a render behind), the button said "Echo, 0 echoes" for a moment and the
// press on Remove echo echoed again, which withdrew the echo unasked, with no confirmation.
test('withdrawing an echo says first that it stays counted toward today’s limit', async ({
  browser,
  request,
}) => {
  const theirs = `An answer someone will echo and then think twice about (${Date.now().toString(36)}).`;
  await answerAsSomeoneElse(request, theirs);
  const { context, page } = await person(browser, 390);
  await new HomePage(page).answer('My answer, so I can read the others.');
  const card = page.getByRole('article', { name: /^Response by / }).filter({ hasText: theirs });
  // Other journeys share the day: answers with echoes come first, so it may be on a later page.
  await new ResponsesPage(page).reveal(card);
  await card.getByRole('button', { name: /^Echo / }).click();
  const echoed = card.getByRole('button', { name: /^Remove echo/ });
  await expect(echoed).toBeVisible();
  await echoed.click();
  const confirm = card.getByRole('group', { name: /^Withdraw your echo\?/ });
  await expect(confirm).toContainText('It still counts toward today’s 10');
  await page.screenshot({ path: `${shots}/withdraw-echo-390.png` });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(echoed).toBeFocused();
  await echoed.click();
  await card.getByRole('button', { name: 'Withdraw echo' }).click();
  await expect(card.getByRole('button', { name: /^Echo / })).toBeVisible();
  await context.close();
});

test('prerendered pages are adopted as they stand, and a click made before the code arrives counts', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    localStorage.setItem('boon-consent', 'true');
    const removed: string[] = [];
    (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id !== 'root') continue;
        record.removedNodes.forEach((node) => removed.push(node.nodeName));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  for (const path of ['/', '/about', '/privacy-policy']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The consent sheet (decided here) is the only thing React may take out of the page.
    const removed = await page.evaluate(
      () => (window as unknown as { removedFromRoot: string[] }).removedFromRoot,
    );
    expect(
      removed.filter((name) => name !== 'SECTION'),
      path,
    ).toEqual([]);
  }
  expect(errors).toEqual([]);

  // The pages whose loading state is prerendered, opened by a registered visitor: the shell
  // is adopted before the page, and must not fill the page's data in before it is.
  const visitor = await browser.newContext();
  const registered = await visitor.newPage();
  registered.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  await new SetupPage(registered).registerAsNewVisitor();
  // Today's question is in Home's HTML, rendered by the server: it shows while the code is
  // still held back, and the page is adopted as it stands (the heading is the same element),
  // keeping words typed before the code arrived.
  const today = (await (await registered.request.get('/api/question/today')).json()) as {
    content: string;
  };
  let releaseCode!: () => void;
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  await registered.route('**/assets/*.js', async (route) => {
    await codeHeld;
    await route.continue();
  });
  await registered.goto('/home', { waitUntil: 'commit' });
  await expect(registered.locator('h1#question')).toHaveText(today.content);
  await registered.getByLabel('Your response').fill('Written before the code');
  await registered.evaluate(() => {
    (window as unknown as { earlyHeading: Element | null }).earlyHeading =
      document.querySelector('h1#question');
  });
  releaseCode();
  // Adopted: the early clicks were handed over, and the answer begun before the code arrived
  // brings the form by itself (its focus came before anything listened).
  await expect
    .poll(() =>
      registered.evaluate(() => (window as { boonEarlyClicks?: unknown }).boonEarlyClicks),
    )
    .toBeNull();
  await registered.unrouteAll({ behavior: 'wait' });
  await expect(registered.locator('[data-answer-form]')).toBeAttached();
  await expect(registered.getByLabel('Your response')).toHaveValue('Written before the code');
  expect(
    await registered.evaluate(
      () => (window as unknown as { earlyHeading: Element | null }).earlyHeading?.isConnected,
    ),
  ).toBe(true);
  expect(errors).toEqual([]);
  await new HomePage(registered).answer('An answer, so the discussion opens to me.');
  const discussion = registered.url();
  // A phone's slower processor (Lighthouse's mobile profile): the data the page's inline script
  // asked for arrives while React is still adopting the page.
  const cdp = await visitor.newCDPSession(registered);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Home takes someone who has answered to the discussion (a client-side navigation, which
  // gives the entry a key); a reload keeps that key, and the page is still adopted as it stands.
  await registered.goto('/home');
  await expect(registered).toHaveURL(discussion, { timeout: 20_000 });
  await registered.waitForLoadState('networkidle');
  await registered.reload();
  await expect(registered.getByRole('heading', { level: 1 }).first()).toBeVisible({
    timeout: 20_000,
  });
  await registered.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  // The shell only watches for today's question: the discussion of today's still lights Home.
  await expect(
    registered.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
  ).toHaveAttribute('aria-current', 'page');
  await visitor.close();

  // The splash's Enter, pressed while the app's code is still on its way, is not lost.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page).toHaveURL(/\/(device-check|auth)$/, { timeout: 20_000 });
  await context.close();
});
