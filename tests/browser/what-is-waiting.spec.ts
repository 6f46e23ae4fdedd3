import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ArchivePage } from './pages/archive-pages';
import { answerAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { keptForOffline, outboxWrites, readsKept } from './pages/offline';
import { settleAnimations } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';
import { moveToNextDay } from './pages/test-clock';
import { personAt, SCREENS, type Screen } from './pages/ways-in';

// Runs on the test clock's server (project 'next-day'): a past question exists only once a
// day has gone by, and only that server's clock can move.

type Title = { id: number; content: string; category: string; dateAdded: string };

const pastTitles = async (request: APIRequestContext) =>
  (await (await request.get('/api/archive/titles')).json()) as Title[];

const answerCount = async (request: APIRequestContext, questionId: number) =>
  (
    (await (await request.get(`/api/question/${questionId}/answer-count`)).json()) as {
      count: number;
    }
  ).count;

/** The archive's UTC long form, as the page writes it. */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const shot = (page: Page, name: string, screen: Screen, fullPage = false) =>
  page.screenshot({
    path: `tests/artifacts/screenshots/what-is-waiting-${name}-${screen.width}-${screen.colorScheme}.png`,
    fullPage,
  });

for (const screen of SCREENS) {
  test(`before answering, Home and the gate say how many thoughts wait and the archive shows past titles; after, the archive lists as before (${screen.width} px, ${screen.colorScheme})`, async ({
    browser,
  }) => {
    const { context, page } = await personAt(browser, screen);
    if ((await pastTitles(page.request)).length === 0) await moveToNextDay(page.request);
    const [yesterday] = await pastTitles(page.request);

    const today = (await (await page.request.get('/api/question/today')).json()) as { id: number };
    const before = await answerCount(page.request, today.id);
    await answerAsSomeoneElse(page.request, 'Waiting is a kind of listening, I have found.');
    await answerAsSomeoneElse(
      page.request,
      'A thought kept back is still a thought, but lonelier.',
    );
    await expect.poll(() => answerCount(page.request, today.id)).toBe(before + 2);
    const waiting = `${before + 2} thoughts are waiting for yours`;

    await new SetupPage(page).registerAsNewVisitor();
    const home = new HomePage(page);
    await page.goto('/home');
    const question = await home.questionText();
    await expect(page.getByText(waiting, { exact: true })).toBeVisible();
    await shot(page, 'home', screen);

    await page.goto(`/responses/${today.id}`);
    await expect(page.getByRole('heading', { name: 'Share Your Voice First' })).toBeVisible();
    await expect(page.getByText(waiting, { exact: true })).toBeVisible();
    await shot(page, 'gate', screen);

    const archive = new ArchivePage(page);
    await archive.open();
    await expect(archive.closed).toBeVisible();
    await expect(page.getByRole('link', { name: "Answer today's question" })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
    const titles = page.getByRole('list', { name: 'Past questions' });
    const first = titles.getByRole('listitem').first();
    await expect(first).toContainText(yesterday!.content);
    await expect(first).toContainText(yesterday!.category);
    await expect(first).toContainText(longDate(yesterday!.dateAdded));
    await expect(titles.getByRole('link')).toHaveCount(0);
    await expect(titles).not.toContainText(question);
    await shot(page, 'archive', screen, true);

    await page.goto('/home');
    await home.answer('What waits for me is what I answer to, tomorrow and today.');
    await archive.open();
    await expect(archive.question(question)).toBeVisible();
    await expect(archive.question(yesterday!.content)).toBeVisible();
    await expect(archive.closed).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Past questions' })).toHaveCount(0);
    await context.close();
  });
}

test('offline before answering, the archive shows its gate and the past titles as last seen, not "Can’t reach Boon"', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  if ((await pastTitles(page.request)).length === 0) await moveToNextDay(page.request);
  const [yesterday] = await pastTitles(page.request);
  await new SetupPage(page).registerAsNewVisitor();
  await keptForOffline(page);
  const archive = new ArchivePage(page);
  await archive.open();
  await expect(archive.closed).toBeVisible();
  const titles = page.getByRole('list', { name: 'Past questions' });
  await expect(titles.getByRole('listitem').first()).toContainText(yesterday!.content);
  await readsKept(page, ['/api/archive/questions', '/api/archive/titles']);

  await context.setOffline(true);
  await page.reload();
  await expect(archive.closed).toBeVisible();
  await expect(titles.getByRole('listitem').first()).toContainText(yesterday!.content);
  await expect(page.getByRole('heading', { name: 'Can’t reach Boon' })).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // The theme's colours reached (a screenshot right after the change caught the button
      // half way between them).
      await settleAnimations(page);
      await page.screenshot({
        path: `tests/artifacts/screenshots/what-is-waiting-offline-archive-${width}-${colorScheme}.png`,
        fullPage: true,
      });
    }
  }
  await context.close();
});

// Here, on the clock's server: only its day can end while an answer waits.
test('an answer written offline that waited past the end of its day comes back in words, with the text kept', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await new SetupPage(page).registerAsNewVisitor();
  await keptForOffline(page);
  await page.goto('/home');
  await readsKept(page, ['/api/question/today']);
  await context.setOffline(true);
  const text = 'Written on the train, sent only after midnight: the question had moved on.';
  const home = new HomePage(page);
  await home.write(text);
  await home.submitButton.click();
  await expect(page.locator('[data-waiting-answer]')).toContainText(text);

  // The day ends while the answer waits: the question it answers is no longer open.
  await moveToNextDay(request);
  await context.setOffline(false);
  const refusal = page.getByRole('region', { name: 'Not sent' }).getByRole('alert');
  await expect(refusal).toContainText('Your answer was not shared');
  await expect(refusal).toContainText("Only today's question can be answered.");
  await expect(refusal).toContainText(text);
  // Kept, even across a reload, until the person lets it go.
  await page.reload();
  await expect(refusal).toContainText(text);
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refusal).toHaveCount(0);
  expect(await outboxWrites(page)).toEqual([]);
  await context.close();
});
