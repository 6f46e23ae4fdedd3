import { expect, test } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { AuthScreen } from './pages/onboarding';
import { ProfileHeader, ProfilePage } from './pages/profile-page';
import { SetupPage } from './pages/setup-page';
import { uniqueEmail, visitor } from './pages/visitor';

test('the profile shows who you are, your echoes today and its tabs, Shared included', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const pseudonym = await new SetupPage(page).registerAsNewVisitor();
  const header = new ProfileHeader(page);
  await new ProfilePage(page).open();
  await expect(page.getByRole('heading', { level: 1, name: pseudonym })).toBeVisible();
  await expect(page.getByText(/^Member of the Community since /)).toBeVisible();
  for (const link of ['Settings', 'Privacy Policy', 'Terms of Use']) {
    await expect(header.links.getByRole('link', { name: link })).toBeVisible();
  }
  await expect(header.links.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Daily Echo Engagement' })).toBeVisible();
  await expect(page.getByText('0 of 10 echoes used today · 10 remaining')).toBeVisible();
  for (const tab of ['Progress', 'Journal', 'Shared']) await expect(header.tab(tab)).toBeVisible();

  await header.tab('Shared').click();
  await expect(page.getByRole('heading', { name: 'Share Your Voice First' })).toBeVisible();
  await context.close();
});

test('a badge toast reaches the person live on another page, in another tab', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new SetupPage(page).registerAsNewVisitor();
  const elsewhere = await context.newPage();
  await elsewhere.goto('/my-journey');
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'My Journey' })).toBeVisible();

  await page.goto('/home');
  const home = new HomePage(page);
  await home.write('A first answer is a small promise to keep thinking aloud.');
  // The page that answered tells of the badge in its celebration, or, when the award arrives
  // after that, by a toast on the discussion: seen in one of the two.
  const told: Promise<string>[] = [
    page
      .getByRole('list', { name: 'Badges this answer earned' })
      .getByText('First Voice')
      .waitFor({ timeout: 15_000 })
      .then(() => 'celebration'),
    page
      .getByText('Badge earned: First Voice', { exact: true })
      .waitFor({ timeout: 15_000 })
      .then(() => 'toast'),
  ];
  await home.submitButton.click();
  expect(['celebration', 'toast']).toContain(await Promise.any(told));
  await expect(elsewhere.getByText('Badge earned: First Voice', { exact: true })).toBeVisible();
  await context.close();
});

test('Sign Out on the profile lands on a signed-out screen with the ways on', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  await new AuthScreen(page).signUpAndConfirm(uniqueEmail('profile'), 'long enough pw');
  const name = await new SetupPage(page).chooseFirstPseudonym();
  await new ProfilePage(page).open();
  await new ProfileHeader(page).links.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You’re signed out' })).toBeVisible();
  await expect(page.getByText(`no longer takes part as ${name}`)).toBeVisible();
  // No toast repeats what the screen says.
  await expect(page.getByText('Signed out', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Continue without an account' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await context.close();
});
