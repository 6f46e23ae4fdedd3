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
  await new HomePage(page).answer('A first answer is a small promise to keep thinking aloud.');
  await expect(elsewhere.getByText('Badge earned: First Voice', { exact: true })).toBeVisible();
  await expect(page.getByText('Badge earned: First Voice', { exact: true })).toBeVisible({
    timeout: 10_000,
  });
  await context.close();
});

test('Sign Out on the profile ends the session and goes home', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await new AuthScreen(page).signUpAndConfirm(uniqueEmail('profile'), 'long enough pw');
  await new SetupPage(page).chooseFirstPseudonym();
  await new ProfilePage(page).open();
  // Sign Out goes to /home; the browser is then a fresh anonymous device, which /home may
  // already have sent on to setup by the time the URL is read: the way it went is what counts.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await new ProfileHeader(page).links.getByRole('button', { name: 'Sign Out' }).click();
  await expect.poll(() => visited).toContain('/home');
  await page.goto('/personal/archive');
  await expect(page).toHaveURL(/\/auth$/);
  await context.close();
});
