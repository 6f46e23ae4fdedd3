import { expect, test, type Browser, type Page } from '@playwright/test';
import { JOURNAL_PROMPTS } from '../../domain/contracts/journal';
import { adminArea } from './pages/admin-page';
import { adopted } from './pages/adopted';
import { HomePage } from './pages/home-page';
import { ProfilePage } from './pages/profile-page';
import { axeViolations } from './pages/screen-checks';
import { decideConsentUpFront, SetupPage } from './pages/setup-page';

const shots = 'tests/artifacts/screenshots';

/** The two looks every form journey is seen in: a phone in the light theme, a desktop in the dark. */
const LOOKS = [
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 1280, height: 900, colorScheme: 'dark' },
] as const;
type Look = (typeof LOOKS)[number];

const personIn = async (browser: Browser, look: Look) => {
  const context = await browser.newContext({
    viewport: { width: look.width, height: look.height },
    colorScheme: look.colorScheme,
  });
  const page = await context.newPage();
  await decideConsentUpFront(page);
  return { context, page };
};

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/** Writes to `url` are answered with this problem document; reading it goes on as usual. */
const refuseWrites = (page: Page, url: string, status: number, detail: string, field?: string) =>
  page.route(url, (route) =>
    route.request().method() === 'GET'
      ? route.continue()
      : route.fulfill({
          status,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Refused', status, detail, field }),
        }),
  );

