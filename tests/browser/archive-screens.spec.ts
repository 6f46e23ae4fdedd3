import { expect, test } from '@playwright/test';
import { MyJourneyPage, QuestionsArchivePage } from './pages/archive-pages';
import { HomePage } from './pages/home-page';
import { AuthScreen } from './pages/onboarding';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail, visitor } from './pages/visitor';

test('My Journey leads through /question/{id} to the discussion, and its topic filter and search work', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  const home = new HomePage(page);
  const question = await home.questionText();
  const journey = new MyJourneyPage(page);

  await journey.open();
  const card = journey.question(question);
  await expect(card.getByRole('link', { name: 'Join Discussion' })).toBeVisible();
  await card.getByRole('link', { name: 'Join Discussion' }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await expect(page.getByText(/^Asked on /)).toBeVisible();
  await page.getByRole('link', { name: 'Join Discussion' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await home.answer('A journey is made of the questions we stop to answer honestly.');
  await journey.open();
  await expect(page.getByText('1 question in your journey')).toBeVisible();
  await expect(card.getByText('Responded')).toBeVisible();
  await expect(card).toContainText('A journey is made of the questions');
  await expect(journey.stat('Responses Shared')).toContainText('1');
  await expect(journey.stat('Topics Explored')).toContainText('1');

  const category = (await card.locator('span').first().textContent())!;
  await journey.chooseTopic(category);
  await expect(card).toBeVisible();
  await journey.search('no journey says this zzz');
  await expect(page.getByRole('heading', { name: 'No Questions Found' })).toBeVisible();
  await journey.search('STOP TO ANSWER');
  await expect(card).toBeVisible();

  await card.getByRole('link', { name: 'View Discussion' }).click();
  await expect(page).toHaveURL(/\/question\/\d+$/);
  await expect(page.getByText('Responded', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'View Discussion' }).click();
  await expect(page).toHaveURL(/\/responses\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await context.close();
});

test('the second archive marks answered questions and opens their discussion', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  const home = new HomePage(page);
  const question = await home.questionText();
  const archive = new QuestionsArchivePage(page);

  await archive.open();
  await expect(
    page.getByRole('heading', { name: "Join Today's Conversation First" }),
  ).toBeVisible();
  await page.goto('/home');
  await home.answer('An archive is a promise that what we said still matters later.');

  await archive.open();
  const card = archive.question(question);
  await expect(card.getByText('Responded')).toBeVisible();
  await expect(card.getByText(/^Asked on /)).toBeVisible();
  await expect(page.getByText(/^Showing 1 of 1 question$/)).toBeVisible();
  await card.getByRole('link', { name: 'Explore Responses' }).click();
  await expect(page).toHaveURL(/\/responses\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await context.close();
});

test('/personal/archive shows a pseudonymous person their answers and today’s discussion, and a signed-in one theirs', async ({
  browser,
}) => {
  const guest = await visitor(browser);
  await new SetupPage(guest.page).registerAsNewVisitor();
  await guest.page.goto('/personal/archive');
  await expect(
    guest.page.getByRole('heading', { level: 1, name: 'Your Response Archive' }),
  ).toBeVisible();
  // Before answering: today's question waits; after: today's discussion, and the answer listed.
  await expect(guest.page.getByText('Today’s question is waiting for you')).toBeVisible();
  await guest.page.getByRole('link', { name: 'Answer today’s question' }).click();
  await new HomePage(guest.page).answer('Kept on this device until I decide otherwise.');
  await guest.page.goto('/personal/archive');
  await expect(guest.page.getByText('Showing 1 of 1 response')).toBeVisible();
  await guest.page.getByRole('link', { name: 'Read today’s discussion' }).click();
  await expect(guest.page).toHaveURL(/\/responses\/\d+$/);
  await guest.page.goBack();
  await expect(guest.page.getByText('Kept on this device', { exact: true })).toBeVisible();
  await guest.context.close();

  const { context, page } = await visitor(browser);
  await page.goto('/auth');
  await new AuthScreen(page).signUpAndConfirm(uniqueEmail('archive'), 'long enough pw');
  await new SetupPage(page).chooseFirstPseudonym();
  await new HomePage(page).answer('What I keep, I keep because I chose to say it aloud.');
  await page.goto('/personal/archive');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your Response Archive' }),
  ).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 response')).toBeVisible();
  await expect(page.getByText('0 echoes')).toBeVisible();
  await expect(page.getByText(/^Responded on /)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like this zzz');
  await expect(page.getByRole('heading', { name: 'No Responses Found' })).toBeVisible();
  await context.close();
});

test('an answer is dated by its product day on every screen, whatever the UTC date of its writing', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('Written late in the evening, after midnight in UTC.');
  // As it is between midnight UTC and the product day's start: the next UTC date.
  await page.route('**/api/archive/responses', async (route) => {
    const answers = (await (await route.fetch()).json()) as { day: string; dateAdded: string }[];
    const nextUtcDay = (day: string) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await route.fulfill({
      json: answers.map((a) => ({ ...a, dateAdded: `${nextUtcDay(a.day)}T05:00:00.000Z` })),
    });
  });
  const journey = new MyJourneyPage(page);
  await journey.open();
  const card = page.getByRole('article').filter({ hasText: 'Written late in the evening' });
  const day = (await card.getByText(/^\w+day, \w+ \d+, \d{4}$/).textContent())!;
  await page.goto('/my-responses');
  await expect(page.getByRole('article', { name: 'Response #1' })).toContainText(day);
  await page.goto('/personal/archive');
  await expect(page.getByText(`Responded on ${day}`)).toBeVisible();
  await context.close();
});
