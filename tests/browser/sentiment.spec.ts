import { expect, test } from '@playwright/test';
import { REACTIONS } from '../../domain/contracts/reactions';
import type { SentimentItem } from '../../domain/contracts/sentiment';
import { SPECTRUM_SIDES } from '../../domain/contracts/spectrum';
import { answerAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { axeViolations } from './pages/screen-checks';
import { SentimentPage } from './pages/sentiment-page';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

const NO_POSITION =
  'No one has placed an answer on the spectrum yet. Replies, echoes and reactions are below.';

test('the dashboard shows today’s question with its tables, its tabs, and moves live', async ({
  browser,
  request,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  const home = new HomePage(page);
  const question = (await home.questionText()).trim();
  await home.answer('Fairness matters more to me than loyalty in this case.');

  const sentiment = new SentimentPage(page);
  await sentiment.open();
  await expect(sentiment.range('Week')).toHaveAttribute('aria-selected', 'true');
  const card = sentiment.card(question);
  await expect(card).toBeVisible();
  const before = await sentiment.responseCount(question);
  expect(before).toBeGreaterThanOrEqual(1);
  // A table where someone placed an answer on the spectrum, one sentence where nobody did.
  await expect(
    card
      .getByRole('table', { name: 'Spectrum distribution' })
      .or(card.getByText(NO_POSITION, { exact: true })),
  ).toBeVisible();
  // The trend chart over the range keeps its numbers in a table.
  const trend = page.getByRole('table', { name: 'Trend by day' });
  await expect(trend.getByRole('row').last()).toContainText(String(before), {
    timeout: 15_000,
  });
  await expect(card.getByRole('table', { name: 'Engagement' })).toContainText('Replies');
  // The chart's legend names the spectrum line only where the range has a position to draw.
  const legendLine = page
    .locator('.recharts-legend-wrapper')
    .getByText('Average spectrum (dashed line)');
  const nonePlaced = page.getByText('No answer in this range was placed on the spectrum.');
  await expect(legendLine).toHaveCount((await nonePlaced.isVisible()) ? 0 : 1);

  // Content Quality by keyboard: the analyzer's scores, as a table.
  await sentiment.figures(question).getByRole('tab', { name: 'Engagement' }).focus();
  await page.keyboard.press('ArrowRight');
  const quality = card.getByRole('table', { name: 'Content quality' });
  await expect(quality).toContainText('Civility');
  await expect(quality).toContainText('Rejection rate');

  // Someone else answers: the count moves without a reload.
  await answerAsSomeoneElse(request, 'Loyalty has its place, but not above honesty.');
  await expect(card.getByText(`${before + 1} responses`)).toBeVisible({ timeout: 10_000 });
  await expect(trend.getByRole('row').last()).toContainText(String(before + 1), {
    timeout: 10_000,
  });

  await sentiment.range('Month').click();
  await expect(sentiment.range('Month')).toHaveAttribute('aria-selected', 'true');
  await expect(sentiment.card(question)).toBeVisible();
  await context.close();
});

test('every card’s charts are drawn, their tables hold the API’s numbers, and the dashboard passes axe in both themes at phone and desktop width', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('Honesty first, even when it costs a friendship.');
  const sentiment = new SentimentPage(page);
  await sentiment.open();

  const items = await sentiment.fromApi<SentimentItem[]>(7);
  expect(items.length).toBeGreaterThanOrEqual(1);
  for (const item of items) {
    const card = sentiment.cardOf(item);
    // No walls of 'N/A' and 0%: what nobody gave is said once, in words.
    await expect(card.getByText('N/A')).toHaveCount(0);
    if (item.averageSpectrum === null) {
      await expect(card.getByText(NO_POSITION, { exact: true })).toBeVisible();
      await expect(card.getByRole('table', { name: 'Spectrum distribution' })).toHaveCount(0);
    } else {
      const spectrum = sentiment.figure(card, 'Spectrum distribution');
      await expect(sentiment.chart(spectrum)).toBeVisible();
      await expect(spectrum.getByRole('cell')).toHaveText(
        SPECTRUM_SIDES.map((side) => `${item.distribution[side]}%`),
      );
    }

    const engagement = sentiment.figure(card, 'Engagement');
    await expect(sentiment.chart(engagement)).toBeVisible();
    await expect(sentiment.cell(engagement, 'Replies')).toHaveText(
      String(item.engagement.repliesCount),
    );
    await expect(sentiment.cell(engagement, 'Echoes')).toHaveText(String(item.engagement.echoes));
    for (const { emoji, label } of REACTIONS) {
      await expect(sentiment.cell(engagement, `${label} reactions`)).toHaveText(
        String(item.engagement.reactions[emoji] ?? 0),
      );
    }

    await card.getByRole('tab', { name: 'Content Quality' }).click();
    const quality = sentiment.figure(card, 'Content quality');
    await expect(sentiment.chart(quality)).toBeVisible();
    const { relevanceAvg, civilityAvg, sincerityAvg } = item.moderation;
    for (const [name, value] of [
      ['Relevance', relevanceAvg],
      ['Civility', civilityAvg],
      ['Sincerity', sincerityAvg],
    ] as const) {
      if (value === null) await expect(quality.getByRole('rowheader', { name })).toHaveCount(0);
      else await expect(sentiment.cell(quality, name)).toHaveText(value.toFixed(2));
    }
    if ([relevanceAvg, civilityAvg, sincerityAvg].every((v) => v === null)) {
      await expect(card.getByText('No answer has been scored for quality yet.')).toBeVisible();
    }
    await expect(card.getByText('N/A')).toHaveCount(0);
    await expect(sentiment.cell(quality, 'Rejection rate')).toHaveText(
      `${item.moderation.rejectionRate}%`,
    );
    await card.getByRole('tab', { name: 'Engagement' }).click();
  }

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await expect(page.locator('figure svg.recharts-surface').first()).toBeVisible();
      // Once the charts have followed the new width (recharts resizes them on a ResizeObserver's
      // call, a frame or more after the viewport changed: the first check once caught the old).
      await expect
        .poll(
          () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          { message: `no sideways scroll at ${width}px` },
        )
        .toBe(true);
      expect(await axeViolations(page), `${colorScheme} at ${width}px`).toEqual([]);
      await expect(page.getByText(/N\/A/)).toHaveCount(0);
      await page.screenshot({
        path: `tests/artifacts/screenshots/sentiment-${width}-${colorScheme}.png`,
        fullPage: true,
      });
    }
  }
  await context.close();
});
