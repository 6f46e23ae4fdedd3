import { expect, test, type Browser } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';

const newVisitor = async (browser: Browser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  return { context, page, name, home: new HomePage(page), responses: new ResponsesPage(page) };
};

test('a reaction appears live for the author; the reader can take it back; a refusal rolls it back', async ({
  browser,
}) => {
  const ana = await newVisitor(browser);
  await ana.home.answer('Trust grows when people keep small promises, even inconvenient ones.');
  const ben = await newVisitor(browser);
  await ben.home.answer('Honesty about a broken promise beats pretending it never mattered.');

  // No reacting to one's own answer.
  await expect(
    ben.responses.response(ben.name).getByRole('button', { name: /^React with/ }),
  ).toHaveCount(0);

  const insightful = ben.responses
    .response(ana.name)
    .getByRole('button', { name: /^React with Insightful/ });
  await expect(insightful).toHaveAttribute('aria-pressed', 'false');
  // Drawn as an icon, named by its meaning: an emoji is an empty box without a colour-emoji font.
  await expect(insightful.locator('svg')).toHaveCount(1);
  await expect(insightful).not.toContainText('💡');
  await insightful.click();
  await expect(insightful).toHaveAttribute('aria-pressed', 'true');
  await expect(insightful).toHaveAccessibleName(/1 Insightful reaction\)/);

  // Ana's open page shows it without reloading.
  const received = ana.responses
    .response(ana.name)
    .getByRole('list', { name: 'Reactions to your response' });
  await expect(received).toContainText('1 Insightful reaction', { timeout: 5_000 });

  // Ben takes it back; it leaves Ana's card.
  await insightful.click();
  await expect(insightful).toHaveAttribute('aria-pressed', 'false');
  await expect(received).toHaveCount(0, { timeout: 5_000 });

  // When the server says no, the optimistic press moves back and says why.
  await ben.page.route('**/reactions', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Unavailable', detail: 'Try again in a moment.', status: 503 }),
    }),
  );
  const moved = ben.responses
    .response(ana.name)
    .getByRole('button', { name: /^React with Moving/ });
  await moved.click();
  await expect(ben.page.getByText('Error saving your reaction', { exact: true })).toBeVisible();
  await expect(moved).toHaveAttribute('aria-pressed', 'false');
  await expect(moved).toHaveAccessibleName(/\(0 Moving reactions\)/);

  await ana.context.close();
  await ben.context.close();
});
