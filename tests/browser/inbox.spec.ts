import { expect, test, type Browser } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { NotificationsPage } from './pages/notifications-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';

const newVisitor = async (browser: Browser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = await new SetupPage(page).registerAsNewVisitor();
  return {
    context,
    page,
    name,
    home: new HomePage(page),
    responses: new ResponsesPage(page),
    inbox: new NotificationsPage(page),
  };
};

test('a reply reaches the author’s bell live; opening it marks it read', async ({ browser }) => {
  const ana = await newVisitor(browser);
  await ana.home.answer('A promise is a plan other people make around you.');
  const ben = await newVisitor(browser);
  await ben.home.answer('Sometimes breaking a small promise keeps a larger one.');

  // Ana's first answer earned a badge: that is in her inbox already.
  await expect(ana.inbox.bell).toBeVisible();
  await ana.inbox.expectUnread(1);
  const before = await ana.inbox.unread();

  // Ben replies to Ana's answer from his own browser.
  const card = ben.responses.response(ana.name);
  await card.getByRole('button', { name: /repl/ }).click();
  await card.getByLabel('Write a reply').fill('Even when the plan changes without you?');
  await card.getByRole('button', { name: 'Reply', exact: true }).click();

  // Ana's bell counts it without a reload.
  await ana.inbox.expectUnread(before + 1, 10_000);
  await ana.inbox.open();
  const reply = ana.inbox.item(`${ben.name} replied to your answer (unread)`);
  await expect(reply).toBeVisible();
  await expect(ana.inbox.list).toContainText(
    `@${ana.name} Even when the plan changes without you?`,
  );
  await ana.page.screenshot({ path: 'tests/artifacts/screenshots/inbox-1280-light.png' });

  // Opening it goes to the discussion and marks it read, on the bell too.
  await reply.click();
  await expect(ana.page).toHaveURL(/\/responses\/\d+$/);
  await ana.inbox.expectUnread(before);
  await ana.inbox.open();
  await expect(ana.inbox.item(`${ben.name} replied to your answer`)).toBeVisible();
  await expect(ana.inbox.item(/replied to your answer \(unread\)/)).toHaveCount(0);

  // Mark all read empties the bell's count.
  await ana.page.getByRole('button', { name: 'Mark all read' }).click();
  await ana.inbox.expectUnread(0);
  await expect(ana.page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  // Ben, who wrote the reply, has nothing of it in his inbox.
  await ben.inbox.open();
  await expect(ben.inbox.item(/replied/)).toHaveCount(0);

  await ana.context.close();
  await ben.context.close();
});

test('the inbox and its settings at 390 and 1280 px, in both themes', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: 844 },
        colorScheme,
      });
      const page = await context.newPage();
      await new SetupPage(page).registerAsNewVisitor();
      await new HomePage(page).answer('Promises are how strangers learn to rely on each other.');
      const inbox = new NotificationsPage(page);
      await inbox.expectUnread(1);
      await inbox.open();
      await expect(inbox.item(/You earned the First Voice badge/)).toBeVisible();
      await page.screenshot({
        path: `tests/artifacts/screenshots/inbox-${width}-${colorScheme}.png`,
      });
      await page.goto('/settings#notifications');
      const section = page.getByRole('region', { name: 'Notifications', exact: true });
      await expect(section.getByRole('switch', { name: 'Echoes of your answers' })).toBeChecked();
      await section.getByRole('switch', { name: 'Echoes of your answers' }).click();
      await expect(page.getByText('Settings Updated', { exact: true })).toBeVisible();
      await expect(
        section.getByRole('switch', { name: 'Echoes of your answers' }),
      ).not.toBeChecked();
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `tests/artifacts/screenshots/notification-settings-${width}-${colorScheme}.png`,
        fullPage: true,
      });
      await context.close();
    }
  }
});
