import { expect, test, type Browser } from '@playwright/test';
import { answerAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';

const newVisitor = async (browser: Browser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  return { context, page, name, home: new HomePage(page), responses: new ResponsesPage(page) };
};

test('echoes and replies travel live between two people; only authors may delete', async ({
  browser,
}) => {
  const ana = await newVisitor(browser);
  await ana.home.answer('Trust grows when people keep small promises, even inconvenient ones.');
  const ben = await newVisitor(browser);
  await ben.home.answer(
    'I would rather be honest about a broken promise than pretend it never mattered.',
  );

  // Ben echoes Ana's response; Ana's open page shows the new count without reloading.
  await ben.responses
    .response(ana.name)
    .getByRole('button', { name: /^Echo / })
    .click();
  await expect(ben.page.getByText('Echoed', { exact: true })).toBeVisible();
  await expect(ana.responses.response(ana.name)).toContainText('1 echo', { timeout: 5_000 });

  // Ana opens the replies on her response; Ben replies; it appears for Ana live.
  await ana.responses.response(ana.name).getByRole('button', { name: /repl/ }).click();
  const benCard = ben.responses.response(ana.name);
  await benCard.getByRole('button', { name: /repl/ }).click();
  await benCard.getByLabel('Write a reply').fill('Even when keeping it costs you something?');
  await benCard.getByRole('button', { name: 'Reply', exact: true }).click();
  const anaReplies = ana.responses.response(ana.name).getByRole('list', { name: 'Replies' });
  await expect(anaReplies).toContainText(`@${ana.name} Even when keeping it costs you something?`, {
    timeout: 5_000,
  });
  await expect(ana.responses.response(ana.name)).toContainText('1 reply');

  // Ana has no delete on Ben's reply; Ben deletes it and it vanishes for Ana.
  await expect(anaReplies.getByRole('button', { name: /Delete your reply/ })).toHaveCount(0);
  await expect(
    ana.responses.response(ben.name).getByRole('button', { name: 'Delete' }),
  ).toHaveCount(0);
  await benCard.getByRole('button', { name: /Delete your reply/ }).click();
  await ben.page.getByRole('alertdialog').getByRole('button', { name: 'Delete reply' }).click();
  await expect(ben.page.getByText('Reply deleted', { exact: true })).toBeVisible();
  await expect(anaReplies.getByRole('listitem')).toHaveCount(0, { timeout: 5_000 });

  await ana.context.close();
  await ben.context.close();
});

test('the reader view opens and closes by keyboard and gives focus back', async ({
  browser,
  request,
}) => {
  const long = Array.from(
    { length: 40 },
    (_, i) => `Sentence ${i + 1} of a long and careful answer.`,
  ).join(' ');
  await answerAsSomeoneElse(request, long);
  const reader = await newVisitor(browser);
  await reader.home.answer('A short answer of my own today.');
  const readMore = reader.page.getByRole('button', { name: 'Read more' });
  await readMore.focus();
  await reader.page.keyboard.press('Enter');
  const dialog = reader.page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Sentence 40 of a long and careful answer.');
  // Focus moves into the dialog once it is ready for keys (its Escape handler is set up in the
  // same step): a person cannot press Escape earlier than that, and neither does this test.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await reader.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(readMore).toBeFocused();

  // A long and a short answer contrast: the shared-perspectives panel shows a pair.
  const panel = reader.page.getByRole('region', { name: 'Shared Perspectives' });
  await expect(panel.getByRole('heading', { name: 'Perspective A' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Perspective B' })).toBeVisible();
  await expect(panel.getByText(/\d+ of \d+ pairs/)).toBeVisible();
  await reader.page.screenshot({
    path: 'tests/artifacts/screenshots/shared-perspectives.png',
    fullPage: true,
  });
  await reader.context.close();
});

test('the eleventh echo of the day opens the daily limit notice', async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const perspective = (i: number) => `Perspective number ${i + 1} on today's question (${stamp}).`;
  for (let i = 0; i < 11; i++) await answerAsSomeoneElse(request, perspective(i));
  const echoer = await newVisitor(browser);
  await echoer.home.answer('My own view, before I echo others.');
  // Only the eleven answers made here: other journeys share the day (and may hold or hide theirs).
  const card = (i: number) =>
    echoer.page.getByRole('article', { name: /^Response by / }).filter({ hasText: perspective(i) });
  await expect(card(10)).toBeVisible();
  for (let i = 0; i < 10; i++) {
    await card(i)
      .getByRole('button', { name: /^Echo / })
      .click();
    await expect(card(i).getByRole('button', { name: /^Remove echo/ })).toBeVisible();
  }
  await expect(echoer.page.getByRole('button', { name: /^Remove echo/ })).toHaveCount(10);
  await card(10)
    .getByRole('button', { name: /^Echo / })
    .click();
  const notice = echoer.page.getByRole('alertdialog', { name: 'Daily Echo Limit Reached' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    "You've used all 10 echoes for today. Your echo limit resets tomorrow at 3 AM EST.",
  );
  await expect(echoer.page.getByRole('button', { name: /^Remove echo/ })).toHaveCount(10);
  await expect(card(10).getByRole('button', { name: /^Echo / })).toBeVisible();
  await expect(notice).toHaveCount(0, { timeout: 5_000 });
  await echoer.context.close();
});
