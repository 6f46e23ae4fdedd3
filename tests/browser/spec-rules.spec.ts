import { chromium, expect, test, type Page } from '@playwright/test';
import { MyResponsesPage } from './pages/archive-pages';
import { HomePage } from './pages/home-page';
import { MiniJourney } from './pages/mini-page';
import { AuthScreen } from './pages/onboarding';
import { axeViolations } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail } from './pages/visitor';
import { personAt, SCREENS, type Screen } from './pages/ways-in';

// The spec's own rules, restored (issue 39, points 1 to 4), at a phone's 390 px in the light
// theme and a desktop's 1280 px in the dark one.

const shots = 'tests/artifacts/screenshots';
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`Brainstorm takes 5 to 100 words and Submit 10 characters to 30 words, each in the spec's words (${look})`, async ({
    browser,
  }) => {
    const { context, page } = await personAt(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();
    const stamp = Date.now().toString(36);

    await page.goto('/brainstorm');
    const idea = page.getByLabel('Your question');
    const suggest = page.getByRole('button', { name: 'Submit Suggestion' });
    await expect(page.getByText('A question of 5 to 100 words.')).toBeVisible();
    await expect(suggest).toBeDisabled();
    await idea.fill('Is it fair?');
    await expect(page.getByText('Please write at least 5 words for your question.')).toBeVisible();
    await expect(suggest).toBeDisabled();
    await idea.fill(words(101));
    await expect(page.getByText('101/100 words')).toBeVisible();
    await expect(page.getByText('Please keep your question under 100 words.')).toBeVisible();
    await expect(suggest).toBeDisabled();
    await idea.fill('');
    await expect(page.getByText('Please write a question before submitting.')).toBeVisible();
    // 39 words: refused by the one shared rule this replaces.
    await idea.fill(`${words(38)} ${stamp}?`);
    await expect(idea).not.toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({
      path: `${shots}/rules-brainstorm-${screen.width}-${screen.colorScheme}.png`,
      fullPage: true,
    });
    await suggest.click();
    await expect(page.getByText('Question Submitted', { exact: true }).first()).toBeVisible();

    await page.goto('/submit-question');
    const question = page.getByLabel('Your question');
    const submit = page.getByRole('button', { name: 'Submit Question' });
    await expect(page.getByText('At least 10 characters, at most 30 words.')).toBeVisible();
    await question.fill('Why lie?');
    await expect(page.getByText('Question must be at least 10 characters long')).toBeVisible();
    await expect(submit).toBeDisabled();
    await question.fill(words(31));
    await expect(page.getByText('31/30 words')).toBeVisible();
    await expect(page.getByText('Question must be 30 words or less')).toBeVisible();
    await question.fill('');
    await expect(page.getByText('Please enter a question')).toBeVisible();
    // Four words, 18 characters: refused by the shared rule, a question by the spec's.
    await question.fill('Is lying okay now?');
    await expect(question).not.toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({
      path: `${shots}/rules-submit-${screen.width}-${screen.colorScheme}.png`,
      fullPage: true,
    });
    expect(await axeViolations(page, screen.colorScheme === 'dark' ? 'colours' : 'all')).toEqual(
      [],
    );
    await submit.click();
    await expect(page.getByText('Thank You!', { exact: true })).toBeVisible();
    await context.close();
  });
}

