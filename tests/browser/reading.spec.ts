import { expect, test } from '@playwright/test';
import { answerAsSomeoneElse, replyAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { renderEveryCard } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';

const LONG = Array.from({ length: 24 }, (_, i) => `Line ${i + 1} of a long, careful answer.`).join(
  ' ',
);

test('wide screens read like masonry: short answers stay short, an open thread moves only its own column', async ({
  browser,
  request,
}) => {
  for (const text of [LONG, 'Short and sweet, honestly.', LONG, 'Another brief view here.']) {
    await answerAsSomeoneElse(request, text);
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('Mine, brief as well.');
  const cards = page.getByRole('article', { name: /^Response by / });
  await expect(cards.nth(4)).toBeVisible();
  // Other journeys share the day: the two compared below may be on a later page.
  const responses = new ResponsesPage(page);
  await responses.reveal(cards.filter({ hasText: 'Short and sweet, honestly.' }).first());
  await responses.reveal(cards.filter({ hasText: 'Line 1 of a long, careful answer.' }).first());

  // Every card laid out as it is: a card past the first screen is otherwise as tall as its
  // content-visibility placeholder (16rem) until it comes near, and with many answers on the
  // day "before" and "after" would compare placeholders with laid-out cards.
  await renderEveryCard(page);
  // Where each card is on the page, not in the window: opening a reply box may scroll it (the
  // cards compared may be on a later page, far below the person's own).
  const boxes = async () => {
    const scrollY = await page.evaluate(() => window.scrollY);
    return Promise.all(
      (await cards.all()).map(async (card) => {
        const box = (await card.boundingBox())!;
        return { ...box, y: box.y + scrollY };
      }),
    );
  };
  const before = await boxes();
  const columns = new Set(before.map((b) => Math.round(b.x)));
  expect(columns.size).toBe(3);
  // Cards keep their own height: a short answer's card is far shorter than a long one's
  // (these two: other journeys' answers on the page may all be long).
  const heightOf = async (text: string) =>
    (await cards.filter({ hasText: text }).first().boundingBox())!.height;
  expect(await heightOf('Short and sweet, honestly.')).toBeLessThan(
    (await heightOf('Line 1 of a long, careful answer.')) * 0.6,
  );

  const own = new ResponsesPage(page).response(name);
  const ownBox = (await own.boundingBox())!;
  await own.getByRole('button', { name: /repl/ }).click();
  await expect(own.getByLabel('Write a reply')).toBeVisible();
  const after = await boxes();
  for (const [i, was] of before.entries()) {
    const now = after[i]!;
    expect(Math.round(now.x), `card ${i} stays in its column`).toBe(Math.round(was.x));
    if (Math.round(was.x) !== Math.round(ownBox.x)) {
      expect(now.y, `card ${i} in another column does not move`).toBeCloseTo(was.y, 0);
      expect(now.height, `card ${i} in another column does not stretch`).toBeCloseTo(was.height, 0);
    }
  }
  await context.close();
});

test('"Active discussion" shows only once people reply to each other', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('My view before the discussion.');
  // What the first page holds (the one the badge counts): the caller's own answer comes first.
  const firstPage = () =>
    page.evaluate(async () => {
      const deviceId = localStorage.getItem('boon-device-id')!;
      const today = await (await fetch('/api/question/today')).json();
      const list = (await (
        await fetch(`/api/responses/${today.id}`, { headers: { 'X-Device-ID': deviceId } })
      ).json()) as { id: string; replyCount: number }[];
      return { ownId: list[0]!.id, replies: list.reduce((sum, r) => sum + r.replyCount, 0) };
    });
  const badge = page.getByText('Active discussion', { exact: true });
  // Other journeys share the day: below the threshold there is no badge, at it there is.
  let { ownId, replies } = await firstPage();
  if (replies < 3) await expect(badge).toHaveCount(0);
  while (replies < 3) {
    await replyAsSomeoneElse(request, ownId, `Reply number ${replies + 1} to this view.`);
    ({ ownId, replies } = await firstPage());
  }
  await expect(badge).toBeVisible({ timeout: 5_000 });
  await context.close();
});

test('shared perspectives quote the pair and lead to their cards; counts say what they count', async ({
  browser,
  request,
}) => {
  await answerAsSomeoneElse(request, LONG);
  await answerAsSomeoneElse(request, 'Brief.  But sincere all the same.');
  const context = await browser.newContext();
  const page = await context.newPage();
  await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('Somewhere in between, in a few words.');
  const panel = page.getByRole('region', { name: 'Shared Perspectives' });
  await expect(panel.getByRole('heading', { name: 'Perspective A' })).toBeVisible();
  // No second copy of a card: no echo, reply or delete buttons inside the panel.
  await expect(panel.getByRole('article')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /echo|repl|Delete/i })).toHaveCount(0);
  await expect(panel.getByText(/\d+ echo(es)? on these two answers/)).toBeVisible();

  // A side offers "Show in the list" only when its card is on the page: on a server whose day
  // already holds many answers, the oldest pairs' cards are further down. The quote is read from
  // the side whose button is pressed, and the comparisons are walked until one has such a side.
  const shown = panel.locator('figure').filter({
    has: page.getByRole('button', { name: 'Show in the list' }),
  });
  await expect(async () => {
    if ((await shown.count()) === 0) {
      await panel.getByRole('button', { name: 'Next Comparison' }).click();
    }
    expect(await shown.count()).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  const side = shown.first();
  const quote = (await side.locator('blockquote').textContent())!;
  await side.getByRole('button', { name: 'Show in the list' }).click();
  const focused = page.locator('article:focus');
  await expect(focused).toHaveAttribute('aria-label', /^Response by /);
  await expect(focused).toContainText(quote.slice(0, 40));
  await context.close();
});

test('times read as "just now" or "2 h ago", with the full date on focus', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('An answer to see its time.');
  const time = new ResponsesPage(page).response(name).locator('time');
  await expect(time).toHaveText(/just now|\d+ min ago/);
  await time.focus();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(/\d{4} at \d{1,2}:\d{2}/);
  await expect(time).toHaveAccessibleDescription(/\d{4} at/);
  await context.close();
});
