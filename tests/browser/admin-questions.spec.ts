import { expect, test } from '@playwright/test';
import { adminArea, contributions } from './pages/admin-page';
import { axeViolations, undersizedTargets } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

test('an admin approves a submission, converts it and schedules it for tomorrow, on a phone', async ({
  browser,
}) => {
  // A long journey: sign-ins at production cost, several axe checks, each tab in turn.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const question = `Should libraries lend tools as well as books ${stamp}?`;
  const person = await visitor(browser);
  await new SetupPage(person.page).registerAsNewVisitor();
  await contributions(person.page).submit(question);
  await person.context.close();

  const { context, page } = await visitor(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = adminArea(page);
  await admin.logIn();
  const tomorrow = await admin.tomorrow();

  await admin.openTab('Generate');
  await page.getByRole('button', { name: 'Generate Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Relevant event:')).toBeVisible();
  await expect(preview.getByText('Reasoning:')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await undersizedTargets(page)).toEqual([]);

  await admin.openTab('Submit');
  const submission = admin.submission(question);
  await submission.getByRole('button', { name: 'Convert to Question' }).click();
  await expect(
    page.getByText('Only approved submissions can be converted to questions').first(),
  ).toBeVisible();
  await admin.choose(submission, 'Status', 'Approved');
  await submission.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Submission Updated', { exact: true }).first()).toBeVisible();
  await submission.getByRole('button', { name: 'Convert to Question' }).click();
  // A draft is not active: the line says what the question is now.
  await expect(
    submission.getByText(/converted to Question #\d+, a draft not scheduled yet\./),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await admin.openTab('Schedule');
  const draft = admin.planned(question);
  await expect(draft.getByText('draft', { exact: true })).toBeVisible();
  await draft.getByRole('button', { name: 'Edit' }).click();
  await draft.getByLabel('Scheduled for').fill(tomorrow);
  await draft.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scheduled question updated').first()).toBeVisible();
  await expect(draft.getByText(tomorrow, { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await undersizedTargets(page)).toEqual([]);

  // The tabs stay reachable by keyboard on a phone.
  await page.getByRole('tab', { name: 'Schedule' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Manage' })).toHaveAttribute('aria-selected', 'true');
  const row = admin.questionRow(question);
  await expect(row.getByText('scheduled', { exact: true })).toBeVisible();
  await expect(row.getByText('From a submission')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await admin.openTab('Audit');
  await page.getByLabel('Admin', { exact: true }).fill('admin');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const rows = admin.historyRows();
  await expect(rows.filter({ hasText: 'submission.used' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'question.drafted' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'question.edited' })).toContainText(tomorrow);

  await admin.openTab('Admins');
  await expect(
    page.getByRole('list', { name: 'Admins' }).getByText('admin', { exact: true }),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The standalone pages reuse the tabs and ask for the same token.
  await page.goto('/admin/submissions');
  await expect(page.getByRole('heading', { name: 'Submissions' })).toBeVisible();
  // Scheduled since it was converted: the line follows the question.
  const day = new Date(`${tomorrow}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(
    admin.submission(question).getByText(`, scheduled for ${day}.`, { exact: false }),
  ).toBeVisible();
  await page.goto('/admin/brainstorm');
  await expect(page.getByRole('heading', { name: 'Brainstorm board' })).toBeVisible();
  await context.close();

  const stranger = await visitor(browser);
  await stranger.page.goto('/admin/submissions');
  await expect(stranger.page).toHaveURL(/\/admin-login$/);
  await stranger.context.close();
});