/** Every later request for `path` (a query string aside) the page makes. */
const countRequests = (page: Page, path: string) => {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.count++;
  });
  return seen;
};

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`My Responses says 'Failed to delete response. Please try again.' with the server's reason, and keeps the answer (${look})`, async ({
    browser,
  }) => {
    const { context, page } = await personAt(browser, screen);
    await new SetupPage(page).registerAsNewVisitor();
    await new HomePage(page).answer('An answer I will try to delete while the server says no.');
    const mine = new MyResponsesPage(page);
    await mine.open();
    await expect(mine.response(1)).toBeVisible();

    await page.route('**/api/responses/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            body: JSON.stringify({
              type: 'about:blank',
              title: 'Unavailable',
              status: 503,
              detail: 'Boon is catching up; try again in a minute.',
            }),
          })
        : route.continue(),
    );
    await mine.deleteResponse(1);
    const toast = (text: string) => page.getByText(text, { exact: true }).first();
    await expect(toast('Failed to delete response. Please try again.')).toBeVisible();
    await expect(toast('Boon is catching up; try again in a minute.')).toBeVisible();
    await page.screenshot({
      path: `${shots}/rules-delete-failed-${screen.width}-${screen.colorScheme}.png`,
    });
    await expect(mine.response(1)).toBeVisible();

    // No server at all: the spec's words, and what happened beside them.
    await page.unroute('**/api/responses/*');
    await page.route('**/api/responses/*', (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.continue(),
    );
    await mine.deleteResponse(1);
    await expect(toast('Failed to delete response. Please try again.')).toBeVisible();
    await expect(
      toast('Boon could not be reached. Check your connection and try again.'),
    ).toBeVisible();
    await expect(mine.response(1)).toBeVisible();
    await context.close();
  });

  test(`the Fellow Travelers poll gives up on a request after 5 s and says so; Try again brings the chat back (${look})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await personAt(browser, screen);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/auth');
    await new AuthScreen(page).signUpAndConfirm(uniqueEmail('poll'), 'long enough pw');
    await page.goto('/mini');
    const mini = new MiniJourney(page);
    await mini.choose(1);
    await mini.expectResult('rule-keeper', 'The Rule Keeper');
    await page.getByRole('tab', { name: 'Fellow Travelers' }).click();
    // The chat as it is (other journeys may have written in it today): empty or not, a first line.
    const chatLines = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await expect(chatLines.first()).toBeVisible();

    // The server stops answering the chat: each poll waits for nothing.
    const chat = '**/archetype/rule-keeper/chat';
    const given: number[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().endsWith('/chat')) given.push(Date.now());
    });
    const started: number[] = [];
    await page.route(chat, (route) => {
      if (route.request().method() === 'GET') started.push(Date.now());
      // Never answered.
    });
    const alert = page.getByRole('alert').filter({ hasText: 'The chat is not answering' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    // Given up by the page itself, 5 s after it asked (not by a server's or a browser's limit).
    expect(given.length).toBeGreaterThan(0);
    const waited = given[0]! - started[0]!;
    expect(waited).toBeGreaterThanOrEqual(4_900);
    expect(waited).toBeLessThan(8_000);
    await page.screenshot({
      path: `${shots}/rules-chat-unanswered-${screen.width}-${screen.colorScheme}.png`,
    });

    await page.unroute(chat);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
    await expect(chatLines.first()).toBeVisible();
    await context.close();
  });
}

/**
 * A browser that keeps pages in its back/forward cache, as people's do: Playwright's Chromium
 * starts with the cache off.
 */
const withBackForwardCache = async (screen: Screen) => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  const { page } = await personAt(browser, screen);
  await page.addInitScript(() => {
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) (window as { restored?: boolean }).restored = true;
    });
  });
  return { browser, page };
};

for (const screen of SCREENS) {
  const look = `${screen.width} px, ${screen.colorScheme}`;

  test(`a page back from the back/forward cache asks again for everything it shows: the archive, not only answers (${look})`, async ({
    baseURL,
  }) => {
    const { browser, page } = await withBackForwardCache(screen);
    await new SetupPage(page).registerAsNewVisitor();
    await new HomePage(page).answer('The archive opens once I have answered; then I leave it.');
    await page.goto(`${baseURL}/archive`);
    await expect(page.getByText(/\d+ questions? found/)).toBeVisible();
    const archive = countRequests(page, '/api/archive/questions');

    await page.goto(`${baseURL}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/archive$/);
    expect(await page.evaluate(() => (window as { restored?: boolean }).restored)).toBe(true);
    await expect.poll(() => archive.count).toBeGreaterThan(0);
    await browser.close();
  });
}
