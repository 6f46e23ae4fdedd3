import { expect, test } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { ProfilePage } from './pages/profile-page';
import { SetupPage } from './pages/setup-page';

test('the streak panel starts, grows with an answer and shows the badge earned, in a list that Hide folds and Show opens', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const profile = new ProfilePage(page);
  await new SetupPage(page).registerAsNewVisitor();
  await profile.open();
  await expect(page.getByRole('heading', { name: 'Start Your Streak' })).toBeVisible();
  const answer = page.getByRole('link', { name: "Answer Today's Question" });
  await expect(answer).toHaveAttribute('href', '/home');

  await page.goto('/home');
  await new HomePage(page).answer('Fairness sometimes asks us to give up a small advantage.');
  await profile.open();
  await expect(page.getByRole('heading', { name: '1 day streak' })).toBeVisible();
  await expect(page.getByText('Building momentum...')).toBeVisible();
  const activity = page.getByRole('region', { name: 'Your activity' });
  await expect(activity).toContainText('0/10');
  await expect(activity).toContainText('10 remaining');
  await expect(page.getByRole('progressbar', { name: /^Next milestone/ })).toHaveAttribute(
    'aria-valuenow',
    '33',
  );
  // Earned badges are in view when the page opens, in the spec's collapsible list: Hide folds
  // it away, Show brings it back, the button saying which and staying where the keyboard is.
  const list = page.getByRole('list', { name: 'Your badges' });
  await expect(list).toContainText('First Voice');
  const hide = page.getByRole('button', { name: 'Hide' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await hide.focus();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  const show = page.getByRole('button', { name: 'Show' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await expect(show).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Badges earned (1)' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(list).toContainText('First Voice');
  await context.close();
});

test('a journal entry is written with a custom mood and tags, edited, and deleted', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const profile = new ProfilePage(page);
  await new SetupPage(page).registerAsNewVisitor();
  await profile.open();
  await profile.showJournal();
  await expect(page.getByRole('heading', { name: 'Your journal is empty' })).toBeVisible();

  await profile.write({
    title: 'Evening thoughts',
    content: 'I was patient with my brother today.',
    customMood: 'quietly proud',
    tags: ['family', 'patience'],
  });
  // The first entry earns a badge: the reactor awards it and the page hears of it live, once
  // the 'Journal entry saved' toast has had its turn.
  await expect(page.getByText('Badge earned: Quiet Reflection', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  const entry = profile.entry('Evening thoughts');
  await expect(entry).toContainText('quietly proud');
  await expect(entry).toContainText('#family');
  await expect(entry).toContainText('#patience');

  await profile.edit('Evening thoughts', 'I was patient, and it was worth it.');
  await expect(entry).toContainText('I was patient, and it was worth it.');
  await page.reload();
  await profile.showJournal();
  await expect(entry).toContainText('I was patient, and it was worth it.');

  await profile.delete('Evening thoughts');
  await expect(entry).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your journal is empty' })).toBeVisible();
  await context.close();
});
