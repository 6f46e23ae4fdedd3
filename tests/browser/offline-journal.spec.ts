import { expect, test, type Browser } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { connectionBanner, keptForOffline, outboxWrites, readsKept } from './pages/offline';
import { ProfilePage } from './pages/profile-page';
import { SetupPage } from './pages/setup-page';

const shots = 'tests/artifacts/screenshots';

// Long journeys (a registration, pages read, a network that comes and goes): room on a busy machine.
test.slow();

/** A person whose page the service worker controls, on their profile's journal. */
const onJournal = async (browser: Browser, width: number) => {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    colorScheme: width < 600 ? 'dark' : 'light',
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await new SetupPage(page).registerAsNewVisitor();
  await keptForOffline(page);
  const headers = {
    'X-Device-ID': (await page.evaluate(() => localStorage.getItem('boon-device-id')))!,
  };
  const profile = new ProfilePage(page);
  await profile.open();
  await profile.showJournal();
  await expect(page.getByRole('button', { name: 'Start Writing' })).toBeVisible();
  await readsKept(page, ['/api/journal']);
  return { context, page, headers, profile };
};

for (const width of [390, 1280]) {
  test(`a journal entry written offline waits through a reload and is saved exactly once on reconnecting (${width} px)`, async ({
    browser,
    request,
  }) => {
    const { context, page, headers, profile } = await onJournal(browser, width);
    const journal = async () =>
      (
        (await (await request.get('/api/journal', { headers })).json()) as { content: string }[]
      ).map((entry) => entry.content);

    await context.setOffline(true);
    const text = `Written with no signal, saved once it returns (${width}).`;
    await page.getByRole('button', { name: 'Start Writing' }).click();
    await page.getByLabel('Title (optional)').fill('On the ferry');
    await page.getByLabel('Your reflection').fill(text);
    await page.getByRole('button', { name: 'Save Entry' }).click();
    const waiting = page.getByRole('list', { name: 'Waiting to be saved' });
    await expect(waiting).toContainText(text);
    await expect(connectionBanner(page)).toContainText('1 action will be sent when you’re back.');
    await page.screenshot({
      path: `${shots}/offline-journal-waiting-${width}.png`,
      fullPage: true,
    });

    // A reload offline: the page and the journal from what was kept, the entry still waiting.
    await page.reload();
    await profile.showJournal();
    await expect(waiting).toContainText(text);
    expect(await outboxWrites(page)).toEqual([['journal', text]]);

    await context.setOffline(false);
    await expect(profile.entry('On the ferry')).toContainText(text);
    await expect(waiting).toHaveCount(0);
    await expect.poll(() => outboxWrites(page)).toEqual([]);
    expect(await journal()).toEqual([text]);
    // Another visit sends nothing again.
    await page.reload();
    await profile.showJournal();
    await expect(profile.entry('On the ferry')).toBeVisible();
    expect(await journal()).toEqual([text]);
    await context.close();
  });
}

test('erasing one’s data forgets what was kept for offline: nothing of this person is left on the device', async ({
  browser,
}) => {
  const { context, page, profile } = await onJournal(browser, 390);
  await page.goto('/home');
  await new HomePage(page).answer('An answer whose discussion this device keeps, until erased.');
  await profile.open();
  await expect(page.getByRole('heading', { name: '1 day streak' })).toBeVisible();
  await readsKept(page, ['/api/user/streak', '/api/user/badges']);

  // The kept reads' keys, each naming the identity it was read as.
  const keys = () =>
    page.evaluate(async () => (await (await caches.open('boon-api-v1')).keys()).map((r) => r.url));
  const before = await keys();
  expect(before.length).toBeGreaterThan(0);

  await profile.deleteMyData();
  // The device starts afresh (and may read again as its new self): none of the old reads stay.
  await expect.poll(async () => (await keys()).filter((key) => before.includes(key))).toEqual([]);
  expect(await outboxWrites(page)).toEqual([]);
  await context.close();
});
