import { expect, test } from '@playwright/test';
import { answerAsSomeoneElse, replyAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { ResponsesPage } from './pages/responses-page';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

test('deleting your response asks first; Cancel keeps it, Delete removes it', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const name = await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('Something I might take back later, after all.');
  const card = new ResponsesPage(page).response(name);

  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your response?' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete this response? This action cannot be undone.',
  );
  // Focus starts on the safe choice.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete' })).toBeFocused();

  await card.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete response' }).click();
  await expect(page.getByText('Response deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
});

test('deleting a reply asks first, and Cancel keeps it', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const name = await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('An answer to hang a reply on.');
  const card = new ResponsesPage(page).response(name);
  await card.getByRole('button', { name: /repl/ }).click();
  await card.getByLabel('Write a reply').fill('A second thought of mine.');
  await card.getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = card.getByRole('list', { name: 'Replies' });
  await expect(replies.getByRole('listitem')).toHaveCount(1);

  await replies.getByRole('button', { name: /Delete your reply/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your reply?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(replies.getByRole('listitem')).toHaveCount(1);
  await replies.getByRole('button', { name: /Delete your reply/ }).click();
  await dialog.getByRole('button', { name: 'Delete reply' }).click();
  await expect(replies.getByRole('listitem')).toHaveCount(0);
  await context.close();
});

test('what to fix in an answer shows next to the text box, is announced, and goes when fixed', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  const home = new HomePage(page);
  await home.submitButton.click();
  const error = page.getByText('Please write something before submitting.');
  await expect(error).toBeVisible();
  await expect(home.responseBox).toHaveAttribute('aria-invalid', 'true');
  await expect(home.responseBox).toBeFocused();
  const errorId = await error.evaluate((el) => el.closest('[id]')!.id);
  expect(await home.responseBox.getAttribute('aria-describedby')).toContain(errorId);
  await expect(page.locator(`[id="${errorId}"]`)).toHaveAttribute('aria-live', 'assertive');
  // A toast says what happened, never what to fix.
  await expect(page.getByText('Empty response', { exact: true })).toHaveCount(0);

  await home.responseBox.fill('Now it says something.');
  await expect(error).toHaveCount(0);
  await expect(home.responseBox).not.toHaveAttribute('aria-invalid', 'true');

  // A refusal about the text from the server lands there too, and the text is kept.
  await page.route('**/api/responses', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Response refused',
        status: 422,
        detail: 'Please keep it civil.',
        field: 'content',
      }),
    }),
  );
  await home.submitButton.click();
  await expect(page.getByText('Please keep it civil.')).toBeVisible();
  await expect(home.responseBox).toHaveValue('Now it says something.');
  await expect(page.getByText('Error submitting response', { exact: true })).toHaveCount(0);
  await context.close();
});

test('an empty reply is held back with a message next to the reply box', async ({
  browser,
  request,
}) => {
  await answerAsSomeoneElse(request, 'Someone else’s answer for this reply test.');
  const { context, page } = await visitor(browser);
  const name = await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('My answer, so I may read and reply.');
  const card = new ResponsesPage(page).response(name);
  await card.getByRole('button', { name: /repl/ }).click();
  await card.getByRole('button', { name: 'Reply', exact: true }).click();
  const box = card.getByLabel('Write a reply');
  await expect(card.getByText('Please write something before submitting.')).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await box.fill('Better now.');
  await expect(card.getByText('Please write something before submitting.')).toHaveCount(0);
  await context.close();
});

test('replying to your own answer does not mention yourself; replying to another does', async ({
  browser,
  request,
}) => {
  const { context, page } = await visitor(browser);
  const name = await new SetupPage(page).registerAsNewVisitor();
  await new HomePage(page).answer('An answer I will add to myself.');
  const card = new ResponsesPage(page).response(name);
  await card.getByRole('button', { name: /repl/ }).click();
  await card.getByLabel('Write a reply').fill('One more thing I forgot to say.');
  await card.getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = card.getByRole('list', { name: 'Replies' });
  await expect(replies).toContainText('One more thing I forgot to say.');
  await expect(replies).not.toContainText(`@${name}`);

  const ownId = await card.evaluate((el) => el.id.replace(/^response-/, ''));
  await replyAsSomeoneElse(request, ownId, 'And what would you do instead?');
  await expect(replies).toContainText(`@${name} And what would you do instead?`, {
    timeout: 5_000,
  });
  await context.close();
});
