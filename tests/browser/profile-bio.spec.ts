import { expect, test } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { SetupPage } from './pages/setup-page';

test('a bio is written on Profile and still there after a reload', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await new SetupPage(page).registerAsNewVisitor();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add a bio' }).click();
  await page
    .getByLabel('Your bio (optional)')
    .fill('Night-shift nurse; questions keep me company.');
  await page.getByRole('button', { name: 'Save bio' }).click();
  await expect(page.getByText('Bio saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Night-shift nurse; questions keep me company.')).toBeVisible();
  await context.close();
});

test('with Show Activity on, others see a streak and top badge beside the pseudonym', async ({
  browser,
}) => {
  const annContext = await browser.newContext();
  const ann = await annContext.newPage();
  const annName = await new SetupPage(ann).registerAsNewVisitor();
  await ann.goto('/home');
  await new HomePage(ann).answer('Keeping a promise matters most when it costs us something.');

  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await new SetupPage(bob).registerAsNewVisitor();
  await bob.goto('/home');
  await new HomePage(bob).answer('A promise can be broken to prevent a real harm to someone.');
  const card = bob.getByRole('article', { name: `Response by ${annName}` });
  await expect(card).toContainText('1-day streak');
  await expect(card).toContainText('First Voice');
  await annContext.close();
  await bobContext.close();
});