for (const look of LOOKS) {
  test(`an admin adds an idea to the board, then edits its wording, category and notes (${look.width} px, ${look.colorScheme})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { context, page } = await personIn(browser, look);
    const admin = adminArea(page);
    await admin.logIn();
    await admin.openTab('Ideas');
    const form = page.getByRole('form', { name: 'Add an idea' });
    await form.getByRole('button', { name: 'Add Idea' }).click();
    await expect(form.getByText('Please enter an idea before submitting.')).toBeVisible();
    await expect(form.getByLabel('Idea', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Idea', { exact: true })).toHaveAttribute(
      'placeholder',
      /Why or why not\?$/,
    );

    const stamp = Date.now().toString(36);
    const wording = `Should a city ration water before a drought arrives ${stamp}? Why or why not?`;
    await form.getByLabel('Idea', { exact: true }).fill(wording);
    await admin.choose(form, 'Category (optional)', 'philosophical');
    await form.getByLabel('Notes (optional)').fill('From the autumn reading list.');
    await form.getByRole('button', { name: 'Add Idea' }).click();
    await expect(page.getByText('Idea Added', { exact: true }).first()).toBeVisible();
    await expect(form.getByLabel('Idea', { exact: true })).toHaveValue('');
    const idea = admin.idea(stamp);
    await expect(idea).toContainText(wording);
    await expect(idea.getByText('philosophical', { exact: true })).toBeVisible();
    await expect(idea).toContainText('From the autumn reading list.');
    await page.screenshot({
      path: `${shots}/forms-ideas-added-${look.width}-${look.colorScheme}.png`,
      fullPage: true,
    });

    await idea.getByRole('button', { name: 'Edit' }).click();
    const edited = `Should a city ration water before any drought ${stamp}? Why or why not?`;
    await idea.getByLabel('Idea', { exact: true }).fill(edited);
    await admin.choose(idea, 'Category (optional)', 'Environment & Sustainability');
    await idea.getByLabel('Notes (optional)').fill('Reworded after the board’s vote.');
    await page.screenshot({
      path: `${shots}/forms-ideas-editing-${look.width}-${look.colorScheme}.png`,
      fullPage: true,
    });
    expect(await axeViolations(page, look.colorScheme === 'dark' ? 'colours' : 'all')).toEqual([]);
    await idea.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Idea Updated', { exact: true }).first()).toBeVisible();
    await expect(idea).toContainText(edited);
    await expect(idea.getByText('Environment & Sustainability', { exact: true })).toBeVisible();
    await expect(idea).toContainText('Reworded after the board’s vote.');

    // Saved on the server, not only on the page.
    await page.reload();
    await admin.openTab('Ideas');
    await expect(admin.idea(stamp)).toContainText(edited);
    await expect(admin.idea(stamp)).toContainText('Reworded after the board’s vote.');
    await noSidewaysScroll(page);
    await context.close();
  });
}

test('the journal starts from a prompt, and says why a save, an edit or a delete failed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await personIn(browser, LOOKS[0]);
  const profile = new ProfilePage(page);
  await new SetupPage(page).registerAsNewVisitor();
  await profile.open();
  await profile.showJournal();

  const prompt = (await page.locator('blockquote').textContent())!;
  expect(JOURNAL_PROMPTS).toContain(prompt);
  await page.screenshot({ path: `${shots}/forms-journal-collapsed-390-light.png`, fullPage: true });
  await page.getByRole('button', { name: 'Start Writing' }).click();
  await expect(page.getByLabel('Title (optional)')).toHaveValue(prompt);
  await page.getByLabel('Your reflection').fill('I listened before answering, and it helped.');

  // A refusal the server explains: the spec's toast, with the server's reason. (A save that
  // finds Boon down, a 5xx, waits in the outbox instead: tests/browser/offline-journal.spec.ts.)
  await refuseWrites(
    page,
    '**/api/journal',
    429,
    'Too many journal entries. Try again in 1 minute(s).',
  );
  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page.getByText('Error', { exact: true }).first()).toBeVisible();
  await expect(
    page
      .getByText('Failed to save entry: Too many journal entries. Try again in 1 minute(s).')
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel('Your reflection')).toHaveValue(
    'I listened before answering, and it helped.',
  );
  await page.screenshot({ path: `${shots}/forms-journal-failed-390-light.png`, fullPage: true });

  // A problem with one field goes beside that field, not to a toast.
  await page.unroute('**/api/journal');
  await refuseWrites(
    page,
    '**/api/journal',
    400,
    'content must be at most 20000 characters',
    'content',
  );
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('button', { name: 'Close' })
    .click();
  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page.getByText('content must be at most 20000 characters')).toBeVisible();
  await expect(page.getByLabel('Your reflection')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Your reflection')).toBeFocused();
  await expect(page.getByText(/^Failed to save entry/)).toHaveCount(0);

  await page.unroute('**/api/journal');
  await page.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page.getByText('Journal entry saved', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText('Your reflection has been recorded privately.').first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Writing' })).toBeVisible();
  const entry = profile.entry(prompt);
  await expect(entry).toContainText('I listened before answering, and it helped.');

  await refuseWrites(page, '**/api/journal/*', 503, 'The journal is resting for a moment.');
  await entry.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit entry' });
  await dialog.getByLabel('Your reflection').fill('I listened first. It helped us both.');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByText('Failed to update entry: The journal is resting for a moment.').first(),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await entry.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('Failed to delete entry: The journal is resting for a moment.').first(),
  ).toBeVisible();
  await expect(entry).toBeVisible();

  await page.unroute('**/api/journal/*');
  await profile.delete(prompt);
  await expect(page.getByText('Your journal entry has been removed.').first()).toBeVisible();
  await expect(entry).toHaveCount(0);
  await context.close();
});

test('the answer form arrives when a person starts to answer, and keeps what they did', async ({
  browser,
}) => {
  const { context, page: setup } = await personIn(browser, LOOKS[0]);
  await new SetupPage(setup).registerAsNewVisitor();
  await setup.close();
  // Home opened afresh, as a returning person does: the setup page's own form code is not here.
  const page = await context.newPage();
  const formCode = /\/assets\/(response-form|form|form-fields)-[\w-]+\.js$/;
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (formCode.test(new URL(request.url()).pathname)) loaded.push(request.url());
  });
  // The form's code waits here until the test lets it through.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(formCode, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/home');
  const home = new HomePage(page);
  await expect(home.responseBox).toBeVisible();
  // Reading the question loads none of it: once the app runs the page and the browser has
  // nothing left to do (an idle callback: every start-up task, and a prefetch queued for idle
  // time, ran before it), none of the form's code was asked for.
  await adopted(page);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
  expect(loaded).toEqual([]);

  await home.responseBox.click();
  await page.keyboard.type('Kindness costs');
  await expect(home.responseBox).toHaveValue('Kindness costs');
  await expect(page.getByText('2/750 words')).toBeVisible();
  expect(loaded.length).toBeGreaterThan(0);
  release();
  // The form takes over the text and the caret: typing goes on where it stopped.
  await expect(page.getByText('Please write at least 3 words')).toBeVisible();
  await page.keyboard.type(' little and means much.');
  await expect(home.responseBox).toHaveValue('Kindness costs little and means much.');
  await expect(page.getByText('Please write at least 3 words')).toHaveCount(0);
  await home.submitButton.click();
  await expect(page.getByText('Response Submitted!', { exact: true })).toBeVisible();
  await context.close();
});

test('Share pressed before the answer form arrived is sent once it has', async ({ browser }) => {
  const { context, page } = await personIn(browser, LOOKS[1]);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/response-form-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await new SetupPage(page).registerAsNewVisitor();
  const home = new HomePage(page);
  await home.responseBox.fill('Patience is a gift we give to others.');
  await home.submitButton.click();
  await expect(page.getByText('Response Submitted!', { exact: true })).toHaveCount(0);
  release();
  await expect(page.getByText('Response Submitted!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/responses\/\d+$/, { timeout: 10_000 });
  await context.close();
});
