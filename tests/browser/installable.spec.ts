import { chromium, expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adopted } from './pages/adopted';
import { answerAsSomeoneElse } from './pages/community';
import { HomePage } from './pages/home-page';
import { keptForOffline } from './pages/offline';
import { decideConsentUpFront, SetupPage } from './pages/setup-page';

const shots = 'tests/artifacts/screenshots';

test.slow();

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

test('installable: Chromium finds nothing missing, and the manifest has its icons (maskable too), start URL, standalone display and theme colours', async ({
  request,
}) => {
  // A profile of its own: Chromium never offers to install from an incognito context.
  const profile = mkdtempSync(join(tmpdir(), 'boon-install-'));
  const { baseURL, launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL: baseURL!,
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto('/about');
    await adopted(page);
    // Chromium 156 asks no worker of an installable app, but Boon's promise is an app that
    // opens offline: a worker controls the page.
    await keptForOffline(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    const manifest = JSON.parse(data!) as Manifest;
    expect(manifest).toMatchObject({
      short_name: 'Boon',
      start_url: '/home',
      display: 'standalone',
      theme_color: '#f8f6f2',
    });
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(purposes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const fetched = await request.get(icon.src);
      expect(fetched.status(), icon.src).toBe(200);
      expect(fetched.headers()['content-type'], icon.src).toContain(icon.type);
    }
    // The browser's bar takes each theme's own canvas.
    const themeColours = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) =>
        metas.map((meta) => [meta.getAttribute('media'), meta.getAttribute('content')]),
      );
    expect(themeColours).toEqual([
      ['(prefers-color-scheme: light)', '#f8f6f2'],
      ['(prefers-color-scheme: dark)', '#141311'],
    ]);
    // The worker's script is asked for afresh every time.
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(worker.headers()['cache-control']).toBe('no-cache');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** What Chromium does once Boon may be installed: here made by hand, as headless never offers. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as { prompted?: number }).prompted =
          ((window as { prompted?: number }).prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });

for (const width of [390, 1280]) {
  test(`Install Boon: in Settings whenever the browser offers it; after the third day answered, never on the first (${width} px)`, async ({
    browser,
    request,
  }) => {
    await answerAsSomeoneElse(request, 'An answer so the discussion has someone in it.');
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      colorScheme: width < 600 ? 'dark' : 'light',
    });
    const page = await context.newPage();
    await new SetupPage(page).registerAsNewVisitor();

    // Settings says nothing of installing until the browser offers it.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install Boon' })).toHaveCount(0);
    await offerInstall(page);
    const install = page.getByRole('button', { name: 'Install Boon' });
    await expect(install).toBeVisible();
    await page.screenshot({ path: `${shots}/settings-install-${width}.png`, fullPage: true });
    await install.click();
    await expect
      .poll(() => page.evaluate(() => (window as { prompted?: number }).prompted))
      .toBe(1);
    // An offer is good for one dialog.
    await expect(install).toHaveCount(0);

    // A first day answered: the discussion offers nothing, even when the browser would.
    await page.goto('/home');
    await new HomePage(page).answer('My first answer here; Boon should not ask for more yet.');
    await offerInstall(page);
    await expect(page.getByRole('heading', { name: 'Explore More' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Keep Boon close' })).toHaveCount(0);

    // A third day answered (the streak as Boon tells it): the offer, once, until dismissed.
    await page.route('**/api/user/streak', async (route) => {
      const streak = await (await route.fetch()).json();
      await route.fulfill({ json: { ...streak, totalResponses: 3, currentStreak: 3 } });
    });
    await page.reload();
    await offerInstall(page);
    const offer = page.getByRole('complementary', { name: 'Keep Boon close' });
    await expect(offer).toBeVisible();
    await page.screenshot({
      path: `${shots}/discussion-install-offer-${width}.png`,
      fullPage: true,
    });
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await offerInstall(page);
    await expect(page.getByRole('heading', { name: 'Explore More' })).toBeVisible();
    await expect(offer).toHaveCount(0);
    await context.close();
  });
}

test('a new version is taken on the next navigation, as a page loaded afresh, with a short "Updated" note', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  // The consent sheet would cover the footer's links.
  await decideConsentUpFront(page);
  await page.goto('/about');
  await adopted(page);
  await keptForOffline(page);
  // A later visit: the page starts under the worker, and registers it again once loaded.
  await page.reload();
  await adopted(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/service-worker-[\w-]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  // A new version comes out (another script address is another version to the browser): it
  // installs beside the running one and waits.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await navigator.serviceWorker.register('/sw.js?next-version');
  });
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
    )
    .toBe('installed');
  // Nothing changes on the page until the person moves on.
  await expect(page.getByText('Updated: this is the newest version of Boon.')).toHaveCount(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByText('Updated: this is the newest version of Boon.')).toBeVisible();
  // That page came from the new version: loaded afresh, under the new worker.
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
    ),
  ).toBe('navigate');
  expect(
    await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).search),
  ).toBe('?next-version');
  await context.close();
});
