import { expect, test } from '@playwright/test';
import { MiniJourney } from './pages/mini-page';
import { AuthScreen } from './pages/onboarding';
import { uniqueEmail, visitor } from './pages/visitor';

// Today's dilemma on a fresh server is the bank's first: option 1 leads to a choice between
// two, the second of which has a single next step (it goes on by itself) that ends the
// journey as The Truth-Teller; option 2 ends at once as The Rule Keeper.

test('Mini needs an account: without one, /mini goes to /auth', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.goto('/mini');
  await expect(page).toHaveURL(/\/auth$/);
  await context.close();
});

test('a full journey: back, auto-advance, the result, share fallback, already done and reset', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // No Web Share API: sharing falls back to copying the text and link.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await page.goto('/auth');
  await new AuthScreen(page).signUpAndConfirm(uniqueEmail('mini'), 'long enough pw');
  const mini = new MiniJourney(page);
  await page.goto('/mini');
  await expect(page.getByRole('heading', { name: 'Today’s Dilemma' })).toBeVisible();
  await expect(mini.options()).toHaveCount(3);

  await mini.choose(0);
  await expect(page.getByText('What will you do next?')).toBeVisible();
  await expect(mini.options()).toHaveCount(2);
  await mini.goBack();
  await expect(mini.options()).toHaveCount(3);
  await mini.choose(0);
  await mini.choose(1);
  await expect(page.getByText('Your journey continues...')).toBeVisible();
  await expect(page.getByText('Journey complete. Analyzing your choices...')).toBeVisible();
  await mini.expectResult('truth-teller', 'The Truth-Teller');
  await expect(page.getByText('0 fellow travelers share your path today')).toBeVisible();

  await page.getByRole('button', { name: 'Share Your Journey' }).click();
  await expect(mini.toast('Copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('The Truth-Teller');
  expect(copied).toContain('/mini/result/truth-teller');

  await page.goto('/mini');
  await expect(page.getByText("You've already completed today's journey.")).toBeVisible();
  await page.getByRole('link', { name: 'View My Archetype' }).click();
  await mini.expectResult('truth-teller', 'The Truth-Teller');
  await page.goto('/mini');
  await mini.confirm('Reset & Retry');
  await expect(mini.toast('Result reset successfully')).toBeVisible();
  await expect(mini.options()).toHaveCount(3);
  await context.close();
});

test('with reduced motion the journey waits for nothing; Begin Anew starts it again', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/auth');
  await new AuthScreen(page).signUpAndConfirm(uniqueEmail('still'), 'long enough pw');
  const mini = new MiniJourney(page);
  await page.goto('/mini');
  await mini.choose(1);
  await mini.expectResult('rule-keeper', 'The Rule Keeper');
  await mini.confirm('Begin Anew');
  await expect(page).toHaveURL(/\/mini$/);
  await expect(mini.options()).toHaveCount(3);
  await page.goto('/mini/result/nobody');
  await expect(page.getByRole('heading', { name: 'Result Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Mini' }).click();
  await expect(page).toHaveURL(/\/mini$/);
  await context.close();
});

test('two fellow travelers talk in their archetype’s chat, messages arriving live', async ({
  browser,
}) => {
  const people = [];
  for (const who of ['ann', 'ben']) {
    const { context, page } = await visitor(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/auth');
    await new AuthScreen(page).signUpAndConfirm(uniqueEmail(who), 'long enough pw');
    await page.goto('/mini');
    const mini = new MiniJourney(page);
    await mini.choose(1);
    await mini.expectResult('rule-keeper', 'The Rule Keeper');
    await page.getByRole('tab', { name: 'Fellow Travelers' }).click();
    people.push({ context, page });
  }
  const [ann, ben] = people as [(typeof people)[0], (typeof people)[0]];
  await expect(ben.page.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await ann.page.getByLabel('Message your fellow travelers').fill('Rules keep us honest.');
  await ann.page.getByRole('button', { name: 'Send' }).click();
  const messages = (page: typeof ann.page) => page.getByRole('list', { name: 'Messages' });
  await expect(messages(ann.page).getByText('Rules keep us honest.')).toBeVisible();
  await expect(messages(ben.page).getByText('Rules keep us honest.')).toBeVisible();
  // Each is known by the nickname the server gave them: Ben reads Ann's, never his own, on it.
  const nicknameOf = async (page: typeof ann.page) => {
    const line = page.getByText(/^You are .+ here\.$/);
    await expect(line).toBeVisible();
    return (await line.locator('strong').textContent()) ?? '';
  };
  const [annName, benName] = [await nicknameOf(ann.page), await nicknameOf(ben.page)];
  expect(annName).not.toBe(benName);
  await expect(messages(ben.page).getByText(annName, { exact: true })).toBeVisible();
  for (const { context } of people) await context.close();
});

test('the legacy journey: questions with progress, the archetype card, Start Over', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await page.goto('/auth');
  await new AuthScreen(page).signUpAndConfirm(uniqueEmail('legacy'), 'long enough pw');
  await page.goto('/mini-legacy');
  const mini = new MiniJourney(page);
  await expect(page.getByText('Question 1')).toBeVisible();
  await expect(page.getByText('0 choices made')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  await mini.choose(0);
  await expect(page.getByText('Question 2')).toBeVisible();
  await expect(page.getByText('1 choices made')).toBeVisible();
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(page.getByText('Question 1')).toBeVisible();
  await mini.choose(1);
  await expect(page.getByRole('heading', { name: 'The Rule Keeper' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Core values' })).toBeVisible();
  await context.close();
});
