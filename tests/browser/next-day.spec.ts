import { expect, test } from '@playwright/test';
import { adminArea, contributions } from './pages/admin-page';
import { ArchivePage } from './pages/archive-pages';
import { HomePage } from './pages/home-page';
import { SetupPage } from './pages/setup-page';
import { moveToNextDay } from './pages/test-clock';
import { visitor } from './pages/visitor';

// Runs on a server of its own, the only one with TEST_CLOCK (project 'next-day'): it moves
// that server's clock a day forward, which no other journey must see.
const COMMUNITY_NOTE = 'This question was submitted by a community member';

test('a submitted question, approved and scheduled for tomorrow, is Home’s question the next day; yesterday’s discussion opens from the archive', async ({
  browser,
}) => {
  test.setTimeout(120_000); // two people, an admin at production-cost sign-in, and a new day
  const stamp = Date.now().toString(36);
  const question = `Should neighbours share one lawnmower rather than own ten ${stamp}?`;
  const person = await visitor(browser);
  await new SetupPage(person.page).registerAsNewVisitor();
  await contributions(person.page).suggest(`Is it fair to keep a found wallet's cash ${stamp}?`);
  await contributions(person.page).submit(question);

  const { context, page } = await visitor(browser);
  const admin = adminArea(page);
  await admin.logIn();
  const tomorrow = await admin.tomorrow();
  await admin.openTab('Submit');
  const submission = admin.submission(question);
  await admin.choose(submission, 'Status', 'Approved');
  await submission.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Submission Updated', { exact: true }).first()).toBeVisible();
  await submission.getByRole('button', { name: 'Convert to Question' }).click();
  await expect(
    submission.getByText(/converted to Question #\d+, a draft not scheduled yet\./),
  ).toBeVisible();
  await admin.openTab('Schedule');
  const draft = admin.planned(question);
  await draft.getByRole('button', { name: 'Edit' }).click();
  await draft.getByLabel('Scheduled for').fill(tomorrow);
  await draft.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scheduled question updated').first()).toBeVisible();
  await expect(draft.getByText(tomorrow, { exact: true })).toBeVisible();
  await context.close();

  // Today's Home still asks the bank's question; the person answers it.
  const home = new HomePage(person.page);
  await person.page.goto('/home');
  const yesterday = await home.questionText();
  expect(yesterday).not.toBe(question);
  await home.answer('Yesterday I said that keeping a promise matters most.');

  expect(await moveToNextDay(person.page.request)).toBe(tomorrow);

  // A newcomer's Home, and the author's own, ask it with the community note.
  const newcomer = await visitor(browser);
  await new SetupPage(newcomer.page).registerAsNewVisitor();
  expect(await new HomePage(newcomer.page).questionText()).toBe(question);
  await expect(newcomer.page.getByText(COMMUNITY_NOTE, { exact: true })).toBeVisible();
  await newcomer.context.close();

  // On its day, and only then, the submission's line says its question is active.
  const moderator = await visitor(browser);
  await adminArea(moderator.page).logIn();
  await adminArea(moderator.page).openTab('Submit');
  await expect(
    adminArea(moderator.page)
      .submission(question)
      .getByText(/converted to Question #\d+ and is now active\./),
  ).toBeVisible();
  await moderator.context.close();

  await person.page.goto('/home');
  expect(await home.questionText()).toBe(question);
  await expect(person.page.getByText(COMMUNITY_NOTE, { exact: true })).toBeVisible();

  // Having answered the new day's question, the person opens yesterday's discussion from the
  // archive and finds their answer there.
  await home.answer('Today I think sharing tools builds trust between neighbours.');
  const archive = new ArchivePage(person.page);
  await archive.open();
  const past = archive.question(yesterday);
  await expect(past).not.toContainText('Active');
  await past.click();
  await expect(person.page).toHaveURL(/\/responses\/\d+$/);
  await expect(person.page.getByRole('heading', { level: 1 })).toHaveText(yesterday);
  await expect(
    person.page.getByText('Yesterday I said that keeping a promise matters most.'),
  ).toBeVisible();
  await person.context.close();
});
