import { expect, test, type Browser } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';

const shots = 'tests/artifacts/screenshots';

const newVisitor = async (browser: Browser, colorScheme: 'light' | 'dark' = 'light') => {
  const context = await browser.newContext({ colorScheme });
  const page = await context.newPage();
  return {
    context,
    page,
    setup: new SetupPage(page),
    home: new HomePage(page),
    responses: new ResponsesPage(page),
  };
};

test('a new visitor answers today’s question, and another visitor’s answer appears live', async ({
  browser,
}) => {
  const bea = await newVisitor(browser);
  const beaName = await bea.setup.registerAsNewVisitor();
  const question = await bea.home.questionText();
  await bea.page.screenshot({ path: `${shots}/home-light.png`, fullPage: true });
  await bea.home.answer(
    'Keeping a promise matters because other people plan their lives around it.',
  );
  await expect(bea.page.getByRole('heading', { level: 1 })).toHaveText(question);
  await expect(bea.responses.response(beaName)).toContainText('Your response');
  // Other journeys share the server and the day: count relative to what is there now.
  const before = await bea.responses.count();

  const ari = await newVisitor(browser, 'dark');
  const ariName = await ari.setup.registerAsNewVisitor();
  await ari.page.screenshot({ path: `${shots}/home-dark.png`, fullPage: true });
  await ari.home.answer(
    'Sometimes breaking a small promise prevents a much larger harm. They say we use 10% of our brain; promises take the rest.',
  );

  // Bea never reloads: Ari's answer arrives over the ws notice.
  await expect(bea.responses.response(ariName)).toBeVisible({ timeout: 5_000 });
  await bea.responses.expectCount(before + 1);
  // It repeats a well-known claim: a note says what the evidence says, and its sources
  // (fetched only now that an answer on the page needs them) open on request.
  const note = bea.responses.response(ariName).getByRole('complementary', { name: 'Fact Check' });
  await expect(note).toContainText('We do not use only 10% of our brains.');
  await note.getByRole('button', { name: 'Learn more' }).click();
  await expect(note).toContainText('Brain imaging shows activity');
  await expect(
    note.getByRole('link', { name: 'Ten percent of the brain myth (Wikipedia)' }),
  ).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Ten_percent_of_the_brain_myth');
  await bea.page.screenshot({ path: `${shots}/responses-light.png`, fullPage: true });
  await ari.responses.expectCount(before + 1);
  await ari.page.screenshot({ path: `${shots}/responses-dark.png`, fullPage: true });

  await bea.context.close();
  await ari.context.close();
});

test('the response form counts words and holds back 1–2 word answers', async ({ browser }) => {
  const visitor = await newVisitor(browser);
  await visitor.setup.registerAsNewVisitor();
  await visitor.home.responseBox.fill('too short');
  await expect(visitor.page.getByText('2/750 words')).toBeVisible();
  await expect(visitor.page.getByText('Please write at least 3 words')).toBeVisible();
  await expect(visitor.home.submitButton).toBeDisabled();
  await visitor.home.responseBox.fill(Array.from({ length: 751 }, () => 'word').join(' '));
  await expect(visitor.page.getByText('Response exceeds 750 word limit')).toBeVisible();
  await expect(visitor.home.submitButton).toBeDisabled();
  await visitor.home.responseBox.fill('now three words');
  await expect(visitor.page.getByText('3/750 words')).toBeVisible();
  await expect(visitor.home.submitButton).toBeEnabled();
  await visitor.context.close();
});

test('someone who has not answered sees “Share Your Voice First”, and unknown paths a 404 page', async ({
  browser,
}) => {
  const author = await newVisitor(browser);
  await author.setup.registerAsNewVisitor();
  await author.home.answer('An answer so the question has responses.');
  const path = new URL(author.page.url()).pathname;

  const reader = await newVisitor(browser);
  await reader.setup.registerAsNewVisitor();
  await reader.page.goto(path);
  await expect(reader.page.getByRole('heading', { name: 'Share Your Voice First' })).toBeVisible();
  await reader.page.goto('/no/such/page');
  await expect(reader.page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await author.context.close();
  await reader.context.close();
});
