import { expect, test } from '@playwright/test';
import { adminArea, contributions } from './pages/admin-page';
import { suggestAsSomeoneElse } from './pages/community';
import { axeViolations, undersizedTargets } from './pages/screen-checks';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

test('a person suggests and submits; an admin moderates both and finds them in the audit history', async ({
  browser,
  request,
}) => {
  // A long journey: sign-ins at production cost, several axe checks, each tab in turn.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const idea = `Should cities ban cars from their centres on weekends ${stamp}?`;
  const question = `Is it fair to tax sugar to pay for health care ${stamp}?`;
  const person = await visitor(browser);
  await new SetupPage(person.page).registerAsNewVisitor();
  const mine = contributions(person.page);
  await mine.suggest(idea);
  await expect(
    person.page.getByRole('list', { name: 'Your suggestions' }).getByText(idea),
  ).toBeVisible();
  expect(await axeViolations(person.page)).toEqual([]);
  await mine.submit(question);
  expect(await axeViolations(person.page)).toEqual([]);
  await person.context.close();

  const { context, page } = await visitor(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = adminArea(page);
  await admin.logIn();

  await admin.openTab('Ideas');
  const card = admin.idea(idea);
  await card.getByRole('button', { name: 'Vote up' }).click();
  await expect(card.getByRole('button', { name: 'Vote up' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await card.getByLabel('Reason (optional)').fill('Timely and open');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Idea Approved', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('approved', { exact: true })).toBeVisible();
  // A suggestion made meanwhile reaches the open board by itself (a live notice, no reload).
  const later = `Is a promise made under pressure still binding ${stamp}?`;
  await suggestAsSomeoneElse(request, later);
  await expect(admin.idea(later)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await undersizedTargets(page)).toEqual([]);

  await admin.openTab('Submit');
  const submission = admin.submission(question);
  await submission.getByLabel('Admin notes').fill('A duplicate of last week');
  await submission.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Submission Updated', { exact: true }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The tabs stay reachable by keyboard on a phone.
  await page.getByRole('tab', { name: 'Submit' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByLabel('Admin', { exact: true }).fill('admin');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const rows = admin.historyRows();
  await expect(rows.filter({ hasText: 'idea.approved' })).toContainText('Timely and open');
  await expect(rows.filter({ hasText: 'idea.voted' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'submission.reviewed' })).toContainText(
    'A duplicate of last week',
  );

  expect(await axeViolations(page)).toEqual([]);
  expect(await undersizedTargets(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('moderation-history.csv');
  await context.close();
});
