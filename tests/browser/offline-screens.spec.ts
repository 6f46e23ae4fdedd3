import { expect, test, type Page } from '@playwright/test';
import { answerAsSomeoneElse, replyAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { connectionBanner, keptForOffline, readsKept } from './pages/offline';
import { ProfilePage } from './pages/profile-page';
import { fullPageShot } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';

const shots = 'tests/artifacts/screenshots';

// Long journeys (a registration, pages read, a network that goes): room on a busy machine.
test.slow();

const AS_OF = /Showing what you last saw, as of \d{1,2}:\d{2} [AP]M\./;

/** A screenshot in each theme, the page as it is (the theme follows the system's). */
const bothThemes = async (page: Page, name: string, width: number) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await fullPageShot(page, `${shots}/${name}-${width}-${colorScheme}.png`);
  }
};

/** The answer card of `text` in a discussion. */
const card = (page: Page, text: string) =>
  page.getByRole('article', { name: /^Response by / }).filter({ hasText: text });

for (const width of [390, 1280]) {
  test(`read offline (${width} px): the archive, badges and journal as last seen, "as of" when; a thread never opened says so in its place`, async ({
    browser,
    request,
  }) => {
    const theirs = `An answer with a thread never opened here (${width}, ${Date.now().toString(36)}).`;
    const other = await answerAsSomeoneElse(request, theirs);
    await replyAsSomeoneElse(request, other.id, 'A reply this device has never read.');
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await new SetupPage(page).registerAsNewVisitor();
    await keptForOffline(page);
    const mine = `What I answered, read again on the underground (${width}).`;
    await page.goto('/home');
    await new HomePage(page).answer(mine);
    const discussion = page.url();
    await expect(card(page, theirs)).toBeVisible();
    const profile = new ProfilePage(page);
    await profile.open();
    await expect(page.getByRole('heading', { name: /^Badges earned \([1-9]\d*\)$/ })).toBeVisible();
    await profile.showJournal();
    const entry = {
      title: `Kept for the way home (${width})`,
      content: 'A journal entry to read again with no signal.',
      customMood: 'steady',
      tags: ['commute'],
    };
    await profile.write(entry);
    await page.goto('/personal/archive');
    await expect(page.getByText(mine)).toBeVisible();
    await readsKept(page, ['/api/user/badges', '/api/journal', '/api/archive/responses']);

    await context.setOffline(true);
    const banner = connectionBanner(page);
    // The archive, loaded with no network at all.
    await page.reload();
    await expect(page.getByText(mine)).toBeVisible();
    await expect(banner).toContainText('You’re offline.');
    await expect(banner).toContainText(AS_OF);
    await bothThemes(page, 'offline-archive', width);

    // Profile: the streak and the badges, and the journal tab, as last seen.
    await profile.open();
    await expect(page.getByRole('heading', { name: '1 day streak' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Badges earned \([1-9]\d*\)$/ })).toBeVisible();
    await expect(banner).toContainText(AS_OF);
    await bothThemes(page, 'offline-profile', width);
    await profile.showJournal();
    await expect(profile.entry(entry.title)).toContainText(entry.content);
    await expect(banner).toContainText(AS_OF);
    await bothThemes(page, 'offline-journal', width);

    // The discussion: a thread it never read says so in its place; the discussion stays.
    await page.goto(discussion);
    await expect(card(page, mine)).toContainText('Your response');
    await card(page, theirs).getByRole('button', { name: '1 reply' }).click();
    await expect(card(page, theirs).getByRole('alert')).toContainText(
      'You seem to be offline; it will load when you are back.',
    );
    await expect(page.getByRole('heading', { name: 'Can’t reach Boon' })).toHaveCount(0);
    await expect(card(page, mine)).toBeVisible();
    await bothThemes(page, 'offline-thread', width);

    // Back online, the thread opens by itself.
    await context.setOffline(false);
    await expect(card(page, theirs)).toContainText('A reply this device has never read.');
    await context.close();
  });
}

test('with no service worker, "1 reply" tapped offline keeps the discussion and says so in the thread’s place', async ({
  browser,
  request,
}) => {
  const theirs = `An answer whose thread is opened offline (${Date.now().toString(36)}).`;
  const other = await answerAsSomeoneElse(request, theirs);
  await replyAsSomeoneElse(request, other.id, 'A reply that waits for the network.');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await new SetupPage(page).registerAsNewVisitor();
  await page.goto('/home');
  const mine = 'My answer, before the signal went.';
  await new HomePage(page).answer(mine);
  await expect(card(page, theirs)).toBeVisible();

  await context.setOffline(true);
  await card(page, theirs).getByRole('button', { name: '1 reply' }).click();
  await expect(card(page, theirs).getByRole('alert')).toContainText(/offline/);
  await expect(page.getByRole('heading', { name: 'Can’t reach Boon' })).toHaveCount(0);
  await expect(card(page, mine)).toContainText('Your response');
  await fullPageShot(page, `${shots}/offline-thread-no-worker-390.png`);

  await context.setOffline(false);
  await expect(card(page, theirs)).toContainText('A reply that waits for the network.');
  await context.close();
});

test('with no service worker, a discussion asked for again offline stays as it was read, with a note that it may not be current', async ({
  browser,
  request,
}) => {
  const theirs = `An answer read before the signal went (${Date.now().toString(36)}).`;
  await answerAsSomeoneElse(request, theirs);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await new SetupPage(page).registerAsNewVisitor();
  await page.goto('/home');
  const mine = 'My answer, read again in a tunnel.';
  await new HomePage(page).answer(mine);
  await expect(card(page, theirs)).toBeVisible();

  // Offline, to Home and back: the discussion's answers are asked for again on opening (the
  // spec's rule for responses), and nothing answers.
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('#question')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/responses\/\d+$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Can’t reach Boon' })).toContainText(
    'What is shown here may not be current.',
  );
  await expect(page.getByRole('heading', { name: 'Can’t reach Boon' })).toHaveCount(0);
  await expect(card(page, mine)).toContainText('Your response');
  await expect(card(page, theirs)).toBeVisible();
  await expect(connectionBanner(page)).toContainText('You’re offline.');
  await fullPageShot(page, `${shots}/offline-refetch-kept-390.png`);

  // Back online, it is asked for again by itself and the note goes.
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: 'Can’t reach Boon' })).toHaveCount(0);
  await expect(card(page, theirs)).toBeVisible();
  await context.close();
});
