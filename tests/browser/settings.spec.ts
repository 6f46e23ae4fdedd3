import { expect, test } from '@playwright/test';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

test('an unsaved Show Activity change is not dropped in silence', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const name = await new SetupPage(page).registerAsNewVisitor();
  await page.goto('/settings');
  // One name per person, told the same way: the one chosen, the only one others see.
  await expect(page.getByLabel('Pseudonym')).toHaveValue(name);
  await expect(
    page.getByText(/^The name you chose when you joined, and the only one others see/),
  ).toBeVisible();
  await expect(page.getByText(/automatically assigned/i)).toHaveCount(0);
  const toggle = page.getByRole('switch', { name: 'Show Activity' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByText('Unsaved change')).toBeVisible();

  // Leaving asks; Stay keeps the change on screen.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Save your change?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay here' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  // Save and leave saves it, then goes.
  await nav.getByRole('link', { name: 'Home' }).click();
  await dialog.getByRole('button', { name: 'Save and leave' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/settings');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  // Discard leaves it as it was.
  await toggle.click();
  await page.getByRole('link', { name: 'About', exact: true }).first().click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goto('/settings');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  // The browser's Back is held too: the address stays until the person decides.
  await nav.getByRole('link', { name: 'Profile' }).click();
  await page
    .getByRole('navigation', { name: 'Profile links' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await toggle.click();
  await page.goBack();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);
  await dialog.getByRole('button', { name: 'Stay here' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.goBack();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // Forward to the page left is an ordinary move again: nothing unsaved, nothing asked.
  await page.goForward();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(dialog).toBeHidden();
  await context.close();
});
