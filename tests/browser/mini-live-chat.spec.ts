import { expect, test } from '@playwright/test';
import { LiveChatPage } from './pages/live-chat-page';
import { MiniJourney } from './pages/mini-page';
import { AuthScreen } from './pages/onboarding';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail, visitor } from './pages/visitor';

test('two people in the live chat see each other and their messages arrive live', async ({
  browser,
}) => {
  // Ann walks today's journey first: her archetype is never shown beside her pseudonym (the
  // Mini promises that a path is not linked to a pseudonym).
  const ann = await visitor(browser);
  await ann.page.emulateMedia({ reducedMotion: 'reduce' });
  await ann.page.goto('/auth');
  await new AuthScreen(ann.page).signUpAndConfirm(uniqueEmail('live-ann'), 'long enough pw');
  await ann.page.goto('/mini');
  const mini = new MiniJourney(ann.page);
  await mini.choose(1);
  await mini.expectResult('rule-keeper', 'The Rule Keeper');
  const annChat = new LiveChatPage(ann.page);
  await annChat.open();
  await annChat.waitUntilConnected();

  // Ben only chose a pseudonym on this device.
  const ben = await visitor(browser);
  await ben.page.goto('/setup');
  const benName = await new SetupPage(ben.page).chooseFirstPseudonym();
  const benChat = new LiveChatPage(ben.page);
  await benChat.open();
  await expect(ben.page.getByText(`You take part as ${benName}.`)).toBeVisible();
  await benChat.waitUntilConnected();

  await expect(annChat.online().getByText(benName)).toBeVisible();
  await expect(benChat.online().getByRole('listitem')).not.toHaveCount(0);
  await expect(benChat.online()).not.toContainText('The Rule Keeper');

  await annChat.say('Rules are promises we keep together.');
  await expect(annChat.draft()).toHaveValue('');
  await expect(benChat.messages().getByText('Rules are promises we keep together.')).toBeVisible();
  await expect(
    benChat.messages().getByRole('listitem').filter({ hasText: 'Rules are promises' }),
  ).not.toContainText('The Rule Keeper');
  // Ben may report Ann's message; nobody may report their own.
  await expect(
    annChat.messages().getByRole('button', { name: /^Report the message by / }),
  ).toHaveCount(0);
  await benChat
    .messages()
    .getByRole('listitem')
    .filter({ hasText: 'Rules are promises' })
    .getByRole('button', { name: /^Report the message by / })
    .click();
  const report = ben.page.getByRole('dialog');
  await report.getByRole('radio', { name: /Off-topic/ }).click();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(
    benChat.messages().getByRole('listitem').filter({ hasText: 'Rules are promises' }),
  ).toContainText('Reported — thank you');

  // Shift+Enter breaks the line; Enter sends both lines as one message.
  await benChat.draft().fill('First line');
  await benChat.draft().press('Shift+Enter');
  await benChat.draft().pressSequentially('second line');
  await expect(benChat.draft()).toHaveValue('First line\nsecond line');
  await benChat.draft().press('Enter');
  await expect(annChat.messages().getByText(/First line\s+second line/)).toBeVisible();

  // Blank and over-long drafts are not sent.
  await benChat.draft().fill('   ');
  await benChat.draft().press('Enter');
  await expect(benChat.draft()).toHaveValue('   ');
  await benChat.draft().fill('x'.repeat(501));
  await expect(ben.page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await benChat.draft().press('Enter');
  await expect(benChat.draft()).toHaveValue('x'.repeat(501));
  await expect(ben.page.getByText('501 / 500: messages are 500 characters at most')).toBeVisible();

  await ben.context.close();
  await expect(annChat.online().getByText(benName)).toHaveCount(0);
  await ann.context.close();
});

test('the chat waits while connecting, and reconnects by itself when the connection drops', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await page.goto('/setup');
  await new SetupPage(page).chooseFirstPseudonym();
  let held = true;
  let drop: (() => Promise<void>) | null = null;
  await page.routeWebSocket('**/mini-chat', (ws) => {
    if (held) return; // The server is never reached: the page stays connecting.
    ws.connectToServer();
    drop = () => ws.close();
  });
  const chat = new LiveChatPage(page);
  await chat.open();
  await expect(chat.draft()).toBeDisabled();
  await expect(chat.draft()).toHaveAttribute('placeholder', 'Connecting to chat...');

  held = false;
  await page.reload();
  await chat.waitUntilConnected();
  await drop!();
  await expect(chat.draft()).toBeDisabled();
  await chat.waitUntilConnected();
  await chat.say('Back again after a drop.');
  await expect(chat.messages().getByText('Back again after a drop.')).toBeVisible();
  await context.close();
});

test('a browser without a pseudonym is asked to choose one first', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const chat = new LiveChatPage(page);
  await chat.open();
  await expect(page.getByText('Choose your pseudonym first')).toBeVisible();
  await context.close();
});
