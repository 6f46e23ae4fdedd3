import { expect, test } from '@playwright/test';
import { ArchivePage, MyResponsesPage } from './pages/archive-pages';
import { HomePage } from './pages/home-page';
import { SetupPage } from './pages/setup-page';

test('the archive opens after answering today, leads to the discussion, and My Responses deletes with a confirm', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const archive = new ArchivePage(page);
  const mine = new MyResponsesPage(page);
  await new SetupPage(page).registerAsNewVisitor();
  const home = new HomePage(page);
  const question = await home.questionText();

  await archive.open();
  await expect(archive.closed).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(0);

  await page.goto('/home');
  await home.answer('Telling the truth kindly is harder than telling it bluntly.');

  await archive.open();
  const card = archive.question(question);
  await expect(card).toContainText('Active');
  await archive.search('no question says this zzz');
  await expect(page.getByRole('heading', { name: 'No Questions Found' })).toBeVisible();
  await archive.search(question.split(' ').slice(0, 3).join(' ').toUpperCase());
  await card.click();
  await expect(page).toHaveURL(/\/responses\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);

  await mine.open();
  await expect(mine.response(1)).toContainText('Telling the truth kindly');
  await expect(mine.response(1)).toContainText('You did not place yourself on the spectrum.');
  await mine.deleteResponse(1);
  await expect(mine.response(1)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No responses yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No responses yet' })).toBeVisible();
  // The empty state leads to the question itself, not through the splash again.
  await page.getByRole('link', { name: 'Share your first perspective' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  await context.close();
});
