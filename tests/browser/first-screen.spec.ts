import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { answerAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { LiveChatPage } from './pages/live-chat-page';
import { SetupPage } from './pages/setup-page';
import { SCREENS, type Screen } from './pages/ways-in';

// Nothing covers the first screen (issue 39, point 13): the welcome message leaves the header
// alone, the live chat's composer is in view above the tab bar, the journal is a tap from the
// top of Profile, and the reaction icons carry their words (to the eye and to screen readers).

const shots = 'tests/artifacts/screenshots';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
/** Its box once it stays put: the day's answers still arriving move the cards under a finger. */
const settledBoxOf = async (locator: Locator) => {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await locator.boundingBox());
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return JSON.parse(last) as Box;
};

const phone = (screen: Screen) => screen.width < 640;

const open = async (browser: Browser, screen: Screen) => {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    colorScheme: screen.colorScheme,
    ...(phone(screen) ? { isMobile: true, hasTouch: true } : {}),
  });
  return { context, page: await context.newPage() };
};

/** The bottom tab bar's top edge on a phone (the viewport's bottom where there is none). */
const tabBarTop = async (page: Page, screen: Screen) => {
  const bar = page.getByRole('navigation', { name: 'Main' });
  const box = await bar.boundingBox();
  return box && box.y > screen.height / 2 ? box.y : screen.height;
};

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`the welcome message covers neither the header nor the consent bar (${look})`, async ({
    browser,
  }) => {
    // A new person, as they come: the consent question not answered at setup.
    const { context, page } = await open(browser, screen);
    await page.goto('/setup');
    await new SetupPage(page).chooseFirstPseudonym();
    const welcome = page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Welcome to Boon!' });
    await expect(welcome).toBeVisible();
    // Home's answer box arrives under it: the message settles where that leaves room.
    await expect(new HomePage(page).responseBox).toBeVisible();
    const consent = page.getByRole('region', { name: 'Privacy consent' });
    await expect(consent).toBeVisible();
    await page.waitForTimeout(400);
    const message = await boxOf(welcome);
    expect(overlaps(message, await boxOf(page.getByRole('banner')))).toBe(false);
    expect(overlaps(message, await boxOf(consent))).toBe(false);
    expect(overlaps(message, await boxOf(new HomePage(page).responseBox))).toBe(false);
    await page.screenshot({
      path: `${shots}/welcome-toast-${screen.width}-${screen.colorScheme}.png`,
    });
    await context.close();
  });

  test(`the live chat's composer is on the first screen, above the tab bar (${look})`, async ({
    browser,
  }) => {
    const { context, page } = await open(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();
    const chat = new LiveChatPage(page);
    await chat.open();
    await chat.waitUntilConnected();
    const limit = await tabBarTop(page, screen);
    for (const part of [chat.draft(), page.getByRole('button', { name: 'Send' })]) {
      const box = await boxOf(part);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(limit);
    }
    await page.screenshot({ path: `${shots}/live-chat-${screen.width}-${screen.colorScheme}.png` });
    await context.close();
  });

  test(`the journal is a tap away from the top of Profile (${look})`, async ({ browser }) => {
    const { context, page } = await open(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();
    await page.goto('/profile');
    const journalLink = page
      .getByRole('navigation', { name: 'Profile links' })
      .getByRole('button', { name: 'Journal' });
    await expect(journalLink).toBeVisible();
    const link = await boxOf(journalLink);
    expect(link.y + link.height).toBeLessThanOrEqual(await tabBarTop(page, screen));
    await (phone(screen) ? journalLink.tap() : journalLink.click());
    const journalTab = page.getByRole('tab', { name: 'Journal' });
    await expect(journalTab).toHaveAttribute('aria-selected', 'true');
    await expect(journalTab).toBeFocused();
    // The journal's own panel is in view, its writing box among what shows.
    const panel = page.getByRole('tabpanel', { name: 'Journal' });
    await expect(panel).toBeInViewport();
    await page.screenshot({
      path: `${shots}/profile-journal-${screen.width}-${screen.colorScheme}.png`,
    });
    await context.close();
  });

  test(`reaction icons carry their words: on a long press or hover, and to screen readers (${look})`, async ({
    browser,
    request,
  }, testInfo) => {
    // Its own words on a retry: the first attempt's answer is still among the day's.
    const theirs = `Someone else's answer to react to, ${screen.width} px (${testInfo.retry}).`;
    await answerAsSomeoneElse(request, theirs);
    const { context, page } = await open(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();
    await new HomePage(page).answer(`My own answer first, at ${screen.width} px, so I can read.`);
    const card = page.getByRole('article').filter({ hasText: theirs });
    const reactions = card.getByRole('group', { name: 'Reactions' });
    const moved = reactions.getByRole('button', { name: /^React with Moving/ });
    await expect(moved).toBeVisible();
    await expect(moved).toHaveAttribute('aria-pressed', 'false');
    const word = reactions.getByText('Moving', { exact: true });
    await expect(word).toBeHidden();

    if (phone(screen)) {
      // A long press names the reaction and does not react.
      // Mid-screen, clear of what rises from its foot (a badge's toast above the tab bar), and
      // pressed only once nothing covers it: the finger lands on the reaction.
      await moved.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      const box = await settledBoxOf(moved);
      const cdp = await context.newCDPSession(page);
      const point = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
      await expect
        .poll(() =>
          moved.evaluate((el, { x, y }) => el.contains(document.elementFromPoint(x, y)), point[0]!),
        )
        .toBe(true);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
      await expect(word).toBeVisible();
      // Measured while the finger is down: the word goes a moment after it lifts.
      expect(overlaps(await boxOf(word), await boxOf(moved))).toBe(false);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect(word).toBeVisible();
      await page.waitForTimeout(300);
      await expect(moved).toHaveAttribute('aria-pressed', 'false');
    } else {
      await moved.hover();
      await expect(word).toBeVisible();
      expect(overlaps(await boxOf(word), await boxOf(moved))).toBe(false);
    }
    await page.screenshot({
      path: `${shots}/reaction-word-${screen.width}-${screen.colorScheme}.png`,
    });
    // A tap (a click) still reacts.
    await (phone(screen) ? moved.tap() : moved.click());
    await expect(moved).toHaveAttribute('aria-pressed', 'true');
    await context.close();
  });
}
