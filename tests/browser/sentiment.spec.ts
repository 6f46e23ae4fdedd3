import { expect, test } from '@playwright/test';
import { answerAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { SentimentPage } from './pages/sentiment-page';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

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
  await expect(card.getByRole('table', { name: 'Spectrum distribution' })).toBeVisible();
  // The trend chart over the range keeps its numbers in a table.
  const trend = page.getByRole('table', { name: 'Trend by day' });
  await expect(trend.getByRole('row').last()).toContainText(String(before), {
    timeout: 15_000,
  });
  await expect(card.getByRole('table', { name: 'Engagement' })).toContainText('Replies');

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
