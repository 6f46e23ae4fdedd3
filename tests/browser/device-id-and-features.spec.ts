import { expect, test } from '@playwright/test';
import { SetupPage } from './pages/setup-page';
import { visitor } from './pages/visitor';

test('the device id (a bearer secret) never appears in a URL the app requests', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await new SetupPage(page).registerAsNewVisitor();
  const deviceId = (await page.evaluate(() => localStorage.getItem('boon-device-id')))!;
  // A later visit looks the device up; settings read and save it.
  await page.evaluate(() => localStorage.removeItem('boon-device-registered'));
  // Home arrives with its question in the HTML, before its code: the lookup is waited for
  // itself (leaving as soon as the question showed, the test once left before the code ran).
  const lookedUp = page.waitForRequest((request) =>
    request.url().includes('/api/device/me/pseudonym'),
  );
  await page.goto('/home');
  await lookedUp;
  await expect(page.locator('#question')).toBeVisible();
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Show Activity' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Updated', { exact: true }).first()).toBeVisible();
  expect(urls.some((url) => url.includes('/api/device/me/pseudonym'))).toBe(true);
  expect(urls.some((url) => url.includes('/api/user/settings/me'))).toBe(true);
  expect(urls.filter((url) => url.includes(deviceId))).toEqual([]);
  await context.close();
});

test('camera, microphone and location are switched off, and the policy parses cleanly', async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const policyErrors: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Permissions-Policy')) policyErrors.push(message.text());
  });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const allowed = await page.evaluate(() => {
    const policy = (
      document as Document & { featurePolicy?: { allowsFeature(name: string): boolean } }
    ).featurePolicy;
    return ['camera', 'microphone', 'geolocation', 'payment'].map((f) => policy?.allowsFeature(f));
  });
  expect(allowed).toEqual([false, false, false, false]);
  expect(policyErrors).toEqual([]);
  await context.close();
});
