import { expect, test, type Page } from '@playwright/test';
import { AuthScreen } from './pages/onboarding';
import { uniqueEmail, visitor } from './pages/visitor';

type StoredSession = { refresh_token: string } | null;

const storedSession = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('boon-auth-session') ?? 'null') as StoredSession,
  );

test('the session refreshes itself when 90 s or less remain', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.clock.install();
  const auth = new AuthScreen(page);
  await page.goto('/auth');
  await auth.signUpAndConfirm(uniqueEmail('tick'), 'long enough pw');
  const stored = () => storedSession(page);
  const first = (await stored())!.refresh_token;

  // Ten minutes in, 5 minutes remain: no refresh yet.
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.method());
  });
  await page.clock.fastForward('10:00');
  expect(refreshes).toEqual([]);

  // Past 13:30 the 30-second tick finds 90 s or less left and rotates the refresh token.
  await page.clock.fastForward('04:00');
  await expect.poll(() => refreshes.length).toBe(1);
  await expect.poll(async () => (await stored())?.refresh_token).not.toBe(first);
  await context.close();
});

test('a refresh whose answer is lost is retried, and the session lives on', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.clock.install();
  await page.goto('/auth');
  await new AuthScreen(page).signUpAndConfirm(uniqueEmail('lost'), 'long enough pw');
  const stored = () => storedSession(page);
  const first = (await stored())!;

  // The first exchange reaches the server, which rotates the token; the answer never arrives.
  let exchanges = 0;
  await page.route('**/api/auth/refresh', async (route) => {
    exchanges++;
    if (exchanges === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await page.clock.fastForward('14:00');
  await expect.poll(() => exchanges).toBeGreaterThanOrEqual(2);
  const state = async () => {
    const now = await stored();
    if (!now) return 'signed out';
    return now.refresh_token === first.refresh_token ? 'unchanged' : 'renewed';
  };
  await expect.poll(state).toBe('renewed');
  const renewed = (await stored())!;

  // The retried answer is a live session: the server still knows it.
  await page.unroute('**/api/auth/refresh');
  const check = await page.request.post('/api/auth/refresh', {
    data: { refresh_token: renewed.refresh_token },
  });
  expect(check.status()).toBe(200);
  await context.close();
});
