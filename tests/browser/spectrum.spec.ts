import { expect, test, type Page } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

/** The body the browser sent with its answer. */
const capturedAnswer = (page: Page) =>
  new Promise<{ spectrumPosition?: unknown }>((resolve) =>
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/responses')) {
        resolve(request.postDataJSON() as { spectrumPosition?: unknown });
      }
    }),
  );

test('an author places themselves on the spectrum by keyboard while answering', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const name = await new SetupPage(page).registerAsNewVisitor();
  const home = new HomePage(page);
  await home.write('Fairness matters more to me than loyalty in this case.');

  // Nothing is placed until asked; the control is reachable and speaks its value.
  const place = page.getByRole('button', { name: 'Place myself on the spectrum' });
  await place.focus();
  await page.keyboard.press('Enter');
  const slider = page.getByRole('slider', { name: 'Spectrum position' });
  await expect(slider).toBeFocused();
  await expect(slider).toHaveAttribute('aria-valuetext', 'Moderate (0)');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('PageUp');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Conservative (40)');
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '-100');
  await page.keyboard.press('PageUp');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Progressive (−90)');

  const sent = capturedAnswer(page);
  await home.submitButton.click();
  expect((await sent).spectrumPosition).toBe(-90);
  await expect(page).toHaveURL(/\/responses\/\d+$/, { timeout: 10_000 });
  await expect(new ResponsesPage(page).response(name)).toContainText(
    'Your place on the spectrum: Progressive (−90)',
  );
  await context.close();
});

test('the placement can be skipped, and the answer then says so in words', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const name = await new SetupPage(page).registerAsNewVisitor();
  const home = new HomePage(page);
  await home.write('I would rather not place myself, but here is my view.');
  await page.getByRole('button', { name: 'Place myself on the spectrum' }).click();
  await expect(page.getByRole('slider', { name: 'Spectrum position' })).toBeVisible();
  await page.getByRole('button', { name: /Skip/ }).click();
  await expect(page.getByRole('slider')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place myself on the spectrum' })).toBeFocused();

  const sent = capturedAnswer(page);
  await home.submitButton.click();
  expect((await sent).spectrumPosition).toBeNull();
  await expect(page).toHaveURL(/\/responses\/\d+$/, { timeout: 10_000 });
  await expect(new ResponsesPage(page).response(name)).toContainText(
    'You did not place yourself on the spectrum.',
  );
  await context.close();
});
